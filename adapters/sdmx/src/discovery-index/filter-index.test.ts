import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSdmxAdapter } from '../create-sdmx-adapter.js';

type Body = Record<string, unknown> & { ok: boolean };

describe('filter words and place names read through the discovery index, or each flow when it is missing', () => {
  let fixture: SdmxFixture;
  const servers: OpenDataServer[] = [];
  beforeAll(async () => {
    fixture = await startSdmxFixture();
  });
  afterEach(() => fixture.quirks.reset());
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await fixture?.close();
  });

  function server(): OpenDataServer {
    const created = createOpenDataServer({
      adapters: [createSdmxAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
      logger: silentLogger,
    });
    servers.push(created);
    return created;
  }
  const call = async (s: OpenDataServer, tool: string, input: Record<string, unknown>) =>
    (await s.callTool(tool, input)) as unknown as Body;
  /** A flow's own structure: `dataflow/{agency}/{flow}/…`, not the dataflow list. */
  const structureRequests = (from: number) =>
    fixture.requests.slice(from).filter((r) => /\/dataflow\/[^/]+\/[^/]+/.test(r.path) && r.status === 200);
  const bulkRequests = (from: number) => fixture.requests.slice(from).filter((r) => r.path.includes('/all/'));
  /** Both ways: with the index (the registry answers bulk queries), then with bulk queries refused. */
  async function bothWays(
    ask: (s: OpenDataServer) => Promise<Body>,
  ): Promise<Array<{ body: Body; structures: number; bulk: number }>> {
    const out = [];
    for (const refuse of [false, true]) {
      if (refuse) fixture.quirks.set('unicef', { bulkStructures: false });
      const before = fixture.requests.length;
      const body = await ask(server());
      out.push({ body, structures: structureRequests(before).length, bulk: bulkRequests(before).length });
    }
    return out;
  }
  const unicefOf = (body: Body) =>
    (body.backends as Array<{ adapter_id: string }>).find((b) => !b.adapter_id.startsWith('bis'));

  it('resolve_place reads the area code lists from the index without opening a flow, as each flow would answer', async () => {
    const [indexed, perFlow] = await bothWays((s) => call(s, 'resolve_place', { name: 'Бразилія' }));
    expect(indexed?.body.ok).toBe(true);
    expect(unicefOf(indexed?.body as Body)).toMatchObject({
      status: 'coded',
      codes: [expect.objectContaining({ code: 'BRA', label: 'Brazil' })],
    });
    expect(indexed?.body.backends).toEqual(perFlow?.body.backends);
    // The index costs its bulk queries once and then no structure; without it, each flow read is one.
    expect(indexed?.structures).toBe(0);
    expect(indexed?.bulk).toBeGreaterThan(0);
    expect(perFlow?.structures).toBeGreaterThan(0);
  });

  it("a group's members come out the same either way", async () => {
    const [indexed, perFlow] = await bothWays((s) => call(s, 'resolve_place', { name: 'G7' }));
    expect(unicefOf(indexed?.body as Body)).toMatchObject({
      status: 'not_coded',
      members: { source: 'gazetteer', codes: ['CAN', 'FRA', 'DEU', 'ITA', 'JPN', 'GBR', 'USA'] },
    });
    expect(indexed?.body.backends).toEqual(perFlow?.body.backends);
    expect(indexed?.structures).toBe(0);
  });

  it('a later resolve_place on a server that holds the index asks the registry nothing', async () => {
    const s = server();
    await call(s, 'find_indicators', { query: 'under-five mortality', include_units: false, limit: 1 });
    const before = fixture.requests.length;
    const answer = await call(s, 'resolve_place', { name: 'Vereinigte Staaten' });
    expect(unicefOf(answer)).toMatchObject({
      status: 'coded',
      codes: [expect.objectContaining({ code: 'USA' })],
    });
    expect(fixture.requests.slice(before).filter((r) => r.path.includes('UNICEF'))).toEqual([]);
  });

  it('resolve_place reads each flow when the index is not ready within the wait', async () => {
    const [reference] = await bothWays((s) => call(s, 'resolve_place', { name: 'Бразилія' }));
    fixture.quirks.reset();
    const waiting = createOpenDataServer({
      adapters: [
        createSdmxAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort], index_wait_ms: 300 }),
      ],
      logger: silentLogger,
    });
    servers.push(waiting);
    await call(waiting, 'search_dataflows', {});
    // The bulk queries answer late: the place is coded from the flows meanwhile.
    fixture.faults.set('slow', { scope: 'structure', delayMs: 2_000, times: 2 });
    try {
      const before = fixture.requests.length;
      const late = await call(waiting, 'resolve_place', { name: 'Бразилія' });
      expect(late.backends).toEqual(reference?.body.backends);
      expect(structureRequests(before).length).toBeGreaterThan(0);
    } finally {
      fixture.faults.set('none');
    }
    // The build goes on and is then used, with no flow opened.
    let full = await call(waiting, 'find_indicators', { query: 'mortality', include_units: false, limit: 1 });
    for (let tries = 0; full.note !== null && tries < 20; tries++)
      full = await call(waiting, 'find_indicators', { query: 'mortality', include_units: false, limit: 1 });
    const before = fixture.requests.length;
    expect((await call(waiting, 'resolve_place', { name: 'Бразилія' })).backends).toEqual(
      reference?.body.backends,
    );
    expect(structureRequests(before)).toEqual([]);
  });

  it('resolve_place reads each flow when the build of the index fails', async () => {
    const [reference] = await bothWays((s) => call(s, 'resolve_place', { name: 'Бразилія' }));
    fixture.quirks.reset();
    const failing = server();
    await call(failing, 'search_dataflows', {});
    // The bulk queries fail (an outage, retried): the build fails, the flows answer.
    fixture.faults.set('unavailable', { scope: 'structure', times: 6 });
    try {
      const before = fixture.requests.length;
      const answer = await call(failing, 'resolve_place', { name: 'Бразилія' });
      expect(bulkRequests(before).some((r) => r.status === 503)).toBe(true);
      // Had the index been used, no flow would have been opened.
      expect(answer.backends).toEqual(reference?.body.backends);
      expect(structureRequests(before).length).toBeGreaterThan(0);
    } finally {
      fixture.faults.set('none');
    }
  });

  it('get_indicator_value reads words in filters to the same codes and value with the index held or not', async () => {
    const filters = {
      area: 'Vereinigte Staaten',
      indicator: 'CME_MRY0T4',
      sex: 'Total',
      WEALTH_QUINTILE: '_T',
    };
    const ask = async (s: OpenDataServer) => {
      // With bulk queries answered, the search builds the index this server then holds.
      await call(s, 'find_indicators', { query: 'under-five mortality', include_units: false, limit: 1 });
      return call(s, 'get_indicator_value', { flow_id: 'CME', filters, period: '2020' });
    };
    const [indexed, perFlow] = await bothWays(ask);
    expect(indexed?.body.ok).toBe(true);
    expect(indexed?.body.resolved).toContainEqual(
      expect.objectContaining({ dimension: 'REF_AREA', code: 'USA', matched_by: 'place' }),
    );
    expect(indexed?.body.resolved).toContainEqual(
      expect.objectContaining({ dimension: 'SEX', code: '_T', matched_by: 'label' }),
    );
    for (const field of ['resolved', 'defaults_applied', 'ambiguous', 'value'])
      expect(indexed?.body[field]).toEqual(perFlow?.body[field]);
    // The answer reads the flow's constraints and units, so its structure is read either way, once.
    expect(indexed?.structures).toBe(1);
  });

  it('refuses a place the area list does not code, either way', async () => {
    const ask = async (s: OpenDataServer) => {
      await call(s, 'find_indicators', { query: 'under-five mortality', include_units: false, limit: 1 });
      return call(s, 'get_indicator_value', {
        flow_id: 'CME',
        filters: { area: 'Graubünden', indicator: 'CME_MRY0T4' },
        period: '2020',
      });
    };
    const [indexed, perFlow] = await bothWays(ask);
    expect(indexed?.body).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const said = (body: Body | undefined) => {
      const error = body?.error as { message: string; hint: string; details: { dimension: string } };
      return [error.message, error.hint, error.details.dimension];
    };
    expect(said(indexed?.body)).toEqual(said(perFlow?.body));
  });

  it('list_codes finds codes by a word the same way with the index held or not', async () => {
    const ask = async (s: OpenDataServer) => {
      await call(s, 'find_indicators', { query: 'under-five mortality', include_units: false, limit: 1 });
      return call(s, 'list_codes', { flow_id: 'CME', dimension: 'REF_AREA', query: 'brazil' });
    };
    const [indexed, perFlow] = await bothWays(ask);
    expect(indexed?.body.ok).toBe(true);
    expect(JSON.stringify(indexed?.body.codes)).toContain('BRA');
    expect(indexed?.body.codes).toEqual(perFlow?.body.codes);
  });
});
