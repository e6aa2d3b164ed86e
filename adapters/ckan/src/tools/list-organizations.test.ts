import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type LoopbackServer, startLoopbackServer } from '@opendata-mcp/core/testing';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createCkanAdapter } from '../index.js';

const ORGANIZATIONS = Array.from({ length: 25 }, (_, i) => ({
  name: `org-${String(i + 1).padStart(2, '0')}`,
  title: `Organisation ${i + 1}`,
  description: '',
  package_count: i,
}));

/** An older CKAN: organization_list answers the whole list whatever limit and offset say. */
function portalIgnoringOffset(): Promise<LoopbackServer> {
  return startLoopbackServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://portal');
    if (!url.pathname.endsWith('/organization_list')) return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ success: true, result: ORGANIZATIONS }));
  });
}

describe('list_organizations on a portal that ignores offset', () => {
  let portal: LoopbackServer;
  beforeAll(async () => {
    portal = await portalIgnoringOffset();
  });
  afterAll(() => portal.close());

  it('lists each organisation once, stops at the repeated page and says why', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'ckan-orgs-'));
    onTestFinished(() => rm(cacheDir, { recursive: true, force: true }));
    const server = createOpenDataServer({
      adapters: [
        createCkanAdapter({
          url: portal.origin,
          trusted_hosts: [portal.hostPort],
          api_path: '/api/3/action',
        }),
      ],
      logger: silentLogger,
      http: { cacheDir, retry: { retries: 0 } },
    });
    const answer = await server.callTool('list_organizations', { limit: 100 });
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const names = (answer.organizations as Array<{ name: string }>).map((o) => o.name);
    expect(names).toEqual(ORGANIZATIONS.map((o) => o.name));
    expect(answer).toMatchObject({ returned: 25, truncated: false, next_offset: null });
    expect(answer.notes).toEqual([expect.stringMatching(/ignored the offset/)]);
    await server.close();
  });
});
