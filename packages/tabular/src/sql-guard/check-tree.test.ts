import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../engine/create-engine.js';
import { TEST_LIMITS } from '../test-support.js';
import { guardSql } from './guard-sql.js';

let engine: Engine;

beforeAll(async () => {
  engine = await createEngine(TEST_LIMITS);
  // A column named like a session function: reachable only when qualified.
  await engine.connection.run(
    `CREATE TABLE data AS SELECT range AS id, 'u' || range AS "user" FROM range(40)`,
  );
});

afterAll(() => {
  engine.connection.closeSync();
  engine.instance.closeSync();
});

async function run(sql: string): Promise<unknown[][]> {
  const guarded = await guardSql(engine.connection, sql, { maxRows: 50 });
  return (await engine.connection.runAndReadAll(guarded.sql)).getRows();
}

function refusal(sql: string): Promise<unknown> {
  return guardSql(engine.connection, sql, { maxRows: 5 }).then(
    () => 'accepted',
    (error: unknown) => error,
  );
}

describe('session functions written as bare keywords', () => {
  it.each([
    'current_user',
    'CURRENT_USER',
    'session_user',
    'user',
    '"user"',
    'current_role',
    'current_schema',
    'current_catalog',
  ])('refuses SELECT %s like its call form', async (keyword) => {
    expect(await refusal(`SELECT ${keyword}`)).toMatchObject({
      code: 'unsafe_sql',
      hint: expect.stringContaining('qualify it with its table'),
    });
    const call = keyword.replaceAll('"', '').toLowerCase();
    expect(await refusal(`SELECT ${call}()`)).toMatchObject({ code: 'unsafe_sql' });
  });

  it('refuses them in any clause, and inside subqueries', async () => {
    expect(await refusal('SELECT id FROM data WHERE current_schema IS NOT NULL')).toMatchObject({
      code: 'unsafe_sql',
    });
    expect(await refusal('SELECT (SELECT session_user) AS s')).toMatchObject({ code: 'unsafe_sql' });
  });

  it('reads a column of that name when it is qualified', async () => {
    expect(await run('SELECT data."user" FROM data WHERE id = 3')).toEqual([['u3']]);
    expect(await run('SELECT d.user FROM data AS d WHERE id = 4')).toEqual([['u4']]);
  });

  it('keeps the keywords whose call forms are allowed', async () => {
    const [[today, same]] = (await run('SELECT current_date, current_date = today()')) as [
      [unknown, boolean],
    ];
    expect(today).toBeDefined();
    expect(same).toBe(true);
  });
});

describe('sampling', () => {
  it.each([
    'SELECT * FROM data USING SAMPLE 10%',
    'SELECT * FROM data USING SAMPLE 5 ROWS',
    'SELECT * FROM data TABLESAMPLE 10%',
    'SELECT * FROM data TABLESAMPLE reservoir(5 ROWS) REPEATABLE (1)',
    'SELECT count(*) FROM (SELECT * FROM data USING SAMPLE 50%)',
    'WITH s AS (SELECT * FROM data TABLESAMPLE 10%) SELECT * FROM s',
    'SELECT * FROM data a JOIN data b TABLESAMPLE 10% ON a.id = b.id',
  ])('refuses %s with a deterministic way to thin rows', async (sql) => {
    expect(await refusal(sql)).toMatchObject({
      code: 'unsafe_sql',
      hint: expect.stringContaining('WHERE hash(rowid) % 10 = 0'),
    });
  });

  it('runs the deterministic share the hint suggests, with the same rows every time', async () => {
    const sql = 'SELECT id FROM data WHERE hash(rowid) % 10 = 0 ORDER BY id';
    const first = await run(sql);
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(40);
    expect(await run(sql)).toEqual(first);
  });
});
