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
import { boundColumns, boundsOf } from '../answers/bounds-of.js';
import { LabelledSchema, resolutionShape } from '../answers/compact-shapes.js';
import { compactSource, prepareQuestion, resolutionFields } from '../answers/prepare-question.js';
import { readObservations } from '../answers/read-observations.js';
import { fixedOf, spreadOf } from '../answers/series-spread.js';
import { checkRange, type TimeSelection } from '../answers/time-selection.js';
import { ambiguousAnswer, noObservationsAnswer } from '../answers/unanswered.js';
import { unitOf, valueUnits } from '../answers/unit-of.js';
import { withResolution } from '../answers/with-resolution.js';
import type { Observation } from '../messages/observation.js';
import { PeriodSchema } from '../registry/sdmx-ids.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { labelFiltersParam } from './get-indicator-value.js';
import { flowInputShape } from './tool-inputs.js';

export function getIndicatorSeriesTool(rt: SdmxRuntime) {
  return defineTool({
    name: 'get_indicator_series',
    title: 'An indicator over time',
    description:
      'One series (one indicator and area, one code per other dimension) as [period, value] rows, ' +
      'oldest first: trends, change since a year. start_period and end_period give a range, last_n the ' +
      'latest N periods, nothing all. Rows add lower_bound and upper_bound where the registry gives ' +
      'them. filters and status as in get_indicator_value.',
    input: z
      .object({
        ...flowInputShape,
        filters: labelFiltersParam(),
        start_period: PeriodSchema.optional().describe('First period wanted, e.g. "2015" (default: open).'),
        end_period: PeriodSchema.optional().describe('Last period wanted, e.g. "2023" (default: open).'),
        last_n: z
          .number()
          .int()
          .min(1)
          .max(500)
          .optional()
          .describe(
            'Only the most recent N periods, 1..500; not with start_period or end_period (default: all).',
          ),
        limit: limitParam('Periods', 500, 100),
        offset: offsetParam('Periods'),
      })
      .strict(),
    output: z.object({
      status: z.enum(['ok', 'no_observations', 'not_a_single_value', 'ambiguous']),
      flow_id: z.string(),
      columns: z.array(z.string()),
      rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
      series: z
        .record(z.string(), LabelledSchema)
        .describe('Code and label of each dimension of the series.'),
      series_key: z.string(),
      returned: z.number(),
      truncated: z.boolean(),
      total_matched: z.number().describe('Periods in the series before paging.'),
      next_offset: NextOffsetSchema,
      ...resolutionShape,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', area: 'USA', sex: '_T', WEALTH_QUINTILE: '_T' },
      start_period: '2015',
      end_period: '2023',
    },
    async execute(input, ctx) {
      checkRange(input.start_period, input.end_period);
      if (input.last_n !== undefined && (input.start_period || input.end_period)) {
        throw new OpenDataError(
          'invalid_input',
          'last_n cannot be combined with start_period or end_period.',
          { hint: 'Give either a range or last_n.' },
        );
      }
      const question = await prepareQuestion(rt, ctx, input);
      const empty = {
        flow_id: question.structure.flow.id,
        columns: ['time_period', 'value'],
        rows: [],
        series: {},
        returned: 0,
        truncated: false,
        total_matched: 0,
        next_offset: null,
        varying: [],
        unit: null,
        unit_multiplier: null,
        ...resolutionFields(question),
      };
      if (question.resolution.ambiguous.length > 0) {
        return ambiguousAnswer(rt, ctx, question, empty);
      }
      const time: TimeSelection =
        input.last_n !== undefined
          ? { kind: 'last', n: input.last_n }
          : { kind: 'range', start: input.start_period ?? null, end: input.end_period ?? null };
      const read = await withResolution(question, () =>
        readObservations(rt, ctx, question.structure, question.resolution.codes, time, question.language),
      );
      const source = compactSource(rt, ctx, question, read);
      const { observations } = read;
      if (observations.length === 0) {
        return noObservationsAnswer(empty, read.key, source);
      }
      const varying = spreadOf(observations);
      if (varying.length > 0) {
        return {
          data: {
            ...empty,
            status: 'not_a_single_value' as const,
            series_key: read.key,
            series: fixedOf(observations),
            varying,
            message: `Several series match; pin ${varying.map((v) => v.dimension).join(', ')} with a filter.`,
          },
          source,
        };
      }
      const sorted = [...observations].sort((a, b) => a.time_period.localeCompare(b.time_period));
      const page = sorted.slice(input.offset, input.offset + input.limit);
      const truncated = sorted.length > input.offset + page.length;
      const bounds = boundColumns(sorted);
      const columns = [...empty.columns, ...bounds];
      const asRow = (o: Observation): Array<string | number | null> => {
        const interval = boundsOf(o);
        return [o.time_period, o.value, ...bounds.map((b) => interval[b])];
      };
      const short = time.kind === 'last' && sorted.length < time.n;
      // The answer states the unit in `unit`; the kept table by column, the bounds in the value's.
      const units = valueUnits(sorted, ['value', ...bounds]);
      return {
        data: {
          ...empty,
          status: 'ok' as const,
          columns,
          series_key: read.key,
          rows: page.map(asRow),
          series: fixedOf(observations),
          ...unitOf(observations[0]),
          returned: page.length,
          truncated,
          total_matched: sorted.length,
          next_offset: nextOffset(input.offset, page.length, truncated),
          message:
            `${sorted.length} periods, ${sorted[0]?.time_period} to ${sorted.at(-1)?.time_period}.` +
            (short ? ` last_n asked for ${time.n}: the registry holds only these.` : ''),
        },
        source,
        // The whole series is kept, not the page shown.
        keep: { table: { columns, rows: sorted.map(asRow), units } },
      };
    },
  });
}
