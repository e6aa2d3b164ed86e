import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createFileStore,
  createOpenDataServer,
  type OpenDataServer,
  silentLogger,
} from '@opendata-mcp/core/server';
import { type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSdmxAdapter } from '../create-sdmx-adapter.js';

interface Answer {
  ok: boolean;
  indicators: Array<{ code: string; flow_id: string; matched_words: string[] }>;
  flows_not_searched: number;
  note: string | null;
}

describe('the discovery index over the UNICEF fixture registry', () => {
  let fixture: SdmxFixture;
  const servers: OpenDataServer[] = [];
  beforeAll(async () => {
    fixture = await startSdmxFixture();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await fixture?.close();
  });

  function server(options: Partial<Parameters<typeof createOpenDataServer>[0]> = {}): OpenDataServer {
    const created = createOpenDataServer({
      adapters: [createSdmxAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
      logger: silentLogger,
      ...options,
    });
    servers.push(created);
    return created;
  }
  const asked = (from: number) => fixture.requests.slice(from).map((r) => r.path.replace(/^.*\/rest\//, ''));
  const find = async (s: OpenDataServer, query = 'under-five mortality') =>
    (await s.callTool('find_indicators', { query, include_units: false, limit: 3 })) as unknown as Answer;

  it('is built from the bulk queries (list, DSDs, code lists) and then answers without a request', async () => {
    const s = server();
    const before = fixture.requests.length;
    const first = await find(s);
    expect(first.indicators[0]).toMatchObject({
      code: 'CME_MRY0T4',
      flow_id: 'CME',
      matched_words: ['under', 'five', 'mortality'],
    });
    expect(asked(before).sort()).toEqual([
      'codelist/all/all/latest',
      'dataflow/all',
      'datastructure/all/all/latest',
    ]);
    expect(first).toMatchObject({ flows_not_searched: 0, note: null });
    const again = fixture.requests.length;
    const measles = await find(s, 'immunization coverage measles');
    expect(measles.indicators.map((h) => h.code).slice(0, 2)).toEqual(['IM_MCV1', 'IM_MCV2']);
    expect(fixture.requests.length).toBe(again);
  });

  it('falls back to opening the best flows by title when the registry refuses bulk queries', async () => {
    fixture.quirks.set('unicef', { bulkStructures: false });
    try {
      const before = fixture.requests.length;
      const answer = await find(server());
      expect(answer.indicators[0]).toMatchObject({ code: 'CME_MRY0T4', flow_id: 'CME' });
      expect(answer.note).toMatch(/did not answer datastructure\/all \(upstream_error \(HTTP 501\)\)/);
      expect(asked(before).filter((p) => p.startsWith('dataflow/UNICEF/CME/'))).toHaveLength(1);
      const refused = fixture.requests.slice(before).filter((r) => r.status === 501);
      expect(new Set(refused.map((r) => r.path.replace(/^.*\/rest\//, '')))).toEqual(
        new Set(['datastructure/all/all/latest', 'codelist/all/all/latest']),
      );
    } finally {
      fixture.quirks.reset();
    }
  });

  it('builds once for concurrent first searches', async () => {
    const s = server();
    const before = fixture.requests.length;
    const answers = await Promise.all([find(s), find(s, 'measles'), find(s, 'mortality')]);
    for (const answer of answers) expect(answer.ok).toBe(true);
    const bulk = asked(before).filter((p) => p.includes('/all/'));
    expect(bulk.sort()).toEqual(['codelist/all/all/latest', 'datastructure/all/all/latest']);
  });

  it('is read back from a file store by a second server without any upstream request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdmx-index-'));
    try {
      const first = server({ store: createFileStore({ dir: join(dir, 'store') }) });
      expect((await find(first)).indicators[0]?.code).toBe('CME_MRY0T4');
      const second = server({ store: createFileStore({ dir: join(dir, 'store') }) });
      const before = fixture.requests.length;
      const answer = await find(second);
      expect(answer.indicators[0]?.code).toBe('CME_MRY0T4');
      expect(asked(before)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers from the flow titles with a note while the index builds, then in full', async () => {
    const s = server({
      adapters: [
        createSdmxAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort], index_wait_ms: 500 }),
      ],
    });
    await s.callTool('search_dataflows', {});
    // The two bulk queries answer late: the search stops waiting and the build goes on.
    fixture.faults.set('slow', { scope: 'structure', delayMs: 2_000, times: 2 });
    try {
      const partial = await find(s, 'child mortality');
      expect(partial).toMatchObject({ ok: true, indicators: [], flows_not_searched: 1 });
      expect(partial.note).toMatch(/still being built/);
      expect((partial as unknown as { flows: Array<{ flow_id: string }> }).flows[0]?.flow_id).toBe('CME');
      // Each later search waits for the build again; it ends once the slow answers are in.
      let full = await find(s, 'child mortality');
      for (let tries = 0; full.note !== null && tries < 20; tries++) full = await find(s, 'child mortality');
      expect(full.note).toBeNull();
      expect(full.indicators.length).toBeGreaterThan(0);
    } finally {
      fixture.faults.set('none');
    }
  });
});
