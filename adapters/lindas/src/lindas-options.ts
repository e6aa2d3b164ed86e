import { instanceIdParam, networkOptionsShape } from '@opendata-mcp/core';
import { z } from 'zod';
import { LANGUAGES } from './language.js';

export const DEFAULT_LINDAS_ENDPOINT = 'https://lindas.admin.ch/query';

/** Configuration of one LINDAS adapter instance; validated once, in one place. */
export const LindasOptionsSchema = z
  .object({
    id: instanceIdParam('lindas'),
    url: z.string().url().default(DEFAULT_LINDAS_ENDPOINT).describe('SPARQL endpoint (query URL).'),
    ...networkOptionsShape,
    language: z.enum(LANGUAGES).default('de').describe('Default language when a call does not name one.'),
  })
  .strict();

export type LindasOptions = z.output<typeof LindasOptionsSchema>;
