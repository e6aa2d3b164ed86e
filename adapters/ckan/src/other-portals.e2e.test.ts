import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '@opendata-mcp/core';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type CkanFixture, startCkanFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createCkanAdapter } from './index.js';

const KYIV = 'pzf-kyiv-city';

describe('another CKAN portal on demand (`portal`)', () => {
  let home: CkanFixture;
  let other: CkanFixture;
  beforeAll(async () => {
    [home, other] = await Promise.all([startCkanFixture(), startCkanFixture()]);
  });
  afterAll(async () => {
    await home.close();
    await other.close();
  });

  // Each test closes its server, then its cache folder goes.
  function server(allow: boolean, trusted = [home.hostPort, other.hostPort]) {
    const cacheDir = mkdtempSync(join(tmpdir(), 'ckan-portals-'));
    onTestFinished(() => rm(cacheDir, { recursive: true, force: true }));
    return createOpenDataServer({
      adapters: [createCkanAdapter({ url: home.url, trusted_hosts: trusted, allow_other_portals: allow })],
      logger: silentLogger,
      http: { cacheDir, retry: { retries: 0 } },
    });
  }
  const errorOf = (envelope: Envelope) => (envelope.ok ? undefined : envelope.error);

  it('is off by default: `portal` is not a parameter and a call with it is refused', async () => {
    const off = server(false);
    try {
      const answer = await off.callTool('search_datasets', { query: 'kyiv', portal: other.url });
      expect(errorOf(answer)).toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(/portal/),
      });
      expect(other.requests).toHaveLength(0);
    } finally {
      await off.close();
    }
  });

  it('reads a second portal named by URL through the same guard, end to end', async () => {
    const on = server(true);
    try {
      const before = other.requests.length;
      const search = await on.callTool('search_datasets', { query: 'kyiv', portal: other.url });
      if (!search.ok) throw new Error(search.error.message);
      expect((search.source as { endpoint: string }).endpoint).toBe(other.url);
      const counted = await on.callTool('query_resource', {
        dataset_id: KYIV,
        sql: 'SELECT count(*) AS n FROM data',
        portal: other.url,
      });
      if (!counted.ok) throw new Error(counted.error.message);
      expect(counted.rows).toEqual([[198]]);
      expect(counted.citation).toContain(other.url);
      const asked = other.requests.slice(before).map((r) => r.path);
      expect(asked.some((path) => path.endsWith('/package_search'))).toBe(true);
      expect(asked.some((path) => path.startsWith('/files/'))).toBe(true);
      // Without `portal` the same tool still reads the instance's own portal.
      const own = await on.callTool('search_datasets', { query: 'kyiv' });
      expect(own.ok && (own.source as { endpoint: string }).endpoint).toBe(home.url);
      const status = await on.callTool('api_status', {});
      expect(JSON.stringify(status)).toMatch(/other CKAN portals on demand: on .*opendata-swiss/);
    } finally {
      await on.close();
    }
  });

  it('refuses an unknown directory id, a URL with credentials, and private or untrusted addresses', async () => {
    const on = server(true, [home.hostPort]);
    try {
      const unknown = await on.callTool('search_datasets', { query: 'x', portal: 'atlantis' });
      expect(errorOf(unknown)).toMatchObject({
        code: 'invalid_input',
        hint: expect.stringMatching(/opendata-swiss/),
      });
      const credentials = await on.callTool('search_datasets', {
        query: 'x',
        portal: 'https://user:pw@data.gov.ie',
      });
      expect(errorOf(credentials)).toMatchObject({ code: 'invalid_input' });
      const privateAddress = await on.callTool('search_datasets', { query: 'x', portal: 'https://10.1.2.3' });
      expect(errorOf(privateAddress)).toMatchObject({ code: 'unsafe_url' });
      // A loopback portal the operator did not list in trusted_hosts is refused before any request.
      const before = other.requests.length;
      const untrusted = await on.callTool('search_datasets', { query: 'x', portal: other.url });
      expect(errorOf(untrusted)).toMatchObject({ code: 'unsafe_url' });
      expect(other.requests.length).toBe(before);
    } finally {
      await on.close();
    }
  });
});
