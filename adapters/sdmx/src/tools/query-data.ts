import { defineTool, OpenDataError, READ_ONLY_OPEN_WORLD } from '@opendata-mcp/core';
import { z } from 'zod';
import { fetchData, restUrl } from '../registry/fetch-sdmx.js';
import { loadFlowStructure } from '../registry/flow-structure.js';
import { parseDataCsv } from '../registry/parse-data-csv.js';
import { CodeIdSchema, ComponentIdSchema, PeriodSchema, segment } from '../registry/sdmx-ids.js';
import { buildSeriesKey } from '../registry/series-key.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { sdmxSource } from '../sdmx-source.js';
import { CodedValueSchema, flowInputShape } from './flow-input.js';

const MAX_FILTERED_DIMENSIONS = 20;

export function queryDataTool(rt: SdmxRuntime) {
  return defineTool({
    name: 'query_data',
    title: 'Read observations of a dataflow',
    description:
      'Reads observations of one dataflow. filters maps dimension ids to the codes wanted, e.g. ' +
      '{"REF_AREA":["USA","BRA"],"INDICATOR":["CME_MRY0T4"],"SEX":["_T"]}; a dimension left out means every ' +
      'code. Dimensions and codes are checked against the structure before the registry is called, so an ' +
      'unknown one is refused with the valid choices. Each observation gives the dimension codes with their ' +
      'labels, time_period, obs_value exactly as published (a string, "13.1817699535802" stays so) and value ' +
      'as a number when it is one, plus attributes such as the unit and status. no_data means the registry ' +
      'answered that nothing matches; it is not an outage. Check truncated: total_matched counts every ' +
      'observation the registry sent.',
    input: z
      .object({
        ...flowInputShape,
        filters: z
          .record(ComponentIdSchema, z.array(CodeIdSchema).min(1).max(50))
          .refine((f) => Object.keys(f).length <= MAX_FILTERED_DIMENSIONS, 'at most 20 filtered dimensions')
          .default({})
          .describe(
            'Codes wanted per dimension id, 1..50 codes each (default {} = every series). Use ids from list_codes.',
          ),
        start_period: PeriodSchema.optional().describe(
          'First period wanted, e.g. "2015" or "2020-Q1" (default: open).',
        ),
        end_period: PeriodSchema.optional().describe('Last period wanted, e.g. "2023" (default: open).'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(1000)
          .default(100)
          .describe('Observations to return, 1..1000 (default 100).'),
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
        .enum(['sdmx-csv-1.0', 'code-label-columns'])
        .describe('The CSV layout the registry answered with.'),
      observations: z.array(
        z.object({
          series_key: z.string().describe('This observation’s own series key.'),
          dimensions: z.record(z.string(), CodedValueSchema),
          time_period: z.string(),
          obs_value: z
            .string()
            .nullable()
            .describe('The value exactly as published; null when the cell is empty.'),
          value: z.number().nullable().describe('obs_value as a number; null when it is not numeric.'),
          attributes: z
            .record(z.string(), CodedValueSchema)
            .describe('Non-empty attributes (unit, status …).'),
        }),
      ),
      returned: z.number(),
      truncated: z.boolean().describe('True when the registry sent more observations than returned.'),
      total_matched: z
        .number()
        .describe('Observations the registry sent for this query (same unit as returned).'),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    async execute(input, ctx) {
      if (input.start_period && input.end_period && startsAfterEnd(input.start_period, input.end_period)) {
        throw new OpenDataError('invalid_input', 'start_period is after end_period.', {
          hint: 'Swap the periods, or leave one out for an open range.',
        });
      }
      const structure = await loadFlowStructure(rt, ctx, {
        flowId: input.flow_id,
        agency: input.agency,
        version: input.version,
      });
      const key = buildSeriesKey(structure, input.filters);
      const { flow } = structure;
      const flowRef = [flow.agency, flow.id, flow.version].map(segment).join(',');
      const encodedKey =
        key === 'all'
          ? key
          : key
              .split('.')
              .map((s) => s.split('+').map(segment).join('+'))
              .join('.');
      const url = restUrl(rt, `data/${flowRef}/${encodedKey}`, {
        startPeriod: input.start_period,
        endPeriod: input.end_period,
        ...(rt.csvFormatParam ? { format: rt.csvFormatParam } : {}),
      });
      const answer = await fetchData(ctx, url);
      const parsed = parseDataCsv(answer.text, structure, rt.language);
      if (parsed.observations.length === 0) {
        throw new OpenDataError(
          'no_data',
          'The registry answered with no observations for this key and period.',
          {
            hint: 'Widen the period or drop a filter; this is not an outage.',
          },
        );
      }
      const observations = parsed.observations.slice(0, input.limit);
      const lastModified = answer.headers['last-modified'];
      return {
        data: {
          flow_id: flow.id,
          series_key: key,
          start_period: input.start_period ?? null,
          end_period: input.end_period ?? null,
          dialect: parsed.dialect,
          observations,
          returned: observations.length,
          truncated: parsed.observations.length > observations.length,
          total_matched: parsed.observations.length,
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
      };
    },
  });
}

// Only periods of one form compare as strings ("2020" vs "2019", "2020-Q1" vs "2020-Q3").
function startsAfterEnd(start: string, end: string): boolean {
  return start.length === end.length && start > end;
}
