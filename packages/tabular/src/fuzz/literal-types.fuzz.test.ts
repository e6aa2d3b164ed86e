import { fuzzParameters, fuzzTimeout } from '@opendata-mcp/core/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../engine/create-engine.js';
import { guardSql } from '../sql-guard/guard-sql.js';
import { TEST_LIMITS } from '../test-support.js';
import { literalExpression } from './literal-arbitrary.js';

/**
 * The guard prints the checked tree back to SQL: whatever literal a query holds must reach the
 * engine with its value and its type, so the guarded query answers exactly what plain DuckDB
 * answers for the same text.
 */
let engine: Engine;

beforeAll(async () => {
  engine = await createEngine(TEST_LIMITS);
  await engine.connection.run(
    "CREATE TABLE data AS SELECT 'x' || range AS a, range * 1.5 AS b FROM range(5)",
  );
});

afterAll(() => {
  engine.connection.closeSync();
  engine.instance.closeSync();
});

function exact(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if (Object.is(value, -0)) return '-0';
  return value;
}

async function answer(sql: string): Promise<string> {
  try {
    const reader = await engine.connection.runAndReadAll(sql);
    return JSON.stringify({ columns: reader.columnNames(), rows: reader.getRows() }, exact);
  } catch {
    return 'error';
  }
}

async function plainAndGuarded(expression: string): Promise<{ plain: string; guarded: string }> {
  const sql = `SELECT ${expression} AS v, typeof(${expression}) AS t`;
  const plain = await answer(sql);
  let guarded: string;
  try {
    guarded = await answer((await guardSql(engine.connection, sql, { maxRows: 5 })).sql);
  } catch {
    guarded = 'error'; // DuckDB's parser refused the text: plain DuckDB must have failed too
  }
  return { plain, guarded };
}

describe('literals through the guard', () => {
  it.each([
    ['CAST(45e-1 AS BIGINT)', [[4n, 'BIGINT']]],
    ['25e-1::INTEGER', [[2, 'INTEGER']]],
    ['1e-1', [[0.1, 'DOUBLE']]],
    ['3e0 * 1.1', [[3.3000000000000003, 'DOUBLE']]],
    ['1234567890123e-13 * 1234567890123e-13 * 1234567890123e-13', [[0.0018816763723515694, 'DOUBLE']]],
    ['1e15', [[1e15, 'DOUBLE']]],
    ['-0e0', [[-0, 'DOUBLE']]],
  ])('%s answers as plain DuckDB does', async (expression, rows) => {
    const { plain, guarded } = await plainAndGuarded(expression);
    expect(guarded).toBe(plain);
    expect(JSON.parse(guarded).rows).toEqual(JSON.parse(JSON.stringify(rows, exact)));
  });

  it.each([
    ['00.5', 'DECIMAL(3,1)'],
    ['1.', 'DECIMAL(1,0)'],
    ['-000.50', 'DECIMAL(5,2)'],
    ['000000000000000000001.5', 'DECIMAL(22,1)'],
    ['9223372036854775808', 'HUGEINT'],
    ['170141183460469231731687303715884105728', 'UHUGEINT'],
    ['0.1234567890123456789012345678901234567890123', 'DOUBLE'],
    ["'it''s'", 'VARCHAR'],
  ])('%s keeps its type %s', async (expression, type) => {
    const { plain, guarded } = await plainAndGuarded(expression);
    expect(guarded).toBe(plain);
    expect(JSON.parse(guarded).rows[0][1]).toBe(type);
  });

  it('keeps the column name DuckDB gives an unaliased expression, in subqueries too', async () => {
    const sql = 'SELECT 1e-1, 2.5e0 + 1, x."0.1" AS inner_name FROM (SELECT 1e-1) AS x';
    const guarded = await guardSql(engine.connection, sql, { maxRows: 5 });
    const reader = await engine.connection.runAndReadAll(guarded.sql);
    expect(reader.columnNames()).toEqual(['0.1', '(2.5 + 1)', 'inner_name']);
    expect(reader.getRows()).toEqual([[0.1, 3.5, 0.1]]);
  });

  it.each([
    'SELECT b + 1e0, count(*) FROM data GROUP BY b + 1e0 ORDER BY 1',
    'SELECT sum(b * 1e-1) OVER w FROM data WINDOW w AS (ORDER BY b)',
    'SELECT * REPLACE (1e-1 AS b) FROM data',
    "SELECT COLUMNS(c -> c = 'b') * 1e0 FROM data",
    'SELECT typeof(col0), col0 FROM (VALUES (1e-1), (2))',
    'SELECT max(b) FILTER (WHERE b > 1e0) FROM data',
    'SELECT 1e-1 UNION ALL SELECT 2e-1',
  ])('answers %s with the same columns and rows as plain DuckDB', async (sql) => {
    const plain = await answer(sql);
    expect(plain).not.toBe('error');
    const guarded = await guardSql(engine.connection, sql, { maxRows: 50 });
    expect(await answer(guarded.sql)).toBe(plain);
  });

  it(
    'answers generated literals and expressions over them exactly as plain DuckDB',
    async () => {
      const parameters = fuzzParameters(300);
      let answered = 0;
      await fc.assert(
        fc.asyncProperty(literalExpression, async (expression) => {
          const { plain, guarded } = await plainAndGuarded(expression);
          expect(guarded).toBe(plain);
          if (plain !== 'error') answered++;
        }),
        parameters,
      );
      // Most generated expressions must have an answer to compare, not both fail alike.
      expect(answered).toBeGreaterThan(parameters.numRuns / 2);
    },
    fuzzTimeout(60_000),
  );
});
