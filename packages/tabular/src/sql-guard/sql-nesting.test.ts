import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../engine/create-engine.js';
import { TEST_LIMITS } from '../test-support.js';
import { guardSql } from './guard-sql.js';
import { MAX_SQL_NESTING, MAX_SUBQUERY_NESTING } from './sql-nesting.js';

let engine: Engine;

beforeAll(async () => {
  engine = await createEngine(TEST_LIMITS);
  await engine.connection.run(
    'CREATE TABLE data AS SELECT range::VARCHAR AS a, (range * 1.5)::DOUBLE AS b FROM range(40)',
  );
});

afterAll(() => {
  engine.connection.closeSync();
  engine.instance.closeSync();
});

async function run(sql: string): Promise<unknown[][]> {
  const guarded = await guardSql(engine.connection, sql, { maxRows: 5 });
  return (await engine.connection.runAndReadAll(guarded.sql)).getRows();
}

function refusal(sql: string): Promise<unknown> {
  return guardSql(engine.connection, sql, { maxRows: 5 }).then(
    () => 'accepted',
    (error: unknown) => error,
  );
}

const scalar = (levels: number) => `SELECT ${'(SELECT '.repeat(levels)}max(b) FROM data${')'.repeat(levels)}`;
const exists = (levels: number) =>
  `SELECT 1 AS one${' WHERE EXISTS (SELECT 1'.repeat(levels)}${')'.repeat(levels)}`;
/** Each step reads the one before in a scalar subquery: DuckDB inlines it, so depth adds up. */
const cteChain = (steps: number) => {
  const ctes = Array.from({ length: steps }, (_, i) =>
    i === 0 ? 'c0 AS (SELECT max(b) AS x FROM data)' : `c${i} AS (SELECT (SELECT x FROM c${i - 1}) AS x)`,
  );
  return `WITH ${ctes.join(', ')} SELECT x FROM c${steps - 1}`;
};
/** An analyst's pipeline: each step reads the one before in FROM. */
const pipeline = (steps: number) => {
  const ctes = Array.from({ length: steps }, (_, i) =>
    i === 0 ? 's0 AS (SELECT b FROM data)' : `s${i} AS (SELECT b + 1 AS b FROM s${i - 1})`,
  );
  return `WITH ${ctes.join(', ')} SELECT count(*) AS n FROM s${steps - 1}`;
};

describe('subquery nesting', () => {
  it('runs subqueries nested up to the cap', async () => {
    expect(await run(scalar(MAX_SUBQUERY_NESTING))).toEqual([[58.5]]);
    expect(await run(exists(MAX_SUBQUERY_NESTING))).toEqual([[1]]);
    expect(await run(pipeline(MAX_SUBQUERY_NESTING))).toEqual([[40n]]);
  });

  it.each([
    ['scalar subqueries', scalar(MAX_SUBQUERY_NESTING + 1)],
    ['EXISTS subqueries', exists(MAX_SUBQUERY_NESTING + 1)],
    ['the review example: 60 scalar subqueries', scalar(60)],
    ['CTEs each read by the next in a subquery', cteChain(7)],
    ['a pipeline of CTEs past the cap', pipeline(MAX_SUBQUERY_NESTING + 1)],
    [
      'subqueries in FROM and in expressions, mixed',
      `SELECT ${'(SELECT x FROM (SELECT '.repeat(7)}1 AS x${'))'.repeat(7)}`,
    ],
  ])('refuses %s before the engine plans them', async (_name, sql) => {
    expect(await refusal(sql)).toMatchObject({
      code: 'unsafe_sql',
      message: expect.stringMatching(`at most ${MAX_SUBQUERY_NESTING} are allowed`),
      hint: expect.stringMatching(/CTE/),
    });
  });

  it('adds the depth of a CTE once however many subqueries side by side read it', async () => {
    const sql = `WITH c AS (SELECT b FROM data) SELECT ${Array.from({ length: 20 }, () => '(SELECT max(b) FROM c)').join(' + ')} AS total`;
    expect(await run(sql)).toEqual([[1170]]);
  });
});

describe('JSON nesting', () => {
  it('runs ordinary JSON literals and ones nested well below the bracket cap', async () => {
    expect(await run(`SELECT json_extract_string('{"a": [1, {"b": "two"}]}', '$.a[1].b') AS v`)).toEqual([
      ['two'],
    ]);
    const deep = `${'['.repeat(100)}1${']'.repeat(100)}`;
    expect(await run(`SELECT json_type('${deep}') AS t, json_valid('${deep}') AS ok`)).toEqual([
      ['ARRAY', true],
    ]);
  });

  it('refuses a JSON literal nested deeper than the bracket cap', async () => {
    const deep = `${'['.repeat(MAX_SQL_NESTING + 1)}${']'.repeat(MAX_SQL_NESTING + 1)}`;
    expect(await refusal(`SELECT json_valid('${deep}')`)).toMatchObject({
      code: 'unsafe_sql',
      hint: expect.stringMatching(/Flatten/),
    });
    expect(await refusal(`SELECT json_valid('${'['.repeat(100_000)}')`)).toMatchObject({
      code: 'unsafe_sql',
    });
  });

  it.each([
    ['json_structure', "SELECT json_structure(repeat('[', 100000) || repeat(']', 100000))"],
    ['json_structure', `SELECT json_structure(a) FROM data`],
    ['json_contains', "SELECT json_contains(repeat('[', 1000000), '1')"],
  ])('refuses %s, which recurses once per level of a document built at run time', async (name, sql) => {
    expect(await refusal(sql)).toMatchObject({
      code: 'unsafe_sql',
      message: expect.stringContaining(name),
      hint: expect.stringMatching(/json_extract/),
    });
  });

  it('runs the JSON functions that stay, on a document built ten thousand levels deep', async () => {
    const doc = "repeat('[', 10000) || repeat(']', 10000)";
    expect(
      await run(`SELECT json_valid(${doc}) AS ok, json_type(${doc}) AS t, json_array_length(${doc}) AS n`),
    ).toEqual([[true, 'ARRAY', 1n]]);
  });
});
