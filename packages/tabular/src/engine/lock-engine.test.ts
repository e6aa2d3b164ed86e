import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSession } from '../local/local-session.js';
import type { TableSession } from '../table-session.js';
import { TEST_LIMITS } from '../test-support.js';
import { createEngine, type Engine } from './create-engine.js';
import { runLimited } from './run-limited.js';

// These statements bypass the SQL guard on purpose: the engine itself must refuse them.
const MUST_FAIL: Array<[string, RegExp]> = [
  ["SELECT * FROM read_csv('/etc/passwd')", /Permission Error/],
  ["SELECT * FROM read_text('/etc/passwd')", /Permission Error/],
  ["SELECT * FROM '/etc/passwd'", /Permission Error|does not exist/],
  ["SELECT * FROM glob('/etc/*')", /Permission Error/],
  ["COPY data TO '/tmp/opendata-lock-test.csv'", /Permission Error/],
  ["EXPORT DATABASE '/tmp/opendata-lock-test'", /Permission Error/],
  ["ATTACH '/tmp/opendata-lock-test.db' AS other", /Permission Error/],
  ['INSTALL httpfs', /Permission Error/],
  ['LOAD httpfs', /Permission Error/],
  ["SET memory_limit = '100GB'", /configuration has been locked/],
  ['SET enable_external_access = true', /configuration has been locked/],
  ['SET lock_configuration = false', /configuration has been locked/],
  ['PRAGMA threads = 64', /configuration has been locked/],
  ['RESET memory_limit', /configuration has been locked/],
];

let engine: Engine;
let session: TableSession;

beforeAll(async () => {
  engine = await createEngine(TEST_LIMITS);
  await engine.connection.run("CREATE TABLE data AS SELECT 'x' AS a, 1 AS b");
  session = await createLocalSession(engine, { format: 'records', notes: [], limits: TEST_LIMITS });
});

afterAll(async () => {
  await session.close();
});

describe('engine lockdown (raw statements on the locked connection)', () => {
  it.each(MUST_FAIL)('refuses %s', async (sql, message) => {
    await expect(engine.connection.run(sql)).rejects.toThrow(message);
  });

  it('still answers ordinary queries after all of that', async () => {
    expect((await session.query('SELECT a, b FROM data', { limit: 5 })).rows).toEqual([{ a: 'x', b: 1 }]);
  });

  it('reports the locked settings', async () => {
    const reader = await engine.connection.runAndReadAll(
      "SELECT current_setting('enable_external_access'), current_setting('lock_configuration'), current_setting('autoload_known_extensions')",
    );
    expect(reader.getRows()).toEqual([[false, true, false]]);
  });

  it('runs only one SELECT even when handed stacked SQL past the guard', async () => {
    for (const sql of [
      'SELECT 1 FROM data; DROP TABLE data',
      'DROP TABLE data',
      'CREATE TABLE t AS SELECT 1',
    ]) {
      const outcome = await runLimited(engine.connection, sql, { timeoutMs: 1_000 });
      expect(outcome.error).toMatchObject({ code: 'unsafe_sql' });
    }
    expect(session.rowCount).toBe(1);
    expect((await session.query('SELECT count(*) AS n FROM data', { limit: 1 })).rows).toEqual([{ n: 1 }]);
  });

  it('returns guard refusals as rejected promises', async () => {
    await expect(session.query('DROP TABLE data', { limit: 5 })).rejects.toMatchObject({
      code: 'unsafe_sql',
    });
  });
});
