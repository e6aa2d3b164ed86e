import { analysisExtension } from '@opendata-mcp/analysis';
import type { Envelope } from '@opendata-mcp/core';
import {
  createOpenDataServer,
  type OpenDataServer,
  openSharedStore,
  type SharedStore,
  silentLogger,
} from '@opendata-mcp/core/server';
import { findRedisServer, type RedisServer, startRedisServer } from '@opendata-mcp/core/testing';
import { type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { createSdmxAdapter } from '@opendata-mcp/sdmx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const binary = findRedisServer();
if ('missing' in binary) console.warn(`SKIPPING the shared kept results test: ${binary.missing}`);

describe.skipIf(!('path' in binary))('kept results across replicas', () => {
  let redis: RedisServer;
  let fixture: SdmxFixture;
  const opened: Array<{ server: OpenDataServer; store: SharedStore }> = [];

  beforeAll(async () => {
    redis = await startRedisServer((binary as { path: string }).path);
    fixture = await startSdmxFixture();
  });
  afterAll(async () => {
    await Promise.all(opened.flatMap((o) => [o.server.close(), o.store.close()]));
    await fixture?.close();
    await redis?.close();
  });

  /** One replica: its own server and store connection, kept results in the shared store. */
  async function replica(resultsNamespace: string): Promise<OpenDataServer> {
    const store = await openSharedStore({ url: redis.url, namespace: `kept-${process.pid}` }, silentLogger);
    const server = createOpenDataServer({
      adapters: [createSdmxAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
      extensions: [analysisExtension],
      logger: silentLogger,
      store,
      results: { namespace: resultsNamespace },
    });
    opened.push({ server, store });
    return server;
  }

  it('reads on one replica the result another one kept, and only within its namespace', async () => {
    const [a, b, stranger] = [await replica('prod'), await replica('prod'), await replica('other')];
    const answer = (await a.callTool('query_data', {
      flow_id: 'CME',
      filters: { REF_AREA: ['USA', 'BRA'], INDICATOR: 'CME_MRY0T4', SEX: '_T', WEALTH_QUINTILE: '_T' },
      start_period: '2020',
      end_period: '2020',
    })) as Envelope;
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    const resultId = answer.result_id as string;
    expect(resultId).toEqual(expect.any(String));

    const query = {
      results: { mortality: resultId },
      sql: 'SELECT REF_AREA, value FROM mortality ORDER BY REF_AREA',
    };
    const read = (await b.callTool('query_results', query)) as Envelope;
    if (!read.ok) throw new Error(`${read.error.code}: ${read.error.message}`);
    const rows = read.rows as unknown[][];
    expect(rows.map((row) => row[0])).toEqual(['BRA', 'USA']);
    // The values are the ones replica A answered with.
    const columns = answer.columns as string[];
    const original = (answer.rows as unknown[][]).map((row) => [
      row[columns.indexOf('REF_AREA')],
      row[columns.indexOf('value')],
    ]);
    expect(rows).toEqual([...original].sort((x, y) => String(x[0]).localeCompare(String(y[0]))));

    const elsewhere = (await stranger.callTool('query_results', query)) as Envelope;
    expect(elsewhere.ok === false && elsewhere.error.code).toBe('not_found');
  });
});
