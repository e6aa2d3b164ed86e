import type { Envelope } from '@opendata-mcp/core';
import {
  createOpenDataServer,
  type OpenDataServer,
  openSharedStore,
  type SharedStore,
  silentLogger,
  type Telemetry,
} from '@opendata-mcp/core/server';
import { findRedisServer, type RedisServer, startRedisServer } from '@opendata-mcp/core/testing';
import {
  type LindasFixture,
  type SdmxFixture,
  startLindasFixture,
  startSdmxFixture,
} from '@opendata-mcp/fixtures';
import { createLindasAdapter } from '@opendata-mcp/lindas';
import { createSdmxAdapter } from '@opendata-mcp/sdmx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const binary = findRedisServer();
if ('missing' in binary) console.warn(`SKIPPING the shared tool cache test: ${binary.missing}`);

/** Counts cache outcomes per cache, as the metrics would. */
function countingTelemetry() {
  const lookups: Record<string, number> = {};
  const telemetry: Telemetry = {
    toolCall: () => {},
    upstreamResponse: () => {},
    cacheLookup: (cache, outcome) => {
      lookups[`${cache}:${outcome}`] = (lookups[`${cache}:${outcome}`] ?? 0) + 1;
    },
  };
  return { telemetry, lookups };
}

describe.skipIf(!('path' in binary))('values adapters keep in ctx.cache, across replicas', () => {
  let redis: RedisServer;
  let fixture: SdmxFixture;
  let lindas: LindasFixture;
  const opened: Array<{ server: OpenDataServer; store: SharedStore }> = [];

  beforeAll(async () => {
    redis = await startRedisServer((binary as { path: string }).path);
    fixture = await startSdmxFixture();
    lindas = await startLindasFixture();
  });
  afterAll(async () => {
    await Promise.all(opened.flatMap((o) => [o.server.close(), o.store.close()]));
    await fixture?.close();
    await lindas?.close();
    await redis?.close();
  });

  async function replica(telemetry: Telemetry): Promise<OpenDataServer> {
    const store = await openSharedStore(
      { url: redis.url, namespace: `tool-cache-${process.pid}` },
      silentLogger,
    );
    const server = createOpenDataServer({
      adapters: [
        createSdmxAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] }),
        createLindasAdapter({ url: lindas.url, trusted_hosts: [lindas.hostPort] }),
      ],
      logger: silentLogger,
      store,
      telemetry,
    });
    opened.push({ server, store });
    return server;
  }

  it("answers a dataflow structure on a second replica from the first one's parsed value", async () => {
    const [one, two] = [countingTelemetry(), countingTelemetry()];
    const [a, b] = [await replica(one.telemetry), await replica(two.telemetry)];
    const before = fixture.requests.length;
    const first = (await a.callTool('get_dataflow_structure', { flow_id: 'CME' })) as Envelope;
    const upstream = fixture.requests.length - before;
    const second = (await b.callTool('get_dataflow_structure', { flow_id: 'CME' })) as Envelope;
    expect(first.ok && second.ok).toBe(true);
    expect(upstream).toBeGreaterThan(0);
    expect(fixture.requests.length - before).toBe(upstream);
    expect(one.lookups['tool:miss']).toBe(1);
    expect(two.lookups['tool:shared_hit']).toBe(1);
    expect(two.lookups['tool:miss']).toBeUndefined();
    const pick = (e: Envelope) => (e.ok ? { key: e.key_template, dimensions: e.dimensions } : e);
    expect(pick(second)).toEqual(pick(first));
  });

  it("answers a cube structure on a second replica from the first one's parsed value", async () => {
    const [one, two] = [countingTelemetry(), countingTelemetry()];
    const [a, b] = [await replica(one.telemetry), await replica(two.telemetry)];
    const search = (await a.callTool('search_cubes', { query: 'waldbrand', limit: 1 })) as Envelope;
    const cubeId = search.ok ? (search.cubes as Array<{ cube_id: string }>)[0]?.cube_id : undefined;
    expect(cubeId).toBeDefined();
    const first = (await a.callTool('get_cube_structure', { cube_id: cubeId })) as Envelope;
    const second = (await b.callTool('get_cube_structure', { cube_id: cubeId })) as Envelope;
    expect(first.ok && second.ok).toBe(true);
    expect(two.lookups['tool:shared_hit']).toBe(1);
    expect(two.lookups['tool:miss']).toBeUndefined();
    const pick = (e: Envelope) => (e.ok ? e.dimensions : e);
    expect(pick(second)).toEqual(pick(first));
  });
});
