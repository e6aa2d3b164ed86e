import {
  defineTool,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  OpenDataError,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
} from '@opendata-mcp/core';
import { z } from 'zod';
import { loadCubeDescription } from '../cube/cube-description.js';
import { findDimension, nameDimensions } from '../cube/dimension-names.js';
import { CODELIST_TTL_MS, dimensionValuesSource } from '../cube/dimension-values-source.js';
import { cellValue } from '../cube/observation-rows.js';
import { labelPattern } from '../language.js';
import type { LindasRuntime } from '../lindas-runtime.js';
import { lindasSource } from '../lindas-source.js';
import { PREFIXES } from '../sparql/prefixes.js';
import { selectRows } from '../sparql/send-sparql.js';
import { CubeIdSchema, LanguageInputSchema } from './tool-inputs.js';

export function listDimensionValuesTool(rt: LindasRuntime) {
  return defineTool({
    name: 'list_dimension_values',
    title: 'List the values of a dimension',
    description:
      "Lists a cube dimension's values: code list entries (IRI, identifier, label) when coded, else the " +
      'distinct observed values (values_from says which). Use it to pick filter values for ' +
      'query_cube_observations.',
    input: z
      .object({
        cube_id: CubeIdSchema,
        dimension: z
          .string()
          .min(1)
          .max(500)
          .describe('Dimension name (any language) or its path IRI, from get_cube_structure.'),
        language: LanguageInputSchema,
        limit: limitParam('Values', 1000, 100),
        offset: offsetParam('Values'),
      })
      .strict(),
    output: z.object({
      cube_id: z.string(),
      dimension: z.string().describe('Dimension name in the served language.'),
      dimension_path: z.string(),
      values_from: z.enum(['code_list', 'observations']),
      values: z.array(
        z.object({
          value: z
            .union([z.string(), z.number(), z.boolean(), z.null()])
            .describe('Code IRI, or the literal value.'),
          identifier: z.string().nullable().describe('schema:identifier of the code, when stated.'),
          label: z
            .string()
            .nullable()
            .describe('Label in the served language; null when the portal gives none.'),
          label_language: z.string().nullable().describe('Language of the label ("" = untagged).'),
        }),
      ),
      returned: z.number(),
      truncated: z.boolean(),
      next_offset: NextOffsetSchema,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { cube_id: 'https://environment.ld.admin.ch/foen/ubd003701/6', dimension: 'Gemeinde' },
    deprecatedAliases: { cube_uri: 'cube_id' },
    async execute(input, ctx) {
      const language = input.language ?? rt.language;
      const { description } = await loadCubeDescription(ctx, rt.endpoint, input.cube_id);
      const dim = findDimension(nameDimensions(description, language), input.dimension);
      const valuesQuery = (source: string) => `${PREFIXES}
SELECT ?value (SAMPLE(?id) AS ?ident) (SAMPLE(?lbl) AS ?label) WHERE {
  { SELECT DISTINCT ?value WHERE { ${source} } ORDER BY ?value LIMIT ${input.limit + 1} OFFSET ${input.offset} }
  OPTIONAL { ?value schema:identifier ?id }
  ${labelPattern('value', 'lbl', language).replaceAll('\n', '\n  ')}
}
GROUP BY ?value
ORDER BY ?value`;
      let valuesFrom: 'code_list' | 'observations' = dim.hasCodelist ? 'code_list' : 'observations';
      let query = valuesQuery(dimensionValuesSource(description.uri, dim, valuesFrom));
      let answer = await selectRows(
        ctx,
        rt.endpoint,
        query,
        dim.hasCodelist ? { cacheTtlMs: CODELIST_TTL_MS } : {},
      );
      // A shape that names a code list whose entries the store does not hold would read as a
      // dimension without values: what the observations hold is asked instead, and values_from says so.
      if (valuesFrom === 'code_list' && input.offset === 0 && answer.body.results.bindings.length === 0) {
        valuesFrom = 'observations';
        query = valuesQuery(dimensionValuesSource(description.uri, dim, valuesFrom));
        answer = await selectRows(ctx, rt.endpoint, query);
      }
      const rows = answer.body.results.bindings.filter((b) => b.value);
      if (input.offset === 0 && rows.length === 0) throw noValues(dim.name);
      const values = rows.slice(0, input.limit).map((b) => ({
        value: cellValue(b.value),
        identifier: b.ident?.value ?? null,
        label: b.label?.value ?? null,
        label_language: b.label ? (b.label['xml:lang'] ?? '') : null,
      }));
      return {
        data: {
          cube_id: description.uri,
          dimension: dim.name,
          dimension_path: dim.path,
          values_from: valuesFrom,
          values,
          returned: values.length,
          truncated: rows.length > input.limit,
          next_offset: nextOffset(input.offset, values.length, rows.length > input.limit),
        },
        source: lindasSource(rt, {
          query,
          retrievedAt: answer.fetchedAt,
          cube: description,
          language,
          fromCache: answer.fromCache,
          identifiers: { dimension: dim.path },
        }),
      };
    },
  });
}

/**
 * Neither the dimension's code list nor the cube's observations name a value: said as such, since
 * an empty list would read as a dimension that has none.
 */
function noValues(dimension: string): OpenDataError {
  return new OpenDataError(
    'no_data',
    `The store holds no value of "${dimension}" for this cube: its code list has no entries there, and no observation names one.`,
    {
      hint: 'The cube may hold no observations yet: query_cube_observations without filters tells. This is not an outage.',
    },
  );
}
