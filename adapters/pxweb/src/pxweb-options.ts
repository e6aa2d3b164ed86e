import { instanceIdParam, networkOptionsShape } from '@opendata-mcp/core';
import { z } from 'zod';

export const DEFAULT_PXWEB_URL = 'https://statistikdatabasen.scb.se/api/v2';

/** Options of one PxWeb portal instance; strict, so a typo in a config file fails at start-up. */
export const PxwebOptionsSchema = z
  .object({
    id: instanceIdParam('pxweb'),
    url: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL')
      .default(DEFAULT_PXWEB_URL)
      .describe(
        'API base without the language: "https://statistikdatabasen.scb.se/api/v2" (v2) or "https://pxdata.stat.fi/PxWeb/api/v1" (v1).',
      ),
    api_version: z
      .enum(['v1', 'v2'])
      .optional()
      .describe('PxWeb API generation; by default "v2" when the URL path ends in /v2, else "v1".'),
    title: z.string().min(1).max(120).optional().describe('Human name of the portal (default: its host).'),
    language: z
      .string()
      .regex(/^[a-z]{2}$/)
      .default('en')
      .describe('Language of labels, as the portal names it ("en", "sv", "fi", "no", "de" …).'),
    database: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,80}$/)
      .optional()
      .describe(
        'v1 only: the database search_tables searches (e.g. "StatFin"); the first listed by default.',
      ),
    max_cells: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(100_000)
      .describe(
        'Largest selection query_table asks for (product of the value counts); larger ones are refused before the call.',
      ),
    ...networkOptionsShape,
    metadata_ttl_ms: z
      .number()
      .int()
      .min(0)
      .max(86_400_000)
      .default(3_600_000)
      .describe('How long folder listings and table structures are reused from the metadata cache.'),
  })
  .strict();

export type PxwebOptions = z.output<typeof PxwebOptionsSchema>;
