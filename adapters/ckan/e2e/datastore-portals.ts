import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type LoopbackServer, startLoopbackServer } from '@opendata-mcp/core/testing';
import type { CkanFixture } from '@opendata-mcp/fixtures';
import { parse, stringify } from 'lossless-json';
import { onTestFinished } from 'vitest';
import { createCkanAdapter } from '../src/index.js';

/** The recorded DataStore resource of the fixture portal (two records). */
export const DATASTORE = { dataset_id: 'frictionless', resource_id: '711069ae-b409-4584-843a-3d6f5a47e129' };

/**
 * A portal in front of the fixture whose datastore_search serves at most one record per page, as a
 * portal with a low ckan.datastore.search.rows_max does, while `total` still counts every row.
 * With `dropAfter`, pages from that offset on come back empty (a portal losing rows mid-read).
 */
export function cappedPortal(
  fixture: CkanFixture,
  dropAfter = Number.POSITIVE_INFINITY,
): Promise<LoopbackServer> {
  return startLoopbackServer(async (req, res) => {
    const url = new URL(req.url ?? '/', fixture.url);
    if (!url.pathname.endsWith('/datastore_search')) {
      const upstream = await fetch(`${fixture.url}${req.url}`);
      const type = upstream.headers.get('content-type') ?? 'application/json';
      res.writeHead(upstream.status, { 'content-type': type }).end(await upstream.text());
      return;
    }
    const offset = Number(url.searchParams.get('offset') ?? 0);
    url.searchParams.set('offset', '0');
    // Read and written losslessly, so a synthetic integer past 2^53 reaches the server as the portal wrote it.
    const whole = parse(await (await fetch(url)).text()) as { result: { records: unknown[] } };
    whole.result.records = offset >= dropAfter ? [] : whole.result.records.slice(offset, offset + 1);
    res.writeHead(200, { 'content-type': 'application/json' }).end(stringify(whole));
  });
}

/**
 * A server with one CKAN instance on `portal`, whose resource files live on `fixture`. Its cache
 * folder is removed when the calling test ends.
 */
export function serverFor(portal: { origin: string; hostPort: string }, fixture: CkanFixture) {
  const cacheDir = mkdtempSync(join(tmpdir(), 'ckan-datastore-'));
  onTestFinished(() => rm(cacheDir, { recursive: true, force: true }));
  return createOpenDataServer({
    adapters: [
      createCkanAdapter({
        url: portal.origin,
        trusted_hosts: [portal.hostPort, fixture.hostPort],
        api_path: '/api/3/action',
      }),
    ],
    logger: silentLogger,
    http: { cacheDir, retry: { retries: 0 } },
  });
}
