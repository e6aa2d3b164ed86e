import {
  ColumnarTableShape,
  chooseColumns,
  defineTool,
  dimensionFiltersParam,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  OpenDataError,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
  sortRecords,
  toColumnarTable,
} from '@opendata-mcp/core';
import { z } from 'zod';
import { dataUrl } from '../answers/data-url.js';
import { valueUnits } from '../answers/unit-of.js';
import { DATA_FORMATS } from '../messages/observation.js';
import { parseDataMessage } from '../messages/parse-data-message.js';
import { fetchData } from '../registry/fetch-sdmx.js';
import { PeriodSchema } from '../registry/sdmx-ids.js';
import { buildSeriesKey } from '../registry/series-key.js';
import { loadScopedStructure } from '../scope/scoped-structure.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { sdmxSource } from '../sdmx-source.js';
import { codesByDimension } from './codes-by-dimension.js';
import { observationRecords } from './observation-records.js';
import { flowInputShape } from './tool-inputs.js';
import { totalsFirst } from './totals-first.js';

const MAX_FILTERED_DIMENSIONS = 20;

export function queryDataTool(rt: SdmxRuntime) {
  return defineTool({
    name: 'query_data',
    title: 'Read observations of a dataflow',
    description:
      'Reads observations of one dataflow by codes: filters maps dimension ids to codes, e.g. ' +
      '{"REF_AREA": ["USA", "BRA"], "INDICATOR": "CME_MRY0T4"}; a dimension left out means every code; ' +
      'an unknown code is refused with the valid ones. Columnar: rows of codes, one-value columns once ' +
      'in fixed, labels.<dimension>.<code> names codes. value is a number; obs_value, the published ' +
      'text, only when it differs. sort with limit gives a top N. no_data: nothing for this slice, not ' +
      'an outage.',
    input: z
      .object({
        ...flowInputShape,
        filters: dimensionFiltersParam({
          example: '{"REF_AREA": ["USA", "BRA"], "INDICATOR": "CME_MRY0T4", "SEX": "_T"}',
          comparisons: false,
          maxDimensions: MAX_FILTERED_DIMENSIONS,
        }),
        start_period: PeriodSchema.optional().describe(
          'First period wanted, e.g. "2015" or "2020-Q1" (default: open).',
        ),
        end_period: PeriodSchema.optional().describe('Last period wanted, e.g. "2023" (default: open).'),
        sort: z
          .string()
          .max(100)
          .optional()
          .describe(
            'Sort by one column, "-" in front for descending; "-value" with limit 10 is a top 10 (default: totals first, then as sent).',
          ),
        columns: z
          .array(z.string().max(100))
          .max(40)
          .optional()
          .describe('Columns to return, e.g. ["REF_AREA", "time_period", "value"] (default: all).'),
        limit: limitParam('Observations', 1000, 25),
        offset: offsetParam('Observations'),
      })
      .strict(),
    output: z.object({
      flow_id: z.string(),
      series_key: z
        .string()
        .describe('The SDMX key sent: dimension segments in DSD order, "+" between codes.'),
      start_period: z.string().nullable(),
      end_period: z.string().nullable(),
      dialect: z
        .enum(DATA_FORMATS)
        .describe('The message format the registry answered with (SDMX-ML, SDMX-JSON or a CSV layout).'),
      ...ColumnarTableShape,
      returned: z.number(),
      truncated: z.boolean().describe('True when the registry sent more observations than returned.'),
      total_matched: z
        .number()
        .describe('Observations the registry sent for this query (same unit as returned).'),
      next_offset: NextOffsetSchema,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    // A bounded question (one indicator, both sexes, one year) answers quickly online and from the recordings offline.
    example: {
      flow_id: 'CME',
      filters: { REF_AREA: 'USA', INDICATOR: 'CME_MRY0T4', SEX: '_T', WEALTH_QUINTILE: '_T' },
      start_period: '2020',
      end_period: '2020',
    },
    async execute(input, ctx) {
      if (input.start_period && input.end_period && startsAfterEnd(input.start_period, input.end_period)) {
        throw new OpenDataError('invalid_input', 'start_period is after end_period.', {
          hint: 'Swap the periods, or leave one out for an open range.',
        });
      }
      const structure = await loadScopedStructure(rt, ctx, {
        flowId: input.flow_id,
        agency: input.agency,
        version: input.version,
      });
      const key = buildSeriesKey(structure, codesByDimension(input.filters));
      const { flow } = structure;
      const url = dataUrl(rt, structure, key, {
        startPeriod: input.start_period,
        endPeriod: input.end_period,
      });
      const answer = await fetchData(ctx, url, rt);
      const parsed = await parseDataMessage(
        answer.text,
        answer.headers['content-type'],
        structure,
        input.language ?? rt.language,
        ctx.signal,
      );
      if (parsed.observations.length === 0) {
        throw new OpenDataError(
          'no_data',
          'The registry answered with no observations for this key and period.',
          {
            hint: 'Widen the period or drop a filter; this is not an outage.',
          },
        );
      }
      const { records, columns: available } = observationRecords(parsed.observations);
      const columns = chooseColumns(available, input.columns);
      // One unit for every row, or none here: the unit attribute is then a column of the rows.
      const units = valueUnits(parsed.observations, columns.includes('value') ? ['value'] : []);
      const sorted = input.sort
        ? sortRecords(records, input.sort, available)
        : totalsFirst(records, rt.totalDefaults);
      const page = sorted.slice(input.offset, input.offset + input.limit);
      const truncated = sorted.length > input.offset + page.length;
      const lastModified = answer.headers['last-modified'];
      return {
        data: {
          flow_id: flow.id,
          series_key: key,
          start_period: input.start_period ?? null,
          end_period: input.end_period ?? null,
          dialect: parsed.dialect,
          ...toColumnarTable(page, columns),
          units,
          returned: page.length,
          truncated,
          total_matched: parsed.observations.length,
          next_offset: nextOffset(input.offset, page.length, truncated),
        },
        source: sdmxSource(rt, {
          url,
          fetchedAt: answer.fetchedAt,
          fromCache: answer.fromCache,
          structure,
          identifiers: { series_key: key },
          modifiedAt:
            lastModified && !Number.isNaN(Date.parse(lastModified))
              ? new Date(lastModified).toISOString()
              : null,
        }),
        // Every observation the registry sent is kept, not only this page: a query over it covers them all.
        keep: { table: { ...toColumnarTable(sorted, columns), units } },
      };
    },
  });
}

// Only periods of one form compare as strings ("2020" vs "2019", "2020-Q1" vs "2020-Q3").
function startsAfterEnd(start: string, end: string): boolean {
  return start.length === end.length && start > end;
}
