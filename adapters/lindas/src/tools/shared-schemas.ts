import { describeLicence } from '@opendata-mcp/core';
import { z } from 'zod';
import type { CubeDescription } from '../cube/cube-description.js';
import type { NamedDimension } from '../cube/dimension-names.js';
import { LANGUAGES } from '../language.js';

export const CubeIdSchema = z.string().min(8).max(2000).describe('Cube IRI as search_cubes returned it.');

export const LicenceSchema = z
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

export const DimensionSummarySchema = z.object({
  name: z.string().describe('Name in the served language (unique within the cube).'),
  path: z.string().describe('Predicate IRI of the dimension.'),
  role: z.enum(['key', 'measure', 'attribute']),
  datatype: z.string().nullable(),
  unit: z.string().nullable(),
  has_codelist: z.boolean(),
});

export function summarizeDimension(d: NamedDimension): z.infer<typeof DimensionSummarySchema> {
  return {
    name: d.name,
    path: d.path,
    role: d.role,
    datatype: d.datatype,
    unit: d.unit,
    has_codelist: d.hasCodelist,
  };
}

export function licenceOf(cube: CubeDescription): z.infer<typeof LicenceSchema> {
  if (!cube.licence) return null;
  const known = describeLicence(cube.licence.uri);
  return {
    uri: cube.licence.uri,
    property: cube.licence.property,
    name: known?.name ?? null,
    terms: known?.terms ?? null,
  };
}

export const LanguageInputSchema = z
  .enum(LANGUAGES)
  .optional()
  .describe('Language of labels (default de; the others in turn when missing).');
