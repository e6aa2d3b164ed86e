import {
  ColumnarTableShape,
  chooseColumns,
  defineTool,
  describeDimensionFilters,
  dimensionFiltersSchema,
  READ_ONLY_OPEN_WORLD,
  toColumnarTable,
} from '@opendata-mcp/core';
import { z } from 'zod';
import { checkFilterValues } from '../cube/check-filter-values.js';
import { loadCubeDescription } from '../cube/cube-description.js';
import { nameDimensions } from '../cube/dimension-names.js';
import { measureUnits } from '../cube/measure-units.js';
import { filterPattern, filterPatterns, ObservationFilterSchema } from '../cube/observation-filter.js';
import { observationQuery } from '../cube/observation-query.js';
import { foldObservations } from '../cube/observation-rows.js';
import { periodFilters, temporalKey } from '../cube/period-filters.js';
import { pickLabel } from '../language.js';
import type { LindasRuntime } from '../lindas-runtime.js';
import { lindasSource } from '../lindas-source.js';
import { selectRows } from '../sparql/send-sparql.js';
import { DimensionSummarySchema, summarizeDimension } from './dimension-summary.js';
import { CubeIdSchema, LanguageInputSchema } from './tool-inputs.js';

export function queryCubeObservationsTool(rt: LindasRuntime) {
  return defineTool({
    name: 'query_cube_observations',
    title: 'Read cube observations',
    description:
      "Reads a cube's data points as a table (columns once, rows as arrays, one-value dimensions in " +
      'fixed), coded values as labels. Filters run in the SPARQL store (labels ' +
      'or IRIs; numbers or dates for literal dimensions). A column with a decimal too precise for a double is all text; ' +
      'cube:Undefined is null. A value its dimension lacks is refused with close values. ' +
      'For aggregations or joins across cubes use run_sparql.',
    input: z
      .object({
        cube_id: CubeIdSchema,
        language: LanguageInputSchema,
        limit: z
          .number()
          .int()
          .min(1)
          .max(500)
          .default(25)
          .describe('Observations to return, 1..500 (default 25).'),
        offset: z
          .number()
          .int()
          .min(0)
          .max(10_000_000)
          .default(0)
          .describe('Observations to skip (default 0).'),
        start_period: z
          .string()
          .max(10)
          .optional()
          .describe('First period wanted, e.g. "2020", "2020-Q1" or "2020-03-31" (default: open).'),
        end_period: z
          .string()
          .max(10)
          .optional()
          .describe('Last period wanted, inclusive: "2020" ends on 2020-12-31 (default: open).'),
        latest_period: z
          .boolean()
          .default(false)
          .describe('Only the newest period among the observations the filters match (default false).'),
        columns: z
          .array(z.string().max(500))
          .max(50)
          .optional()
          .describe('Dimension names to return (default: every dimension).'),
        include_observation_uris: z
          .boolean()
          .default(false)
          .describe("Also return each observation's IRI (default false)."),
        resolve_labels: z
          .boolean()
          .default(true)
          .describe('Coded values as labels (default true) or as IRIs (false).'),
        filters: z
          .union([
            dimensionFiltersSchema(10),
            z
              .array(ObservationFilterSchema)
              .max(10)
              .describe('Deprecated list form, read for one release.')
              .meta({ deprecated: true }),
          ])
          .optional()
          .describe(
            `${describeDimensionFilters({
              example: '{"Warnregion": "Dorneck / Thierstein (SO)", "Datum": {"gte": "2026-07-01"}}',
              comparisons: true,
            })} Keys: dimension names or IRIs.`,
          ),
      })
      .strict(),
    output: z.object({
      cube_id: z.string(),
      cube_name: z.string().nullable().describe('Cube name in the served language.'),
      language: z.string().describe('Language asked for.'),
      languages_served: z
        .array(z.string())
        .describe('Languages of the labels actually returned ("" = untagged).'),
      dimensions: z.array(DimensionSummarySchema).describe('The columns of every observation, in order.'),
      ...ColumnarTableShape,
      observation_uris: z
        .array(z.string())
        .optional()
        .describe("Each row's observation IRI; only with include_observation_uris."),
      undefined_values: z
        .array(z.object({ row: z.number().describe('0-based index into rows.'), dimension: z.string() }))
        .describe('Cells the portal marks cube:Undefined (null in rows).'),
      unlabelled_codes: z.number().describe('Coded values left as IRIs (the portal gives no label).'),
      returned: z.number(),
      truncated: z.boolean().describe('True when more observations exist after this page.'),
      offset: z.number(),
      next_offset: z.number().nullable().describe('Offset of the next page when truncated, else null.'),
      total_matched: z.null().describe('Always null: counting every observation would cost a full scan.'),
      labels_resolved: z.boolean(),
      filters_applied: z
        .number()
        .describe('Conditions run in the store: one per filtered code list or comparison.'),
      sparql_requests: z
        .number()
        .describe(
          'SPARQL requests sent: 1 with the structure cached, else 2, plus one per filtered code list not yet checked.',
        ),
      note: z.string().optional(),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: { cube_id: 'https://environment.ld.admin.ch/foen/ubd003701/6', limit: 10 },
    deprecatedAliases: { cube_uri: 'cube_id' },
    async execute(input, ctx) {
      const language = input.language ?? rt.language;
      const { description, cacheHit } = await loadCubeDescription(ctx, rt.endpoint, input.cube_id);
      const dimensions = nameDimensions(description, language);
      const periods = periodFilters(dimensions, input.start_period, input.end_period);
      const latestOf = input.latest_period ? temporalKey(dimensions, 'latest_period') : null;
      const checked = await checkFilterValues(
        ctx,
        rt.endpoint,
        input.cube_id,
        input.filters,
        dimensions,
        language,
      );
      const filterPatternList = [
        ...filterPatterns(checked.filters, dimensions),
        ...periods.map((f, i) => filterPattern(f, dimensions, 100 + i)),
      ];
      const query = observationQuery({
        cubeUri: input.cube_id,
        dimensions,
        language,
        limit: input.limit,
        offset: input.offset,
        resolveLabels: input.resolve_labels,
        filterPatterns: filterPatternList,
        ...(latestOf ? { latestOf: latestOf.path } : {}),
      });
      const answer = await selectRows(ctx, rt.endpoint, query);
      const folded = foldObservations(
        answer.body.results.bindings,
        dimensions,
        input.resolve_labels,
        input.limit,
      );
      const truncated = folded.more;
      const returned = folded.rows.length;
      const columns = chooseColumns(
        dimensions.map((d) => d.name),
        input.columns,
      );
      return {
        data: {
          cube_id: input.cube_id,
          cube_name: pickLabel(description.names, language)?.value ?? null,
          language,
          languages_served: folded.languages,
          dimensions: dimensions.map(summarizeDimension),
          ...toColumnarTable(folded.rows, columns),
          units: measureUnits(dimensions.filter((d) => columns.includes(d.name))),
          ...(input.include_observation_uris ? { observation_uris: folded.uris } : {}),
          undefined_values: folded.undefinedCells,
          unlabelled_codes: folded.unlabelled,
          returned,
          truncated,
          offset: input.offset,
          next_offset: truncated ? input.offset + returned : null,
          total_matched: null,
          // True only when every coded value shown came with its label, not merely when labels were asked for.
          labels_resolved: input.resolve_labels && folded.unlabelled === 0,
          filters_applied: filterPatternList.length,
          sparql_requests: (cacheHit ? 1 : 2) + checked.sent,
          ...(returned === 0
            ? { note: emptyAnswerNote(input.offset, filterPatternList.length) }
            : folded.unlabelled > 0
              ? { note: unlabelledNote(folded.unlabelled) }
              : {}),
        },
        source: lindasSource(rt, {
          query,
          retrievedAt: answer.fetchedAt,
          fromCache: answer.fromCache,
          cube: description,
          language,
        }),
      };
    },
  });
}

/** Why some cells hold IRIs where labels were asked for: the portal publishes none for them. */
function unlabelledNote(count: number): string {
  return `${count} coded value(s) have no name in the portal in any of its languages and are shown as their IRIs; list_dimension_values has none for them either.`;
}

/** Why an answer has no row: a page past the end, filters no observation meets together, or an empty cube. */
function emptyAnswerNote(offset: number, filters: number): string {
  if (offset > 0) return `No observation past the first ${offset}: the page starts after the last one.`;
  if (filters > 0)
    return 'No observation meets all these filters together, though each coded value exists in its dimension. Drop or widen a filter to see which combinations hold data.';
  return 'The store gave no observation of this cube: it holds none that can be read.';
}
