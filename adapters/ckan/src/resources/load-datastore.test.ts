import type { Envelope } from '@opendata-mcp/core';
import { type LoopbackServer, startLoopbackServer } from '@opendata-mcp/core/testing';
import { type CkanFixture, startCkanFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedPortal, DATASTORE, serverFor } from '../../e2e/datastore-portals.js';

/** A portal whose datastore_search serves one record a page and ignores offset: the first page every time. */
function repeatingPortal(fixture: CkanFixture): Promise<LoopbackServer> {
  return startLoopbackServer(async (req, res) => {
    const url = new URL(req.url ?? '/', fixture.url);
    if (!url.pathname.endsWith('/datastore_search') || url.searchParams.get('limit') === '0') {
      const upstream = await fetch(`${fixture.url}${req.url}`);
      res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
      return;
    }
    url.searchParams.set('offset', '0');
    const whole = (await (await fetch(url)).json()) as { result: { records: unknown[] } };
    whole.result.records = whole.result.records.slice(0, 1);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(whole));
  });
}

function errorOf(envelope: Envelope) {
  return envelope.ok ? undefined : envelope.error;
}

describe('loadDatastore paging (a portal without the bulk dump)', () => {
  let fixture: CkanFixture;
  beforeAll(async () => {
    fixture = await startCkanFixture({ datastore: { dump: false } });
  });
  afterAll(async () => fixture.close());

  it('keeps paging past short pages until it holds the rows the portal counts', async () => {
    const portal = await cappedPortal(fixture);
    const server = serverFor(portal, fixture);
    const result = await server.callTool('query_resource', {
      ...DATASTORE,
      sql: 'SELECT count(*) AS n, max(name) AS last FROM data',
    });
    expect(errorOf(result)).toBeUndefined();
    if (result.ok) expect(result).toMatchObject({ rows: [[2, '中国人']], rows_in_resource: 2 });
    await server.close();
    await portal.close();
  });

  it('refuses a table whose pages repeat (a portal that ignores offset) instead of repeating rows', async () => {
    const portal = await repeatingPortal(fixture);
    const server = serverFor(portal, fixture);
    const result = await server.callTool('query_resource', {
      ...DATASTORE,
      sql: 'SELECT count(*) AS n FROM data',
    });
    expect(errorOf(result)).toMatchObject({
      code: 'upstream_error',
      message: expect.stringMatching(/ignores paging/),
    });
    await server.close();
    await portal.close();
  });

  it('refuses to answer when the portal returns fewer rows than it counts', async () => {
    const portal = await cappedPortal(fixture, 1);
    const server = serverFor(portal, fixture);
    const result = await server.callTool('query_resource', {
      ...DATASTORE,
      sql: 'SELECT count(*) FROM data',
    });
    expect(errorOf(result)).toMatchObject({
      code: 'upstream_error',
      message: expect.stringMatching(/1 of the 2 rows/),
    });
    await server.close();
    await portal.close();
  });
});
