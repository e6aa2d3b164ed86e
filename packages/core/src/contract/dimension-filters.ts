import { z } from 'zod';

/** Comparisons a filter may state besides equality, by name so that JSON needs no operator escaping. */
export const FILTER_COMPARISONS = { ne: '!=', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;
export type FilterComparison = keyof typeof FILTER_COMPARISONS;

const MAX_VALUES = 50;

const FilterScalarSchema = z.union([z.string().trim().min(1).max(500), z.number()]);

const ComparisonSchema = z
  .object(
    Object.fromEntries(
      Object.keys(FILTER_COMPARISONS).map((op) => [op, FilterScalarSchema.optional()]),
    ) as Record<FilterComparison, z.ZodOptional<typeof FilterScalarSchema>>,
  )
  .strict()
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'give at least one of ne, lt, lte, gt, gte');

/** One dimension's filter: a code, a list of codes (any of), or comparisons that must all hold. */
export const DimensionFilterValueSchema = z.union([
  FilterScalarSchema,
  z.array(FilterScalarSchema).min(1).max(MAX_VALUES),
  ComparisonSchema,
]);

/** The `filters` object, keyed by dimension, so one shape serves every backend; see docs/VOCABULARY.md. */
export function dimensionFiltersSchema(maxDimensions = 20) {
  return z
    .record(z.string().min(1).max(500), DimensionFilterValueSchema)
    .refine((f) => Object.keys(f).length <= maxDimensions, `at most ${maxDimensions} filtered dimensions`);
}

export function describeDimensionFilters(options: { example: string; comparisons: boolean }): string {
  return (
    `By dimension: a code or a list of codes (any of, up to ${MAX_VALUES})` +
    (options.comparisons ? ', or comparisons such as {"gte": …} (ne, lt, lte, gt, gte)' : '') +
    `; other dimensions unfiltered (default: none). Example: ${options.example}`
  );
}

/** The optional `filters` parameter of a tool over dimensional data (cubes, dataflows). */
export function dimensionFiltersParam(options: {
  example: string;
  comparisons: boolean;
  maxDimensions?: number;
}) {
  return dimensionFiltersSchema(options.maxDimensions).optional().describe(describeDimensionFilters(options));
}

export type DimensionFilters = Record<string, z.infer<typeof DimensionFilterValueSchema>>;

/** One dimension's filter, normalised: the codes wanted (null = any) and comparisons to meet. */
export interface DimensionCondition {
  dimension: string;
  anyOf: string[] | null;
  compare: Array<{ op: (typeof FILTER_COMPARISONS)[FilterComparison]; value: string }>;
}

export function dimensionConditions(filters: DimensionFilters | undefined): DimensionCondition[] {
  return Object.entries(filters ?? {}).map(([dimension, value]) => {
    if (typeof value === 'string' || typeof value === 'number') {
      return { dimension, anyOf: [String(value)], compare: [] };
    }
    if (Array.isArray(value)) return { dimension, anyOf: [...new Set(value.map(String))], compare: [] };
    const compare = Object.entries(value).flatMap(([op, v]) =>
      v === undefined ? [] : [{ op: FILTER_COMPARISONS[op as FilterComparison], value: String(v) }],
    );
    return { dimension, anyOf: null, compare };
  });
}
