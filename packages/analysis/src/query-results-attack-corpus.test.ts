import type { Envelope } from '@opendata-mcp/core';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { SQL_ATTACK_CORPUS } from '@opendata-mcp/tabular/attack-corpus';
import { beforeAll, describe, expect, it } from 'vitest';
import { analysisExtension } from './analysis-extension.js';
import { keepTable } from './kept-table.test-support.js';

const CASES = Object.entries(SQL_ATTACK_CORPUS).flatMap(([category, cases]) =>
  cases.map(([sql, outcome]) => ({ category, sql, outcome })),
);

let server: OpenDataServer;
let data: string;
let other: string;

beforeAll(async () => {
  server = createOpenDataServer({
    adapters: [],
    extensions: [analysisExtension],
    logger: silentLogger,
    limits: { queryTimeoutMs: 1_500, maxQueryMemoryBytes: 128 * 1024 * 1024 },
  });
  data = await keepTable(server);
  other = await keepTable(server);
});

const query = (sql: string, limit = 20): Promise<Envelope> =>
  server.callTool('query_results', { results: { data, other }, sql, limit });

function codeOf(envelope: Envelope): string {
  return envelope.ok ? 'ok' : envelope.error.code;
}

async function stillServes(): Promise<void> {
  const count = await query('SELECT count(*) AS n FROM data');
  expect(count.ok && count.rows).toEqual([[40]]);
}

describe('the SQL attack corpus against query_results, with the result named `data`', () => {
  it('replays the whole corpus', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(CASES.filter((c) => c.outcome === 'refused'))('$category: refuses $sql', async ({ sql }) => {
    expect(codeOf(await query(sql))).toBe('unsafe_sql');
  });

  it.each(CASES.filter((c) => c.outcome === 'unparsable'))(
    '$category: cannot parse $sql',
    async ({ sql }) => {
      const answer = await query(sql);
      expect(answer.ok ? null : answer.error).toMatchObject({
        code: 'query_error',
        message: expect.stringMatching(/could not be parsed/),
      });
    },
  );

  it.each(CASES.filter((c) => c.outcome === 'accepted'))(
    '$category: runs $sql harmlessly',
    async ({ sql }) => {
      const answer = await query(sql, 5);
      expect(answer.ok, JSON.stringify(answer).slice(0, 300)).toBe(true);
      if (answer.ok) expect((answer.rows as unknown[]).length).toBeLessThanOrEqual(5);
      await stillServes();
    },
  );

  it.each(CASES.filter((c) => c.outcome === 'error'))(
    '$category: $sql fails in the engine',
    async ({ sql }) => {
      expect(codeOf(await query(sql))).toBe('query_error');
    },
  );

  it.each(CASES.filter((c) => c.outcome === 'bomb'))('$category: stops $sql', async ({ sql }) => {
    const started = Date.now();
    expect(['query_timeout', 'resource_too_large']).toContain(codeOf(await query(sql, 5)));
    expect(Date.now() - started).toBeLessThan(5_000);
    await stillServes();
  });

  it.each([
    ['SELECT * FROM missing', 'a name that was not given'],
    ['SELECT * FROM data, "Other"."data"', 'a qualified name'],
    ['SELECT * FROM othe', 'a near miss'],
  ])('refuses %s (%s)', async (sql) => {
    expect(codeOf(await query(sql))).toBe('unsafe_sql');
  });

  it('reads every named result, joined, and only those', async () => {
    const answer = await query('SELECT count(*) AS n FROM data JOIN other USING (a)');
    expect(answer.ok && answer.rows).toEqual([[40]]);
    const refused = await server.callTool('query_results', { results: { data }, sql: 'SELECT * FROM other' });
    expect(codeOf(refused)).toBe('unsafe_sql');
  });
});
