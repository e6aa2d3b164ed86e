import { isOpenDataError } from '@opendata-mcp/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecords } from './open-records.js';

import type { TableSession } from './table-session.js';
import { TEST_LIMITS } from './test-support.js';

/**
 * refused: the guard throws unsafe_sql. unparsable: DuckDB's parser cannot read it, so nothing runs
 * (query_error naming the syntax error). accepted: the guard passes it and it runs harmlessly.
 * error: the guard passes it and the engine itself answers with query_error (a missing column …).
 * bomb: passes the guard by design (ordinary SQL) and must end by the deadline or the memory
 * ceiling, which ends the table's engine process and never the server.
 */
type Outcome = 'refused' | 'unparsable' | 'accepted' | 'error' | 'bomb';

const CORPUS: Record<string, Array<[string, Outcome]>> = {
  'stacked statements': [
    ['SELECT 1 FROM data; DROP TABLE data', 'refused'],
    ['SELECT * FROM data; SELECT * FROM data', 'refused'],
    ["SELECT * FROM data; COPY data TO '/tmp/out.csv'", 'refused'],
    ["SELECT * FROM data;\nATTACH '/tmp/x.db'", 'refused'],
    ['SELECT * FROM data --\n; DELETE FROM data', 'refused'],
    ['SELECT * FROM data; SET enable_external_access = true', 'refused'],
  ],
  'DML and DDL': [
    ['INSERT INTO data VALUES (1, 2)', 'refused'],
    ["UPDATE data SET a = 'x'", 'refused'],
    ['DELETE FROM data', 'refused'],
    ['DROP TABLE data', 'refused'],
    ['CREATE TABLE t AS SELECT * FROM data', 'refused'],
    ['ALTER TABLE data ADD COLUMN z INTEGER', 'refused'],
    ['TRUNCATE data', 'refused'],
    ['SELECT * INTO t FROM data', 'unparsable'],
    ['CREATE MACRO m(x) AS x', 'refused'],
  ],
  'file and URL readers': [
    ["SELECT * FROM read_csv('/etc/passwd')", 'refused'],
    ["SELECT * FROM read_csv_auto('/etc/passwd')", 'refused'],
    ["SELECT * FROM READ_CSV('/etc/passwd')", 'refused'],
    ['SELECT * FROM "read_csv"(\'/etc/passwd\')', 'refused'],
    ["SELECT * FROM read_parquet('s3://bucket/x.parquet')", 'refused'],
    ["SELECT * FROM read_json_auto('http://169.254.169.254/latest/meta-data')", 'refused'],
    ["SELECT * FROM read_text('/etc/passwd')", 'refused'],
    ["SELECT read_blob('/etc/passwd')", 'refused'],
    ["SELECT * FROM glob('/etc/*')", 'refused'],
    ["SELECT * FROM data, read_csv('/etc/passwd')", 'refused'],
    ["SELECT * FROM (SELECT * FROM read_csv('/etc/passwd')) s", 'refused'],
    ["SELECT * FROM data WHERE a IN (SELECT * FROM read_csv('/etc/passwd'))", 'refused'],
    ["WITH t AS (SELECT * FROM read_csv('/etc/passwd')) SELECT * FROM t", 'refused'],
    ["SELECT * FROM sniff_csv('/etc/passwd')", 'refused'],
  ],
  'replacement scans': [
    ["SELECT * FROM '/etc/passwd'", 'refused'],
    ["SELECT * FROM 'data.csv'", 'refused'],
    ['SELECT * FROM "/etc/passwd"', 'refused'],
    ["SELECT * FROM 'https://example.org/x.csv'", 'refused'],
    ["SELECT * FROM data JOIN 'secrets.parquet' ON true", 'refused'],
    // A CTE may have any name: it is the CTE that is read, not a file.
    ['WITH "x.csv" AS (SELECT 1 AS one) SELECT * FROM "x.csv"', 'accepted'],
  ],
  'query() and query_table()': [
    ["SELECT * FROM query('SELECT 1')", 'refused'],
    ["SELECT * FROM query_table('data')", 'refused'],
    ["SELECT * FROM data WHERE a IN (SELECT * FROM query('SELECT 1'))", 'refused'],
  ],
  'engine commands': [
    ["COPY data TO '/tmp/out.csv'", 'refused'],
    ["EXPORT DATABASE '/tmp/export'", 'refused'],
    ["ATTACH '/tmp/x.db' AS x", 'refused'],
    ['DETACH x', 'refused'],
    ['INSTALL httpfs', 'refused'],
    ['LOAD httpfs', 'refused'],
    ["SET memory_limit = '100GB'", 'refused'],
    ['PRAGMA database_list', 'refused'],
    ['RESET memory_limit', 'refused'],
    ['CALL pragma_version()', 'refused'],
    ['CHECKPOINT', 'refused'],
    ['USE memory', 'refused'],
    ['DESCRIBE data', 'refused'],
    ['BEGIN TRANSACTION', 'refused'],
  ],
  'settings, environment and catalogue probes': [
    ["SELECT current_setting('home_directory')", 'refused'],
    ["SELECT getenv('HOME')", 'refused'],
    ['SELECT * FROM duckdb_settings()', 'refused'],
    ['SELECT duckdb_extensions()', 'refused'],
    ['SELECT * FROM duckdb_tables', 'refused'],
    ['SELECT * FROM information_schema.tables', 'refused'],
    ['SELECT * FROM pg_catalog.pg_tables', 'refused'],
    ['SELECT * FROM sqlite_master', 'refused'],
    ['SELECT * FROM main.data', 'refused'],
    ['SELECT * FROM system.main.data', 'refused'],
    ['SELECT version()', 'refused'],
    ['SELECT current_database()', 'refused'],
    ['SELECT setseed(0.5)', 'refused'],
    ["SELECT nextval('s')", 'refused'],
  ],
  'comment- and case-split keywords': [
    ['SEL/**/ECT * FROM data', 'unparsable'],
    ["SELECT * FROM read_/**/csv('/etc/passwd')", 'refused'],
    ["SELECT * FROM read_csv/**/('/etc/passwd')", 'refused'],
    ['/*!50000 SELECT */ * FROM data', 'unparsable'],
    ['SeLeCt * FrOm DaTa', 'accepted'],
    ['SELECT * FROM data /* ; DROP TABLE data */', 'accepted'],
    ['SELECT count(*) FROM data -- ; DROP TABLE data', 'accepted'],
  ],
  'unicode tricks': [
    ['SELECT * FROM dаta', 'refused'],
    ['SELECT * FROM "dаta"', 'refused'],
    ['ＳＥＬＥＣＴ * FROM data', 'unparsable'],
    // DuckDB's own lexer reads the zero-width space as a separator; the printed query shows it.
    ['SELECT\u200b* FROM data', 'accepted'],
    ["SELECT * FROM read\u00adcsv('/etc/passwd')", 'refused'],
    ["SELECT 'ʼ; DROP TABLE data; --' AS a FROM data", 'accepted'],
  ],
  parameters: [
    ['SELECT * FROM data WHERE a = $1', 'refused'],
    ['SELECT * FROM data WHERE a = ?', 'refused'],
    ['SELECT * FROM data WHERE a = :name', 'unparsable'],
    // `@` is DuckDB's absolute-value operator: an unknown column, not a variable.
    ['SELECT @x', 'error'],
  ],
  'semicolons and quotes inside strings': [
    ["SELECT 'a;b' AS s FROM data", 'accepted'],
    ["SELECT * FROM data WHERE a = 'it''s; DELETE FROM data'", 'accepted'],
    ["SELECT ';' || a AS s FROM data", 'accepted'],
    ["SELECT E'\\'; SELECT 42 AS pwn; --' FROM data", 'accepted'],
    ["SELECT count(*) AS n FROM data WHERE a LIKE '%;%'", 'accepted'],
    ['SELECT "a" AS "x; DROP TABLE data" FROM data', 'accepted'],
  ],
  'resource bombs': [
    ['SELECT * FROM range(1000000000000)', 'refused'],
    ['SELECT * FROM generate_series(1, 1000000000000)', 'refused'],
    ['SELECT range(1000000000)', 'refused'],
    ['WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT count(*) FROM t', 'refused'],
    ['SELECT count(*) FROM data a, data b, data c, data d, data e, data f, data g, data h', 'bomb'],
    ["SELECT length(string_agg(a.a || b.a, '')) FROM data a, data b, data c, data d, data e, data f", 'bomb'],
    ["SELECT length(array_to_string(list(a.a), ', ')) FROM data a, data b, data c, data d, data e", 'bomb'],
    ["SELECT length(repeat('x', 2000000000))", 'bomb'],
    ["SELECT length(lpad(a, 2000000000, 'x')) FROM data", 'bomb'],
    [
      `SELECT length(replace(replace(replace(a, 'r', '${'r'.repeat(1000)}'), 'r', '${'r'.repeat(1000)}'), 'r', '${'r'.repeat(1000)}')) FROM data`,
      'bomb',
    ],
    [
      `SELECT levenshtein(replace('${'x'.repeat(1000)}', 'x', '${'y'.repeat(100)}'), replace('${'x'.repeat(1000)}', 'x', '${'z'.repeat(300)}'))`,
      'bomb',
    ],
  ],
  "DuckDB's own dialect": [
    ["SELECT '\\' AS x, duckdb_settings() --' FROM data", 'refused'],
    ["SELECT '\\' AS x, current_setting('memory_limit') --' FROM data", 'refused'],
    ["SELECT '\\' AS x, * FROM range(40000000) --' FROM data", 'refused'],
    ["SELECT '\\' AS x, version() --' FROM data", 'refused'],
    ["SELECT * FROM glob('*')", 'refused'],
    ["SELECT read_text('x')", 'refused'],
    ["SELECT * FROM read_text('.tmp/*')", 'refused'],
    ["SELECT query('SELECT 1')", 'refused'],
    ["SELECT getvariable('x')", 'refused'],
    ['SET VARIABLE x = 1', 'refused'],
    ['CREATE MACRO m(x) AS x + 1', 'refused'],
    ['CREATE TEMP MACRO t() AS TABLE SELECT 1', 'refused'],
    ['SUMMARIZE data', 'refused'],
    ['SELECT * FROM (SUMMARIZE data)', 'refused'],
    ['SELECT * FROM (DESCRIBE data)', 'refused'],
    ['SHOW TABLES', 'refused'],
    ['FROM duckdb_settings()', 'refused'],
    ['FROM duckdb_tables', 'refused'],
    ['FROM data SELECT a', 'accepted'],
    ['FROM data', 'accepted'],
    ["SELECT * FROM duckdb_tables() PIVOT (count(*) FOR table_name IN ('x'))", 'refused'],
    ['SELECT * FROM information_schema.tables UNPIVOT (v FOR k IN (table_name))', 'refused'],
    ['PIVOT duckdb_settings() ON name USING first(value)', 'refused'],
    ["SELECT list_transform([1, 2], x -> getenv('HOME'))", 'refused'],
    ["SELECT list_transform(['a'], x -> x || 'b') AS l FROM data", 'accepted'],
    ["SELECT query_table('data')", 'refused'],
    ["SELECT json_execute_serialized_sql(json_serialize_sql('SELECT version()'))", 'refused'],
    ["SELECT * FROM json_execute_serialized_sql(json_serialize_sql('SELECT 1'))", 'refused'],
    ["SELECT 'SELECT * FROM ' || 'read_text(''/etc/passwd'')' AS s FROM data", 'accepted'],
    ['WITH duckdb_settings AS (SELECT * FROM duckdb_settings) SELECT * FROM duckdb_settings', 'refused'],
    ['WITH x AS (SELECT 1) SELECT * FROM (WITH y AS (SELECT 2) SELECT 3), y', 'refused'],
    ['SELECT * FROM data AT (VERSION => 1)', 'refused'],
    ['SELECT * FROM data LIMIT (SELECT count(*) FROM data)', 'refused'],
    ["SELECT * FROM 'data'", 'accepted'],
    ['SELECT system.main.version()', 'refused'],
    ['SELECT main.lower(a) AS l FROM data', 'accepted'],
    ['SELECT pg_catalog.lower(a) FROM data', 'refused'],
    ['SELECT random()', 'refused'],
    ['SELECT uuid()', 'refused'],
    ["SELECT which_secret('s3://x', 's3')", 'refused'],
    ["SELECT * FROM data WHERE a = getenv('HOME')", 'refused'],
    ["SELECT * FROM read_csv(['/etc/passwd'])", 'refused'],
    ["SELECT * FROM parquet_metadata('x.parquet')", 'refused'],
  ],
};

const CASES = Object.entries(CORPUS).flatMap(([category, cases]) =>
  cases.map(([sql, outcome]) => ({ category, sql, outcome })),
);

let session: TableSession;

function openCorpusTable(): Promise<TableSession> {
  const records = Array.from({ length: 40 }, (_, index) => ({ a: `row ${index}`, b: index * 1.5 }));
  return openRecords({
    fields: [
      { id: 'a', type: 'text' },
      { id: 'b', type: 'numeric' },
    ],
    records,
    limits: { ...TEST_LIMITS, memoryBytes: 128 * 1024 * 1024, queryTimeoutMs: 1_500 },
  });
}

beforeAll(async () => {
  session = await openCorpusTable();
});

afterAll(async () => {
  await session.close();
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return isOpenDataError(error) ? error.code : `unexpected: ${String(error)}`;
  }
}

describe('SQL attack corpus', () => {
  it('has at least 60 inputs over every category of the issue', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    expect(Object.keys(CORPUS)).toHaveLength(13);
  });

  it('names stacked statements as more than one statement, not as a query that is not a SELECT', async () => {
    const refusal = await session.query('SELECT 1 FROM data; DROP TABLE data', { limit: 5 }).catch((e) => e);
    expect(refusal).toMatchObject({
      code: 'unsafe_sql',
      message: 'Exactly one statement is allowed; found 2.',
    });
  });

  it.each(CASES.filter((c) => c.outcome === 'unparsable'))(
    '$category: cannot parse $sql',
    async ({ sql }) => {
      const error = await session.query(sql, { limit: 20 }).catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: 'query_error',
        message: expect.stringMatching(/could not be parsed/),
      });
      expect((await session.query('SELECT count(*) AS n FROM data', { limit: 1 })).rows).toEqual([{ n: 40 }]);
    },
  );

  it.each(CASES.filter((c) => c.outcome === 'refused'))('$category: refuses $sql', async ({ sql }) => {
    expect(await codeOf(session.query(sql, { limit: 20 }))).toBe('unsafe_sql');
  });

  it.each(CASES.filter((c) => c.outcome === 'accepted'))(
    '$category: runs $sql harmlessly',
    async ({ sql }) => {
      const result = await session.query(sql, { limit: 5 });
      expect(result.rows.length).toBeLessThanOrEqual(5);
      expect(session.rowCount).toBe(40);
      expect((await session.query('SELECT count(*) AS n FROM data', { limit: 1 })).rows).toEqual([{ n: 40 }]);
    },
  );

  it.each(CASES.filter((c) => c.outcome === 'error'))(
    '$category: $sql fails in the engine',
    async ({ sql }) => {
      expect(await codeOf(session.query(sql, { limit: 5 }))).toBe('query_error');
      expect((await session.query('SELECT count(*) AS n FROM data', { limit: 1 })).rows).toEqual([{ n: 40 }]);
    },
  );

  it.each(CASES.filter((c) => c.outcome === 'bomb'))('$category: stops $sql', async ({ sql }) => {
    const started = Date.now();
    expect(['query_timeout', 'resource_too_large']).toContain(await codeOf(session.query(sql, { limit: 5 })));
    // The query's limit is 1.5 s; its process is killed at most a grace period later.
    expect(Date.now() - started).toBeLessThan(5_000);
    if (!session.isOpen()) session = await openCorpusTable();
    expect((await session.query('SELECT count(*) AS n FROM data', { limit: 1 })).rows).toEqual([{ n: 40 }]);
  });
});
