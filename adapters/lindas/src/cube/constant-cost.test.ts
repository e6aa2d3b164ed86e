import { type ColumnarTable, fromColumnarTable } from '@opendata-mcp/core';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type LindasFixture, startLindasFixture, syntheticBenchCubeUri } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLindasAdapter } from '../create-lindas-adapter.js';

describe('query_cube_observations costs the same number of requests for 1..7 coded dimensions', () => {
  let fixture: LindasFixture;
  beforeAll(async () => {
    fixture = await startLindasFixture();
  });
  afterAll(() => fixture.close());

  for (let k = 1; k <= 7; k++) {
    it(`${k} coded dimension(s): 2 requests cold, 1 warm, every code labelled`, async () => {
      const server = createOpenDataServer({
        logger: silentLogger,
        adapters: [createLindasAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
      });
      const args = { cube_id: syntheticBenchCubeUri(k), limit: 50 };
      fixture.resetCount();
      const cold = (await server.callTool('query_cube_observations', args)) as Record<string, unknown>;
      expect(fixture.requestCount()).toBe(2);
      expect(cold.sparql_requests).toBe(2);
      fixture.resetCount();
      const warm = (await server.callTool('query_cube_observations', {
        ...args,
        language: 'fr',
        offset: 50,
      })) as Record<string, unknown>;
      expect(fixture.requestCount()).toBe(1);
      expect(warm.sparql_requests).toBe(1);
      const rows = fromColumnarTable(warm as unknown as ColumnarTable);
      expect(rows).toHaveLength(50);
      expect(warm.unlabelled_codes).toBe(0);
      for (let d = 0; d < k; d++) expect(String(rows[0]?.[`Dimension ${d} (fr)`])).toMatch(/^Catégorie /);
    });
  }
});
