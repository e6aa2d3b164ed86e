import { isOpenDataError } from '@opendata-mcp/core';
import { fuzzParameters, fuzzTimeout } from '@opendata-mcp/core/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../engine/create-engine.js';
import { guardSql } from '../sql-guard/guard-sql.js';
import { MAX_SQL_NESTING, MAX_SUBQUERY_NESTING } from '../sql-guard/sql-nesting.js';
import { TEST_LIMITS } from '../test-support.js';
import { nestedJson, nestedQuery } from './nesting-arbitrary.js';

/**
 * The nesting bounds against generated queries whose depth is known by construction: refused
 * exactly past the cap, with unsafe_sql; below it, guarded and run by the engine.
 */
let engine: Engine;

beforeAll(async () => {
  engine = await createEngine(TEST_LIMITS);
  await engine.connection.run('CREATE TABLE data AS SELECT (range * 1.5)::DOUBLE AS b FROM range(40)');
});

afterAll(() => {
  engine.connection.closeSync();
  engine.instance.closeSync();
});

async function outcome(sql: string): Promise<string> {
  try {
    const guarded = await guardSql(engine.connection, sql, { maxRows: 5 });
    await engine.connection.runAndReadAll(guarded.sql);
    return 'ran';
  } catch (error) {
    return isOpenDataError(error) ? error.code : `unexpected: ${String(error)}`;
  }
}

describe('nesting bounds under generated queries', () => {
  it(
    'refuses subqueries nested past the cap and runs the rest',
    async () => {
      await fc.assert(
        fc.asyncProperty(nestedQuery, async ({ sql, depth }) => {
          expect(await outcome(sql)).toBe(depth > MAX_SUBQUERY_NESTING ? 'unsafe_sql' : 'ran');
        }),
        fuzzParameters(150),
      );
    },
    fuzzTimeout(60_000),
  );

  it(
    'refuses JSON literals nested past the bracket cap and reads the rest',
    async () => {
      await fc.assert(
        fc.asyncProperty(nestedJson, async ({ json, depth }) => {
          // The call's own parenthesis is one more level of the text.
          const sql = `SELECT json_valid('${json}') AS ok, json_extract('${json}', '$') AS doc`;
          expect(await outcome(sql)).toBe(depth + 1 > MAX_SQL_NESTING ? 'unsafe_sql' : 'ran');
        }),
        fuzzParameters(150),
      );
    },
    fuzzTimeout(60_000),
  );
});
