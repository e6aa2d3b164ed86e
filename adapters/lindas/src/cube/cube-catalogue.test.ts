import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type LindasFixture, startLindasFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLindasAdapter } from '../create-lindas-adapter.js';

describe('the cube catalogue search_cubes ranks', () => {
  let fixture: LindasFixture;
  beforeAll(async () => {
    fixture = await startLindasFixture();
  });
  afterAll(() => fixture?.close());

  it('is fetched once and searched in any of its languages until the metadata TTL runs out', async () => {
    const server = createOpenDataServer({
      logger: silentLogger,
      adapters: [createLindasAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
    });
    fixture.resetCount();
    const first = await server.callTool('search_cubes', { query: 'Waldbrandgefahr' });
    const french = await server.callTool('search_cubes', { query: "danger d'incendie", language: 'fr' });
    const english = await server.callTool('search_all', { query: 'forest fire danger' });
    await server.close();
    expect(fixture.requestCount()).toBe(1);
    expect(first).toMatchObject({ ok: true, source: { cache: { hit: false } } });
    expect(french).toMatchObject({ ok: true, source: { cache: { hit: true } } });
    expect(french).toMatchObject({ cubes: [{ name: "Danger d'incendie de forêt" }] });
    expect(english).toMatchObject({ hits: [{ adapter_id: 'lindas', kind: 'cube' }] });
  });
});
