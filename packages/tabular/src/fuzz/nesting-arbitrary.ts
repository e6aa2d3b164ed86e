import fc from 'fast-check';

/**
 * Queries nested level by level, each level a different way of putting a query inside another,
 * with the depth the guard must count: one per subquery, CTE body or read of a CTE in a subquery.
 */
const LEVELS: Record<string, { depth: number; wrap: (inner: string) => string }> = {
  scalar: { depth: 1, wrap: (q) => `SELECT (${q}) AS x` },
  exists: { depth: 1, wrap: (q) => `SELECT 1 AS x WHERE EXISTS (${q})` },
  in: { depth: 1, wrap: (q) => `SELECT max(b) AS x FROM data WHERE b IN (${q})` },
  from: { depth: 1, wrap: (q) => `SELECT x FROM (${q}) AS t` },
  cte: { depth: 1, wrap: (q) => `WITH c AS (${q}) SELECT x FROM c` },
  cteInSubquery: { depth: 2, wrap: (q) => `WITH c AS (${q}) SELECT (SELECT max(x) FROM c) AS x` },
};

export interface NestedQuery {
  sql: string;
  depth: number;
}

export const nestedQuery: fc.Arbitrary<NestedQuery> = fc
  .array(fc.constantFrom(...Object.keys(LEVELS)), { minLength: 1, maxLength: 16 })
  .map((levels) =>
    levels.reduce<NestedQuery>(
      ({ sql, depth }, name) => {
        const level = LEVELS[name] as (typeof LEVELS)[string];
        return { sql: level.wrap(sql), depth: depth + level.depth };
      },
      { sql: 'SELECT max(b) AS x FROM data', depth: 0 },
    ),
  );

export interface NestedJson {
  json: string;
  depth: number;
}

/** A JSON document nested `depth` levels deep in arrays and objects. */
export const nestedJson: fc.Arbitrary<NestedJson> = fc
  .array(fc.boolean(), { minLength: 1, maxLength: 200 })
  .map((levels) => ({
    json: levels.reduceRight((inner, isArray) => (isArray ? `[${inner}]` : `{"k": ${inner}}`), '1'),
    depth: levels.length,
  }));
