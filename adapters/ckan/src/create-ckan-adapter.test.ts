import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '@opendata-mcp/core';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { startLoopbackServer } from '@opendata-mcp/core/testing';
import { type CkanFixture, startCkanFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CkanOptionsSchema, createCkanAdapter } from './index.js';

/** A new cache folder, removed when the calling test ends. */
function cacheDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function serverFor(options: Parameters<typeof createCkanAdapter>[0], limits = {}) {
  return createOpenDataServer({
    adapters: [createCkanAdapter(options)],
    logger: silentLogger,
    limits,
    http: { cacheDir: cacheDir('ckan-adapter-'), retry: { retries: 0 } },
  });
}

function errorCode(envelope: Envelope): string | undefined {
  return envelope.ok ? undefined : envelope.error.code;
}

describe('createCkanAdapter', () => {
  let fixture: CkanFixture;
  beforeAll(async () => {
    fixture = await startCkanFixture();
  });
  afterAll(async () => fixture.close());

  it('rejects unknown options and non-http URLs at start-up', () => {
    expect(() => createCkanAdapter({ url: fixture.url, typo: true } as never)).toThrow();
    expect(() => createCkanAdapter({ url: 'file:///etc/passwd' })).toThrow();
    expect(CkanOptionsSchema.parse({ url: 'https://data.gov.ua' }).id).toBe('ckan');
  });

  it('finds the /api/action layout when /api/3/action is missing', async () => {
    const proxy = await startLoopbackServer(async (req, res) => {
      if (!req.url?.startsWith('/api/action/')) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html>no</html>');
        return;
      }
      const upstream = await fetch(`${fixture.url}${req.url}`);
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
    });
    const server = serverFor({ url: proxy.origin, trusted_hosts: [proxy.hostPort] });
    const result = await server.callTool('search_datasets', { query: 'bus' });
    expect(result.ok).toBe(true);
    if (result.ok)
      expect((result.source.query?.text ?? '').startsWith(`${proxy.origin}/api/action/`)).toBe(true);
    await server.close();
    await proxy.close();
  });

  it('uses a configured api_path without probing', async () => {
    const server = serverFor({
      url: fixture.url,
      trusted_hosts: [fixture.hostPort],
      api_path: '/api/action',
    });
    const before = fixture.requests.length;
    const result = await server.callTool('get_dataset', { dataset_id: 'pzf-kyiv-city' });
    expect(result.ok).toBe(true);
    expect(fixture.requests.slice(before).map((r) => r.path)).toEqual(['/api/action/package_show']);
    await server.close();
  });

  it('refuses a resource hosted outside allowed_hosts before any request to it', async () => {
    const server = serverFor({
      url: fixture.url,
      trusted_hosts: [fixture.hostPort],
      allowed_hosts: ['127.0.0.1'],
      api_path: '/api/3/action',
    });
    const result = await server.callTool('query_resource', {
      dataset_id: 'taxation-statistics-2011-12',
      resource_id: 'c1eeeb7d-797d-4a7f-80a1-dd45aedae459',
      sql: 'SELECT 1',
    });
    expect(errorCode(result)).toBe('unsafe_url');
    // Only this machine may be reached, as offline: the hint says so, not just the list.
    expect(result.ok ? null : result.error.hint).toMatch(/only a local backend \(127\.0\.0\.1\).*offline/);
    await server.close();
  });

  it('matches allowed_hosts without regard to case', async () => {
    const fileHost = 'files.example.test';
    const filePort = fixture.hostPort.split(':')[1];
    // A portal whose resource URLs name the fixture's files by a host name instead of its address.
    const portal = await startLoopbackServer(async (req, res) => {
      const upstream = await fetch(`${fixture.url}${req.url}`);
      const body = (await upstream.text()).replaceAll(fixture.url, `http://${fileHost}:${filePort}`);
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(body);
    });
    const server = createOpenDataServer({
      adapters: [
        createCkanAdapter({
          url: portal.origin,
          trusted_hosts: [portal.hostPort, `${fileHost}:${filePort}`],
          // The portal's own host too: a trusted host is held to the allow-list like any other.
          allowed_hosts: ['127.0.0.1', 'Files.Example.TEST'],
          api_path: '/api/3/action',
        }),
      ],
      logger: silentLogger,
      http: {
        cacheDir: cacheDir('ckan-hosts-'),
        retry: { retries: 0 },
        resolver: async (name) => (name === fileHost ? ['127.0.0.1'] : []),
      },
    });
    const files = () => fixture.requests.filter((r) => !r.path.startsWith('/api/')).length;
    const before = files();
    const result = await server.callTool('query_resource', {
      dataset_id: 'unclaimed-money-sample',
      resource_id: 'b5745ae6-9d56-56ee-b12c-53aa46cd79c3',
      sql: 'SELECT count(*) AS n FROM data',
    });
    expect(errorCode(result)).toBeUndefined();
    expect(files()).toBeGreaterThan(before);
    await server.close();
    await portal.close();
  });

  it('refuses a file over the download cap instead of cutting it', async () => {
    const server = serverFor(
      { url: fixture.url, trusted_hosts: [fixture.hostPort] },
      { maxDownloadBytes: 50_000 },
    );
    const result = await server.callTool('get_schema', { dataset_id: 'sunderland-bus-stops' });
    expect(errorCode(result)).toBe('resource_too_large');
    await server.close();
  });

  it('refuses a table over the row cap', async () => {
    const server = serverFor({ url: fixture.url, trusted_hosts: [fixture.hostPort] }, { maxRows: 100 });
    const result = await server.callTool('get_schema', { dataset_id: 'sunderland-bus-stops' });
    expect(errorCode(result)).toBe('resource_too_large');
    await server.close();
  });

  it('reports progress while downloading and loading', async () => {
    const server = serverFor({ url: fixture.url, trusted_hosts: [fixture.hostPort] });
    const updates: string[] = [];
    const result = await server.callTool(
      'get_schema',
      { dataset_id: 'sunderland-bus-stops' },
      { onProgress: (u) => updates.push(u.message ?? '') },
    );
    expect(result.ok).toBe(true);
    expect(updates.some((m) => m.startsWith('Downloading'))).toBe(true);
    expect(updates.some((m) => /Load/.test(m))).toBe(true);
    await server.close();
  });

  it('keeps a bounded number of tables open and closes them on close()', async () => {
    const adapter = createCkanAdapter({
      url: fixture.url,
      trusted_hosts: [fixture.hostPort],
      max_open_tables: 1,
      // Every call asks the portal again, so the reload of the evicted table shows as a revalidation.
      metadata_ttl_ms: 0,
    });
    const server = createOpenDataServer({
      adapters: [adapter],
      logger: silentLogger,
      http: { cacheDir: cacheDir('ckan-lru-') },
    });
    const sql = 'SELECT count(*) AS n FROM data';
    const a = await server.callTool('query_resource', {
      dataset_id: 'schueler-staedte-schweiz',
      resource_id: '0ca8c936-e117-5ea6-bd36-562cde16ec80',
      sql,
    });
    const b = await server.callTool('query_resource', {
      dataset_id: 'unclaimed-money-sample',
      resource_id: 'b5745ae6-9d56-56ee-b12c-53aa46cd79c3',
      sql,
    });
    const again = await server.callTool('query_resource', {
      dataset_id: 'schueler-staedte-schweiz',
      resource_id: '0ca8c936-e117-5ea6-bd36-562cde16ec80',
      sql,
    });
    expect([a.ok, b.ok, again.ok]).toEqual([true, true, true]);
    // The first table was evicted by the second, so the third call loaded it again.
    if (again.ok) expect(again.source.cache.revalidated).toBe(true);
    await server.close();
  });

  it('keeps a table open for a query in flight while another load evicts it', async () => {
    const server = serverFor({ url: fixture.url, trusted_hosts: [fixture.hostPort], max_open_tables: 1 });
    const sql = 'SELECT count(*) AS n FROM data';
    const swiss = {
      dataset_id: 'schueler-staedte-schweiz',
      resource_id: '0ca8c936-e117-5ea6-bd36-562cde16ec80',
    };
    const unclaimed = {
      dataset_id: 'unclaimed-money-sample',
      resource_id: 'b5745ae6-9d56-56ee-b12c-53aa46cd79c3',
    };
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all([
        server.callTool('query_resource', { ...swiss, sql }),
        server.callTool('query_resource', { ...unclaimed, sql }),
      ]);
      expect(results.map(errorCode)).toEqual([undefined, undefined]);
    }
    await server.close();
  });
});
