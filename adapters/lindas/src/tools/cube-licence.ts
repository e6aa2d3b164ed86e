import { describeLicence } from '@opendata-mcp/core';
import { z } from 'zod';
import type { CubeDescription } from '../cube/cube-description.js';

export const CubeLicenceSchema = z
  .object({
    uri: z.string().describe('Licence or terms-of-use IRI; often a Fedlex legal-basis URI.'),
    property: z
      .enum(['dcterms:license', 'schema:license', 'dcterms:rights'])
      .describe('Which property stated it; dcterms:rights is a fallback when no licence is declared.'),
    name: z
      .string()
      .nullable()
      .describe('A readable name for the URI; null when it is not a known licence or act.'),
    terms: z.string().nullable().describe('In short, what a re-user must do; null when unknown.'),
  })
  .nullable()
  .describe('The cube licence as the portal states it; null when it states none.');

/** The cube's licence with a readable name and terms when the URI is a known licence or act. */
export function describeCubeLicence(cube: CubeDescription): z.infer<typeof CubeLicenceSchema> {
  if (!cube.licence) return null;
  const known = describeLicence(cube.licence.uri);
  return {
    uri: cube.licence.uri,
    property: cube.licence.property,
    name: known?.name ?? null,
    terms: known?.terms ?? null,
  };
}
