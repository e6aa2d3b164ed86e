import type { Envelope } from '@opendata-mcp/core';
import {
  createMemoryStore,
  createOpenDataServer,
  type OpenDataServerOptions,
  silentLogger,
} from '@opendata-mcp/core/server';
import { describe, expect, it } from 'vitest';
import { analysisExtension } from './analysis-extension.js';
import { CORPUS_TABLE, keepTable } from './kept-table.test-support.js';
import { MAX_KEPT_ROWS } from './query-results-tool.js';

function server(options: Partial<OpenDataServerOptions> = {}) {
  return createOpenDataServer({
    adapters: [],
    extensions: [analysisExtension],
    logger: silentLogger,
    ...options,
  });
}

function error(envelope: Envelope): { code: string; message: string; hint: string | null } {
  if (envelope.ok) throw new Error(`expected a refusal, got ${JSON.stringify(envelope).slice(0, 200)}`);
  return envelope.error;
}

const count = (results: Record<string, string>) => ({ results, sql: 'SELECT count(*) AS n FROM t' });

describe('query_results refusals', () => {
  it('does not read a result kept by another server instance', async () => {
    const one = server();
    const other = server();
    const id = await keepTable(one);
    expect((await one.callTool('query_results', count({ t: id }))).ok).toBe(true);
    const refused = error(await other.callTool('query_results', count({ t: id })));
    expect(refused.code).toBe('not_found');
    expect(refused.hint).toMatch(/again/);
  });

  it('does not read a result of another namespace in a shared store, and reads it within one', async () => {
    const store = createMemoryStore();
    const a = server({ results: { store, namespace: 'replicas-a' } });
    const b = server({ results: { store, namespace: 'replicas-b' } });
    const a2 = server({ results: { store, namespace: 'replicas-a' } });
    const id = await keepTable(a);
    expect(error(await b.callTool('query_results', count({ t: id }))).code).toBe('not_found');
    const shared = await a2.callTool('query_results', count({ t: id }));
    expect(shared.ok && shared.rows).toEqual([[40]]);
  });

  it('refuses a forged id: unknown ones as not_found, malformed ones as invalid_input', async () => {
    const s = server();
    await keepTable(s);
    expect(error(await s.callTool('query_results', count({ t: 'Zm9yZ2VkLWJ1dC13ZWxsLWZv' }))).code).toBe(
      'invalid_input',
    );
    expect(error(await s.callTool('query_results', count({ t: 'Zm9yZ2VkLWJ1dC13ZWxsLW' }))).code).toBe(
      'not_found',
    );
    expect(error(await s.callTool('query_results', count({ t: "x' OR 1=1 --" }))).code).toBe('invalid_input');
  });

  it('answers an expired id with not_found and the call to run again', async () => {
    const s = server({ results: { ttlMs: 100 } });
    const id = await keepTable(s);
    expect((await s.callTool('query_results', count({ t: id }))).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const refused = error(await s.callTool('query_results', count({ t: id })));
    expect(refused.code).toBe('not_found');
    expect(refused.message).toMatch(/expired/);
    expect(refused.hint).toContain('get_test_table');
  });

  it.each([
    ['1table', 'a leading digit'],
    ['my-table', 'a hyphen'],
    ['a b', 'a space'],
    ['"t"', 'quotes'],
    ['dаta', 'a Cyrillic letter'],
    ['duckdb_settings', "a name of DuckDB's catalogue"],
    ['information_schema', "a name of DuckDB's catalogue"],
    ['x'.repeat(41), 'more than 40 characters'],
  ])('refuses the name %j (%s) as invalid_input', async (name) => {
    const s = server();
    const id = await keepTable(s);
    const refused = error(await s.callTool('query_results', { results: { [name]: id }, sql: 'SELECT 1' }));
    expect(refused.code).toBe('invalid_input');
    expect(refused.hint).toMatch(/letter/);
  });

  it('refuses no results, too many, and two names that differ only in case', async () => {
    const s = server();
    const id = await keepTable(s);
    expect(error(await s.callTool('query_results', { results: {}, sql: 'SELECT 1' })).code).toBe(
      'invalid_input',
    );
    const nine = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`t${i}`, id]));
    expect(error(await s.callTool('query_results', { results: nine, sql: 'SELECT 1' })).code).toBe(
      'invalid_input',
    );
    const twice = error(await s.callTool('query_results', { results: { T: id, t: id }, sql: 'SELECT 1' }));
    expect(twice).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/ignore case/) });
  });

  it('answers a result past the rows it may keep, without keeping it, and says why', async () => {
    const s = server();
    const id = await keepTable(s);
    const answer = await s.callTool('query_results', {
      results: { t: id },
      sql: 'SELECT a.b FROM t a, t b, t c, t d',
      limit: 3,
    });
    expect(answer).toMatchObject({
      ok: true,
      returned: 3,
      truncated: true,
      total_matched: null,
      result_id: null,
      result_note: expect.stringContaining(String(MAX_KEPT_ROWS)),
    });
  });

  it('keeps its own answer, which a further query reads with the sources it came from', async () => {
    const s = server();
    const id = await keepTable(s);
    const first = await s.callTool('query_results', {
      results: { t: id },
      sql: 'SELECT a, b * 2 AS twice FROM t',
    });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.total_matched).toBe(CORPUS_TABLE.rows.length);
    const second = await s.callTool('query_results', {
      results: { doubled: first.result_id as string },
      sql: 'SELECT sum(twice) AS total FROM doubled',
    });
    expect(second.ok && second.rows).toEqual([
      [CORPUS_TABLE.rows.reduce((sum, row) => sum + Number(row[1]) * 2, 0)],
    ]);
    expect(second.ok && second.citation).toContain('Test office');
  });

  it('finds nothing on a server that keeps no results', async () => {
    const s = server({ results: { enabled: false } });
    const refused = error(await s.callTool('query_results', count({ t: 'Zm9yZ2VkLWJ1dC13ZWxsLW' })));
    expect(refused).toMatchObject({ code: 'not_found', message: 'This server keeps no results.' });
  });
});
