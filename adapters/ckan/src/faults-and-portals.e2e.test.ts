import { type CkanFixture, startCkanFixture } from '@opendata-mcp/fixtures';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, type StdioSession } from '../e2e/stdio-client.js';

describe('CKAN portal faults over stdio', () => {
  let fixture: CkanFixture;
  let session: StdioSession;

  beforeAll(async () => {
    fixture = await startCkanFixture();
    session = await connectStdio([fixture]);
  });
  afterEach(() => fixture.faults.set('none'));
  afterAll(async () => {
    await session?.close();
    await fixture?.close();
  });

  const cases = [
    { kind: 'rate_limit', code: 'rate_limited', retryable: true },
    { kind: 'unavailable', code: 'upstream_unavailable', retryable: true },
    { kind: 'slow', code: 'upstream_timeout', retryable: true },
    { kind: 'malformed', code: 'upstream_error', retryable: false },
  ] as const;
  for (const { kind, code, retryable } of cases) {
    it(`maps a ${kind} portal to ${code}`, async () => {
      fixture.faults.set(kind, { delayMs: 4_000, retryAfterSeconds: 1 });
      const { body, isError } = await session.call('search_datasets', { query: `fault ${kind}` });
      expect(isError).toBe(true);
      expect(body.error.code).toBe(code);
      expect(body.error.retryable).toBe(retryable);
      expect(body).not.toHaveProperty('datasets');
    });
  }

  it('reports a truncated body as a retryable upstream failure, never as no data', async () => {
    fixture.faults.set('truncated');
    const { body, isError } = await session.call('search_datasets', { query: 'truncated' });
    expect(isError).toBe(true);
    expect(['upstream_unavailable', 'upstream_error']).toContain(body.error.code);
  });

  it('recovers when a one-off outage is retried', async () => {
    fixture.faults.set('unavailable', { times: 1 });
    const { body, isError } = await session.call('search_datasets', { query: 'bus' });
    expect(isError).toBe(false);
    expect(body.datasets[0].name).toBe('sunderland-bus-stops');
  });

  it('fails a resource download cleanly when the file server is down', async () => {
    fixture.faults.set('unavailable', { scope: 'files' });
    const { body } = await session.call('query_resource', {
      dataset_id: 'schueler-staedte-schweiz',
      resource_id: '0ca8c936-e117-5ea6-bd36-562cde16ec80',
      sql: 'SELECT count(*) FROM data',
    });
    expect(body.error.code).toBe('upstream_unavailable');
  });
});

describe('two CKAN portals side by side', () => {
  let first: CkanFixture;
  let second: CkanFixture;
  let session: StdioSession;

  beforeAll(async () => {
    [first, second] = await Promise.all([startCkanFixture(), startCkanFixture()]);
    session = await connectStdio([first, second]);
  });
  afterAll(async () => {
    await session?.close();
    await Promise.all([first?.close(), second?.close()]);
  });

  it('registers the second instance under its tool prefix', async () => {
    const { tools } = await session.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toContain('search_datasets');
    expect(names).toContain('second_search_datasets');
    expect(names).toContain('second_query_resource');
  });

  it('routes each call to its own portal, with its own provenance', async () => {
    const a = await session.call('search_datasets', { query: 'bus' });
    const b = await session.call('second_search_datasets', { query: 'bus' });
    expect(a.body.source.endpoint).toBe(first.url);
    expect(b.body.source.endpoint).toBe(second.url);
    expect(b.body.source.adapter_id).toBe('second');
    const q = await session.call('second_query_resource', {
      dataset_id: 'schueler-staedte-schweiz',
      resource_id: '0ca8c936-e117-5ea6-bd36-562cde16ec80',
      sql: 'SELECT count(*) AS n FROM data',
    });
    expect(q.body.rows).toEqual([[7]]);
    expect(second.requests.some((r) => r.path.startsWith('/files/'))).toBe(true);
    expect(first.requests.some((r) => r.path.startsWith('/files/'))).toBe(false);
  });

  it('reports both portals in api_status while one is down', async () => {
    second.faults.set('unavailable');
    const { body } = await session.call('api_status', {});
    second.faults.set('none');
    const byId = Object.fromEntries(body.backends.map((b: { adapter_id: string }) => [b.adapter_id, b]));
    expect(byId.ckan.reachable).toBe(true);
    expect(byId.second.reachable).toBe(false);
    expect(body.all_reachable).toBe(false);
  });
});
