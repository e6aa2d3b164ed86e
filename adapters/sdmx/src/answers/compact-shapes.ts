import { z } from 'zod';

export const LabelledSchema = z.object({ code: z.string(), label: z.string() });

/** The fields every compact answer shares: how the question became codes, and what was assumed. */
export const resolutionShape = {
  resolved: z
    .array(
      z.object({
        dimension: z.string(),
        asked: z.string(),
        code: z.string(),
        label: z.string(),
        matched_by: z.enum(['code', 'label', 'words', 'place', 'uncoded']),
      }),
    )
    .describe(
      'Each filter value as asked and the code it was read as (matched_by "place": a place name in another language, read through the gazetteer).',
    ),
  defaults_applied: z
    .array(
      z.object({
        dimension: z.string(),
        code: z.string(),
        label: z.string(),
        why: z
          .enum(['profile_total', 'only_code'])
          .describe(
            'profile_total: the registry profile makes this dimension default to its total; only_code: the flow allows no other code.',
          ),
      }),
    )
    .describe('Dimensions the question left out that were fixed anyway; quote them with the value.'),
  ambiguous: z
    .array(
      z.object({
        dimension: z.string(),
        asked: z.string(),
        candidates: z.array(LabelledSchema),
      }),
    )
    .describe('Filter values that fit several codes (status ambiguous): choose one code and ask again.'),
  varying: z
    .array(z.object({ dimension: z.string(), count: z.number(), codes: z.array(LabelledSchema) }))
    .describe(
      'Dimensions that still take several codes (status not_a_single_value): pin each with a filter.',
    ),
  unit: LabelledSchema.nullable().describe(
    'Unit of measure as the registry states it; null when it states none.',
  ),
  unit_multiplier: LabelledSchema.nullable().describe('Power of ten the values are in, when not units.'),
  message: z.string().describe('What the status means for this question, in one sentence.'),
};
