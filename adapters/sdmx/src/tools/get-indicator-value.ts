import { defineTool, dimensionFiltersParam, READ_ONLY_OPEN_WORLD, toColumnarTable } from '@opendata-mcp/core';
import { z } from 'zod';
import { boundsOf } from '../answers/bounds-of.js';
import { LabelledSchema, resolutionShape } from '../answers/compact-shapes.js';
import { compactSource, prepareQuestion, resolutionFields } from '../answers/prepare-question.js';
import { readObservations } from '../answers/read-observations.js';
import { fixedOf, spreadOf } from '../answers/series-spread.js';
import { PeriodOrLatestSchema, selectionOf } from '../answers/time-selection.js';
import { ambiguousAnswer, noObservationsAnswer } from '../answers/unanswered.js';
import { unitOf, valueUnits } from '../answers/unit-of.js';
import { withResolution } from '../answers/with-resolution.js';
import type { Observation } from '../messages/observation.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { observationRecords } from './observation-records.js';
import { flowInputShape } from './tool-inputs.js';

export const LABEL_FILTERS_EXAMPLE =
  '{"indicator": "under-five mortality", "sex": "girls", "area": "Brazil"} or {"REF_AREA": "BRA", "INDICATOR": "CME_MRY0T4"}';

/**
 * Filters that take codes or labels, keyed by dimension id, name or role. get_indicator_value says
 * in full how labels are matched; the other tools point to it, so the tool list says it once.
 */
export function labelFiltersParam(full = false) {
  const param = dimensionFiltersParam({ example: LABEL_FILTERS_EXAMPLE, comparisons: false });
  return full
    ? param.describe(
        'By dimension id, name or role (area, indicator, sex, age, unit, frequency): a code or label, ' +
          'or a list; labels match in any word form, other languages give candidates. ' +
          'Left-out dimensions stay open unless the registry profile defaults them (defaults_applied). ' +
          `Example: ${LABEL_FILTERS_EXAMPLE} (default: none).`,
      )
    : param.describe(
        'Codes or labels by dimension id, name or role, as in get_indicator_value (default: none).',
      );
}

const STATUS = z
  .enum(['ok', 'no_observations', 'not_a_single_value', 'ambiguous'])
  .describe(
    'ok: exactly one value. no_observations: the registry holds none for this slice and period (an answer, not an outage). not_a_single_value: several series match, see varying. ambiguous: a label fits several codes, see ambiguous.',
  );

export function getIndicatorValueTool(rt: SdmxRuntime) {
  return defineTool({
    name: 'get_indicator_value',
    title: 'One value of an indicator',
    description:
      'Answers "what is X for Y in Z": one value of one indicator for one area and period (or the ' +
      'latest), with unit, labels and citation. filters take labels or codes: {"indicator": "under-five ' +
      'mortality", "sex": "girls", "area": "Brazil"}. It never picks a value for you: status is ok, ' +
      'no_observations, not_a_single_value (see varying) or ambiguous (see ambiguous); narrow a filter ' +
      'and call again. Report defaults_applied and any bounds with the value; result_id feeds query_results.',
    input: z
      .object({
        ...flowInputShape,
        filters: labelFiltersParam(true),
        period: PeriodOrLatestSchema,
      })
      .strict(),
    output: z.object({
      status: STATUS,
      flow_id: z.string(),
      value: z.number().nullable().describe('The observation as a number; null unless status is ok.'),
      obs_value: z
        .string()
        .nullable()
        .describe(
          'The value exactly as published, given only where it says more than value (trailing zeros).',
        ),
      lower_bound: z
        .number()
        .nullable()
        .describe('Lower bound of the uncertainty interval the registry publishes; null when it gives none.'),
      upper_bound: z
        .number()
        .nullable()
        .describe('Upper bound of the uncertainty interval the registry publishes; null when it gives none.'),
      period: z
        .string()
        .nullable()
        .describe('The period of the value (the latest one when period was "latest").'),
      series: z
        .record(z.string(), LabelledSchema)
        .describe('Code and label of each dimension of the answer.'),
      series_key: z.string().describe('The SDMX key asked for.'),
      ...resolutionShape,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', area: 'USA', sex: '_T', WEALTH_QUINTILE: '_T' },
      period: '2020',
    },
    async execute(input, ctx) {
      const question = await prepareQuestion(rt, ctx, input);
      const base = {
        flow_id: question.structure.flow.id,
        value: null,
        obs_value: null,
        lower_bound: null,
        upper_bound: null,
        period: null,
        series: {},
        varying: [],
        unit: null,
        unit_multiplier: null,
        ...resolutionFields(question),
      };
      if (question.resolution.ambiguous.length > 0) {
        return ambiguousAnswer(rt, ctx, question, base);
      }
      const read = await withResolution(question, () =>
        readObservations(
          rt,
          ctx,
          question.structure,
          question.resolution.codes,
          selectionOf(input.period),
          question.language,
        ),
      );
      const source = compactSource(rt, ctx, question, read);
      const { observations } = read;
      if (observations.length === 0) {
        return noObservationsAnswer(
          base,
          read.key,
          source,
          `The registry holds no observation for this slice${input.period === 'latest' ? '' : ` in ${input.period}`}; say so rather than estimate.`,
        );
      }
      const only = observations.length === 1 ? observations[0] : undefined;
      if (!only) {
        const varying = spreadOf(observations);
        return {
          data: {
            ...base,
            status: 'not_a_single_value' as const,
            series_key: read.key,
            series: fixedOf(observations),
            varying,
            message:
              varying.length > 0
                ? `${observations.length} values match; pin ${varying.map((v) => v.dimension).join(', ')} with a filter.`
                : `${observations.length} values match for several periods; give one period.`,
          },
          source,
          keep: keptObservations(observations),
        };
      }
      return {
        data: {
          ...base,
          status: 'ok' as const,
          series_key: read.key,
          value: only.value,
          obs_value: only.obs_value !== null && String(only.value) !== only.obs_value ? only.obs_value : null,
          ...boundsOf(only),
          period: only.time_period,
          series: fixedOf([only]),
          ...unitOf(only),
          message: 'One value matched.',
        },
        source,
        keep: keptObservations([only]),
      };
    },
  });
}

/** The observations as query_data keeps them (codes, labels, attributes), so query_results reads the bounds too. */
function keptObservations(observations: Observation[]) {
  const { records, columns } = observationRecords(observations);
  return { table: { ...toColumnarTable(records, columns), units: valueUnits(observations, ['value']) } };
}
