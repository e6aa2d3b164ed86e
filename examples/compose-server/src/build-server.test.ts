import { silentLogger } from '@opendata-mcp/core/server';
import { connectInProcess } from '@opendata-mcp/core/testing';
import {
  type CkanFixture,
  type LindasFixture,
  startCkanFixture,
  startLindasFixture,
} from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './build-server.js';

describe('compose your own server', () => {
  let lindas: LindasFixture;
  let ckanA: CkanFixture;
  let ckanB: CkanFixture;
  beforeAll(async () => {
    [lindas, ckanA, ckanB] = await Promise.all([
      startLindasFixture(),
      startCkanFixture(),
      startCkanFixture(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([lindas?.close(), ckanA?.close(), ckanB?.close()]);
  });

  it('serves three backends in one server, the second CKAN portal under a prefix', async () => {
    const server = buildServer(
      {
        lindas: lindas.url,
        ckan: [ckanA.url, ckanB.url],
        trusted_hosts: [lindas.hostPort, ckanA.hostPort, ckanB.hostPort],
      },
      silentLogger,
    );
    const { client, close } = await connectInProcess(server);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(
        expect.arrayContaining(['search_cubes', 'search_datasets', 'ua_search_datasets']),
      );
      const first = await client.callTool({ name: 'search_datasets', arguments: { query: 'kyiv' } });
      const second = await client.callTool({ name: 'ua_search_datasets', arguments: { query: 'kyiv' } });
      const sourceOf = (r: typeof first) =>
        (r.structuredContent as { source: { adapter_id: string; endpoint: string } }).source;
      expect(sourceOf(first)).toMatchObject({ adapter_id: 'zurich', endpoint: ckanA.url });
      expect(sourceOf(second)).toMatchObject({ adapter_id: 'ukraine', endpoint: ckanB.url });
      const status = await client.callTool({ name: 'api_status', arguments: {} });
      expect(status.structuredContent).toMatchObject({ ok: true, all_reachable: true });
    } finally {
      await close();
      await server.close();
    }
  });
});
