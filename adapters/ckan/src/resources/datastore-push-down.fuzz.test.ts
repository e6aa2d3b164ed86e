import { isOpenDataError } from '@opendata-mcp/core';
// The one rule for runs and seeds of every fuzz test (scaled by `pnpm fuzz`), kept with the engine's own.
import { fuzzParameters, fuzzTimeout } from '@opendata-mcp/core/testing';
import { stopSqlInspector } from '@opendata-mcp/tabular';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { wholeTableAggregates } from './datastore-sql.js';
import type { Aggregate } from './plain-aggregates.js';

/**
 * The DataStore push-down decision against generated SQL: plain aggregates spelt every way agree
 * with the structure they were built from (the reference), their near misses are left to the local
 * engine, and aggregate-ish text up to the tool's 20,000 characters is decided within the deadline.
 */
const BOUNDS = { deadlineMs: 10_000 };
const MAX_SQL = 20_000;

afterAll(() => stopSqlInspector());

/** Space as a model or a hostile client writes it: blanks, newlines, comments. */
const gap = fc.constantFrom(' ', '  ', '\n', '\t', ' /* c */ ', ' -- note\n');
const gaps = fc.array(gap, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));
const name = fc.string({
  unit: fc.constantFrom('a', 'Z', '_', '1', ' ', '"', "'", 'é', '中', '-', '.'),
  minLength: 1,
  maxLength: 12,
});
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
const spelt = (fn: string) => fc.constantFrom(fn, fn.toUpperCase(), fn[0]?.toUpperCase() + fn.slice(1));

interface Built {
  sql: string;
  expected: Aggregate[] | null;
}

const item = fc
  .record({
    fn: fc.constantFrom<Aggregate['fn']>('count', 'sum', 'min', 'max'),
    star: fc.boolean(),
    column: name,
    alias: fc.option(name, { nil: null }),
    inner: gaps,
  })
  .chain(({ fn, star, column, alias, inner }) =>
    spelt(fn).map((written) => {
      const isStar = star && fn === 'count';
      const argument = isStar ? '*' : quoted(column);
      const sql = `${written}(${inner}${argument}${inner})${alias === null ? '' : ` AS ${quoted(alias)}`}`;
      const named = alias ?? (isStar ? 'count_star()' : null);
      const aggregate = named === null ? null : { fn, column: isStar ? null : column, name: named };
      return { sql, aggregate };
    }),
  );

const plain: fc.Arbitrary<Built> = fc
  .record({
    items: fc.array(item, { minLength: 1, maxLength: 6 }),
    select: spelt('select'),
    table: fc.constantFrom('data', '"data"', 'DATA'),
    lead: gaps,
    comma: gaps,
    end: fc.constantFrom('', ';', ' ;\n'),
  })
  .map(({ items, select, table, lead, comma, end }) => {
    const aggregates = items.map((i) => i.aggregate);
    const sql = `${select}${lead}${items.map((i) => i.sql).join(`,${comma}`)}${lead}FROM ${table}${end}`;
    const expected = aggregates.every((a) => a !== null) ? (aggregates as Aggregate[]) : null;
    return { sql, expected };
  });

const NEAR_MISSES = [
  (sql: string) => `${sql} WHERE 1 = 1`,
  (sql: string) => `${sql} GROUP BY ALL`,
  (sql: string) => `${sql} LIMIT 1`,
  (sql: string) => `${sql} ORDER BY 1`,
  (sql: string) => `${sql} AS d`,
  (sql: string) => sql.replace(/^select/i, 'SELECT DISTINCT'),
  (sql: string) => `WITH t AS (SELECT 1) ${sql}`,
];

/** Text shaped like the aggregates the push-down reads, repeated up to the tool's length. */
const TOKENS = [
  'select',
  ' ',
  'count',
  '(',
  '*',
  ')',
  'sum',
  '"a"',
  ',',
  'as',
  'from',
  'data',
  ';',
  '--',
  '/*',
  '*/',
  '\n',
  'x',
];
const aggregateIsh = fc
  .record({
    chunk: fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 12 }),
    repeats: fc.integer({ min: 1, max: 5_000 }),
    tail: fc.array(fc.constantFrom(...TOKENS), { maxLength: 6 }),
  })
  .map(({ chunk, repeats, tail }) =>
    `select ${chunk.join('').repeat(repeats)}${tail.join('')}`.slice(0, MAX_SQL),
  );
const padded = fc
  .record({
    spaces: fc.integer({ min: 1, max: MAX_SQL - 20 }),
    tail: fc.constantFrom('x', 'count(*) from data', '('),
  })
  .map(({ spaces, tail }) => `select${' '.repeat(spaces)}${tail}`.slice(0, MAX_SQL));

/** A decision or a refusal the guard itself would give; never a timeout, never anything else. */
async function decide(sql: string): Promise<Aggregate[] | null | 'refused'> {
  try {
    return await wholeTableAggregates(sql, BOUNDS);
  } catch (error) {
    if (isOpenDataError(error) && (error.code === 'unsafe_sql' || error.code === 'query_error'))
      return 'refused';
    throw error;
  }
}

describe('DataStore push-down decision under generated SQL', () => {
  it(
    'agrees with the structure plain aggregates were built from, however they are spelt',
    async () => {
      await fc.assert(
        fc.asyncProperty(plain, async ({ sql, expected }) => {
          expect(await decide(sql)).toEqual(expected);
        }),
        fuzzParameters(60),
      );
    },
    fuzzTimeout(60_000),
  );

  it(
    'leaves every near miss of a plain aggregate to the local engine',
    async () => {
      await fc.assert(
        fc.asyncProperty(plain, fc.constantFrom(...NEAR_MISSES), async ({ sql }, miss) => {
          const decision = await decide(miss(sql.replace(/[\s;]+$/, '')));
          expect(decision === null || decision === 'refused').toBe(true);
        }),
        fuzzParameters(30),
      );
    },
    fuzzTimeout(60_000),
  );

  it(
    'decides aggregate-ish text up to the tool length within its deadline',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(aggregateIsh, padded), async (sql) => {
          const decision = await decide(sql);
          expect(decision === null || decision === 'refused' || Array.isArray(decision)).toBe(true);
        }),
        fuzzParameters(20),
      );
    },
    fuzzTimeout(120_000),
  );
});
