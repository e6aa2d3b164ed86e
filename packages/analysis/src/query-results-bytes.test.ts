import type { Envelope } from '@opendata-mcp/core';
import { createOpenDataServer, type OpenDataServerOptions, silentLogger } from '@opendata-mcp/core/server';
import { describe, expect, it } from 'vitest';
import { analysisExtension } from './analysis-extension.js';
import { keepTable } from './kept-table.test-support.js';

function server(options: Partial<OpenDataServerOptions> = {}) {
  return createOpenDataServer({
    adapters: [],
    extensions: [analysisExtension],
    logger: silentLogger,
    ...options,
  });
}

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
const body = (envelope: Envelope) => envelope as Record<string, any>;

describe('query_results answers and kept rows bounded in bytes', () => {
  it("answers SELECT repeat('x', 6000000) bounded, keeps nothing of it, and answers the next call", async () => {
    const s = server();
    const id = await keepTable(s);
    const sql = "SELECT repeat('x', 6000000) AS x FROM t";
    // Over the 40 rows the engine runs out of its memory before any answer is built: refused.
    const whole = body(await s.callTool('query_results', { results: { t: id }, sql }));
    expect(whole.ok).toBe(false);
    expect(whole.error.code).toBe('resource_too_large');
    const answer = body(await s.callTool('query_results', { results: { t: id }, sql: `${sql} LIMIT 3` }));
    expect(answer.ok, JSON.stringify(answer.error)).toBe(true);
    expect(answer.returned).toBe(3);
    expect(answer.rows.every((row: string[]) => row[0]?.length === 2_000)).toBe(true);
    expect(answer.notes.join(' ')).toMatch(/Column "x": 3 value\(s\) longer than 2,000 .*6,000,000/);
    // 18 MB of rows: past what a kept result may hold, so the engine never sent them.
    expect(answer.result_id).toBeNull();
    expect(answer.result_note).toMatch(/rows take more than the 16\.0 MiB a kept result may hold/);
    const next = body(
      await s.callTool('query_results', { results: { t: id }, sql: 'SELECT count(*) AS n FROM t' }),
    );
    expect(next.rows).toEqual([[40]]);
    await s.close();
  }, 60_000);

  it('refuses a page over the answer budget with resource_too_large, naming what to narrow', async () => {
    const s = server({ limits: { maxAnswerBytes: 256 * 1024 } });
    const id = await keepTable(s);
    const sql = "SELECT a, repeat('p', 1990) AS p, repeat('q', 1990) AS q FROM t";
    const refused = body(await s.callTool('query_results', { results: { t: id }, sql, limit: 100 }));
    expect(refused.ok).toBe(false);
    expect(refused.error.code).toBe('resource_too_large');
    expect(refused.error.hint).toMatch(/fewer columns.*fewer rows.*aggregate/);
    const fewer = body(await s.callTool('query_results', { results: { t: id }, sql, limit: 10 }));
    expect(fewer.returned).toBe(10);
    expect(typeof fewer.result_id).toBe('string');
    await s.close();
  }, 60_000);

  it('keeps a result only while its rows fit the kept-result bound', async () => {
    const s = server({ results: { maxResultBytes: 64 * 1024 } });
    const id = await keepTable(s);
    const wide = body(
      await s.callTool('query_results', {
        results: { t: id },
        sql: "SELECT a, repeat('w', 1990) AS w FROM t",
      }),
    );
    expect(wide.ok).toBe(true);
    expect(wide.returned).toBe(20);
    expect(wide.result_id).toBeNull();
    expect(wide.result_note).toMatch(/0\.1 MiB a kept result may hold/);
    const narrow = body(await s.callTool('query_results', { results: { t: id }, sql: 'SELECT a FROM t' }));
    expect(typeof narrow.result_id).toBe('string');
    await s.close();
  }, 60_000);
});
