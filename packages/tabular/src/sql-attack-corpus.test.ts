import { isOpenDataError } from '@opendata-mcp/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRecords } from './open-records.js';
import { SQL_ATTACK_CORPUS as CORPUS } from './sql-guard/sql-attack-corpus.js';

import type { TableSession } from './table-session.js';
import { TEST_LIMITS } from './test-support.js';

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
