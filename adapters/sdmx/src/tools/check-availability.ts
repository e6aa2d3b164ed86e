import { defineTool, READ_ONLY_OPEN_WORLD } from '@opendata-mcp/core';
import { z } from 'zod';
import { LabelledSchema } from '../answers/compact-shapes.js';
import { compactSource, prepareQuestion, resolutionFields } from '../answers/prepare-question.js';
import { checkRange, type TimeSelection } from '../answers/time-selection.js';
import { findAvailability } from '../availability/availability.js';
import { pickText } from '../registry/pick-text.js';
import { PeriodSchema } from '../registry/sdmx-ids.js';
import { dimensionFor } from '../resolution/resolve-filters.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { sdmxSource } from '../sdmx-source.js';
import { labelFiltersParam } from './get-indicator-value.js';
import { flowInputShape } from './tool-inputs.js';

export function checkAvailabilityTool(rt: SdmxRuntime) {
  return defineTool({
    name: 'check_availability',
    title: 'Which codes still have data',
    description:
      'Before asking for values: which codes of each dimension still hold data under the filters given ' +
      'so far, how many series (and observations, where counted) and the time span: which countries ' +
      'report an indicator, which years exist, whether a slice exists. filters as in ' +
      'get_indicator_value. answered_from names the source; no_observations means nothing is held. ' +
      "time_range is null when only each series' latest observation could be read: then latest_period.",
    input: z
      .object({
        ...flowInputShape,
        filters: labelFiltersParam(),
        dimension: z
          .string()
          .min(1)
          .max(100)
          .optional()
          .describe('Report only this dimension (id or role, e.g. "area") (default: every dimension).'),
        start_period: PeriodSchema.optional().describe(
          'First period of interest, e.g. "2015" (default: open).',
        ),
        end_period: PeriodSchema.optional().describe('Last period of interest (default: open).'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(300)
          .default(15)
          .describe('Codes named per dimension, 1..300 (default 15); count always gives the full number.'),
      })
      .strict(),
    output: z.object({
      status: z.enum(['ok', 'no_observations', 'ambiguous']),
      flow_id: z.string(),
      answered_from: z
        .enum(['availableconstraint', 'actual_constraint', 'series_keys'])
        .nullable()
        .describe('Where the availability comes from.'),
      series_count: z
        .number()
        .nullable()
        .describe('Series holding data; null when the source does not count them.'),
      observation_count: z
        .number()
        .nullable()
        .describe('Observations; null when the source does not count them.'),
      time_range: z
        .object({ start: z.string().nullable(), end: z.string().nullable() })
        .nullable()
        .describe(
          'First and last period with data; null when the source does not state the span (then see latest_period).',
        ),
      latest_period: z
        .string()
        .nullable()
        .describe(
          'Set when only the latest observation of each series could be read (no start/end period given and no availability service): the most recent period with data. Where the data starts is then unknown; ask again with start_period for the span.',
        ),
      dimensions: z.array(
        z.object({
          dimension: z.string(),
          name: z.string(),
          count: z.number().describe('Codes with data.'),
          codes: z.array(LabelledSchema).describe('The first codes with data, up to limit.'),
        }),
      ),
      resolved: z.array(
        z.object({
          dimension: z.string(),
          asked: z.string(),
          code: z.string(),
          label: z.string(),
          matched_by: z.string(),
        }),
      ),
      defaults_applied: z.array(
        z.object({ dimension: z.string(), code: z.string(), label: z.string(), why: z.string() }),
      ),
      ambiguous: z.array(
        z.object({ dimension: z.string(), asked: z.string(), candidates: z.array(LabelledSchema) }),
      ),
      message: z.string(),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', sex: '_T', WEALTH_QUINTILE: '_T' },
      start_period: '2020',
      end_period: '2020',
    },
    async execute(input, ctx) {
      checkRange(input.start_period, input.end_period);
      const question = await prepareQuestion(rt, ctx, input);
      const only = input.dimension
        ? dimensionFor(input.dimension, question.roled, question.structure).dimension.id
        : null;
      const base = { flow_id: question.structure.flow.id, ...resolutionFields(question), dimensions: [] };
      const none = {
        answered_from: null,
        series_count: null,
        observation_count: null,
        time_range: null,
        latest_period: null,
      };
      if (question.resolution.ambiguous.length > 0) {
        return {
          data: {
            ...base,
            ...none,
            status: 'ambiguous' as const,
            message: 'A filter value fits several codes; choose one code and ask again.',
          },
          source: compactSource(rt, ctx, question, null),
        };
      }
      const time: TimeSelection =
        input.start_period || input.end_period
          ? { kind: 'range', start: input.start_period ?? null, end: input.end_period ?? null }
          : { kind: 'last', n: 1 };
      const found = await findAvailability(rt, ctx, question, time);
      if (!found) {
        return {
          data: {
            ...base,
            ...none,
            status: 'no_observations' as const,
            message: 'The registry holds no data for these filters.',
          },
          source: compactSource(rt, ctx, question, null),
        };
      }
      const dimensions = question.structure.dimensions
        .filter((d) => (only ? d.id === only : true) && found.codes[d.id])
        .map((d) => {
          const codes = found.codes[d.id] ?? [];
          const names = new Map((d.codelist?.codes ?? []).map((c) => [c.id, c]));
          return {
            dimension: d.id,
            name: d.name,
            count: codes.length,
            codes: codes.slice(0, input.limit).map((code) => {
              const info = names.get(code);
              return { code, label: (info && pickText(info.names, question.language)) ?? code };
            }),
          };
        });
      return {
        data: {
          ...base,
          status: 'ok' as const,
          answered_from: found.source,
          series_count: found.series_count,
          observation_count: found.observation_count,
          time_range: found.time_range,
          latest_period: found.latest_period,
          dimensions,
          message: `Availability from ${found.source}.`,
        },
        source: sdmxSource(rt, {
          url: found.url,
          fetchedAt: found.fetchedAt,
          fromCache: found.fromCache,
          structure: question.structure,
          modifiedAt: null,
        }),
      };
    },
  });
}
