import { defineTool, OpenDataError, READ_ONLY_OPEN_WORLD } from '@opendata-mcp/core';
import { z } from 'zod';
import { loadCubeDescription } from '../cube/cube-description.js';
import { nameDimensions } from '../cube/dimension-names.js';
import { pickLabel } from '../language.js';
import type { LindasRuntime } from '../lindas-runtime.js';
import { lindasSource } from '../lindas-source.js';
import { CubeLicenceSchema, describeCubeLicence } from './cube-licence.js';
import { DimensionSummarySchema, summarizeDimension } from './dimension-summary.js';
import { CubeIdSchema, LanguageInputSchema } from './tool-inputs.js';

export function getCubeStructureTool(rt: LindasRuntime) {
  return defineTool({
    name: 'get_cube_structure',
    title: 'Describe a cube',
    description:
      'Describes one cube: name, description, publisher, version, status, licence (often a Fedlex URI; ' +
      'else its dcterms:rights terms, licence.property says which) and dimensions with role (key: ' +
      'filterable axis, measure: the value, attribute: extra information), datatype, unit and ' +
      'has_codelist (values: list_dimension_values). Not needed to read data; use it for dimension ' +
      'names to filter on.',
    input: z.object({ cube_id: CubeIdSchema, language: LanguageInputSchema }).strict(),
    output: z.object({
      cube_id: z.string(),
      name: z.string().nullable(),
      description: z.string().nullable(),
      language_served: z
        .string()
        .nullable()
        .describe('Language of the name actually served ("" = untagged).'),
      creator: z.string().nullable().describe('Publishing body IRI (dcterms:creator).'),
      creator_name: z.string().nullable(),
      version: z.string().nullable(),
      status: z.string().nullable().describe('schema:creativeWorkStatus, e.g. …/Published or …/Draft.'),
      date_modified: z.string().nullable().describe('Modification date the cube states; null when none.'),
      licence: CubeLicenceSchema,
      dimensions: z.array(
        DimensionSummarySchema.extend({
          described_by_shape: z
            .boolean()
            .describe('False when the shape omits the dimension and it was read off an observation.'),
        }),
      ),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { cube_id: 'https://environment.ld.admin.ch/foen/ubd003701/6' },
    deprecatedAliases: { cube_uri: 'cube_id' },
    async execute(input, ctx) {
      const language = input.language ?? rt.language;
      const { description, cacheHit } = await loadCubeDescription(ctx, rt.endpoint, input.cube_id);
      const name = pickLabel(description.names, language);
      const dimensions = nameDimensions(description, language);
      if (dimensions.length === 0) throw noStructure();
      return {
        data: {
          cube_id: description.uri,
          name: name?.value ?? null,
          description: pickLabel(description.descriptions, language)?.value ?? null,
          language_served: name ? name.lang : null,
          creator: description.creator,
          creator_name: pickLabel(description.creatorNames, language)?.value ?? null,
          version: description.version,
          status: description.status,
          date_modified: description.modified,
          licence: describeCubeLicence(description),
          dimensions: dimensions.map((d) => ({
            ...summarizeDimension(d),
            described_by_shape: d.fromShape,
          })),
        },
        source: lindasSource(rt, {
          query: description.query,
          retrievedAt: new Date(description.fetchedAt),
          cube: description,
          language,
          fromCache: cacheHit,
        }),
      };
    },
  });
}

/** A cube the store holds no shape and no observation of: an empty list would read as a cube without dimensions. */
function noStructure(): OpenDataError {
  return new OpenDataError(
    'no_data',
    'The store holds no structure for this cube: no shape describes its dimensions and no observation shows them.',
    {
      hint: 'Another version may hold its data: search_cubes with latest_only false lists them. This is not an outage.',
    },
  );
}
