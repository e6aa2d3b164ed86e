import type { SuccessEnvelope } from '@opendata-mcp/core';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSdmxAdapter } from '../create-sdmx-adapter.js';

interface Hit {
  code: string;
  label: string;
  flow_id: string;
  evidence: string;
}

describe('find_indicators over the UNICEF recordings', () => {
  let fixture: SdmxFixture;
  let server: OpenDataServer;
  beforeAll(async () => {
    fixture = await startSdmxFixture();
    server = createOpenDataServer({
      adapters: [createSdmxAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
      logger: silentLogger,
    });
  });
  afterAll(async () => {
    await server?.close();
    await fixture?.close();
  });

  async function find(args: Record<string, unknown>): Promise<SuccessEnvelope & { indicators: Hit[] }> {
    const answer = await server.callTool('find_indicators', { include_units: false, ...args });
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    // A typical answer (the default page of 10 or less) fits the 4 KB budget.
    if (Number(args.limit ?? 10) <= 10) expect(JSON.stringify(answer).length).toBeLessThanOrEqual(4096);
    return answer as SuccessEnvelope & { indicators: Hit[] };
  }

  it('finds under-five mortality by words no flow title holds, with the flow that files it', async () => {
    for (const query of ['under-five mortality', 'under five mortality']) {
      const answer = await find({ query, limit: 3 });
      expect(answer.indicators[0]).toMatchObject({
        code: 'CME_MRY0T4',
        flow_id: 'CME',
        evidence: 'filed_under_flow',
      });
    }
  });

  it('reads two words written apart as the one word a label holds ("still birth" for Stillbirth)', async () => {
    const answer = await find({ query: 'still birth rate', limit: 3 });
    expect(answer.indicators[0]).toMatchObject({ code: 'CME_SBR', label: 'Stillbirth rate' });
    // Before, only "rate" of three words was found in it, and the adolescent birth rate led.
    expect(answer.indicators.map((h) => h.code)).not.toContain('MNCH_ABR');
  });

  it('gives search_all the names of each indicator in every language, so it ranks a Spanish question', async () => {
    // UNICEF names MG_ASYLM "Solicitantes de asilo" in Spanish; the hit shows its English title.
    const answer = await server.callTool('search_all', { query: 'solicitantes de asilo' });
    if (!answer.ok) throw new Error(answer.error.message);
    const [first] = answer.hits as Array<{ id: string; coverage: number; matched_words: string[] }>;
    expect(first).toMatchObject({ id: 'MG_ASYLM', title: 'Asylum seekers', coverage: 1 });
    expect(first?.matched_words).toEqual(['solicitantes', 'asilo']);
  });

  it('ranks by what a question in a language the code lists lack covers, not by code order', async () => {
    // UNICEF names its codes in English, French, Spanish, Arabic, Russian and Chinese, not German:
    // the compound and the number word reach the English names through the lexicon, and the codes
    // whose own names hold them come before those only filed under "Child Mortality".
    const answer = await find({ query: 'Kindersterblichkeit unter fünf Jahren', limit: 5 });
    const codes = answer.indicators.map((h) => h.code);
    expect(codes).toContain('CME_MRY0T4');
    for (const code of codes.slice(0, 4)) expect(code).toMatch(/Y0T4|U5MR|PND/);
  });

  it('puts infant mortality first for a German compound, before codes matched through rarer words', async () => {
    // "Säuglingssterblichkeit" covers as much of "Life expectancy at birth … newborn … mortality
    // risks" (a code no flow files) as of "Infant mortality rate": codes the flow holds come first,
    // and among them the rate the compound names comes before the count of infant deaths.
    const answer = await find({ query: 'Säuglingssterblichkeit', limit: 5 });
    const codes = answer.indicators.map((h) => h.code);
    expect(codes).not.toContain('MNCH_LIFE_EXPECTANCY');
    expect(answer.indicators[0]).toMatchObject({ code: 'CME_MRY0', evidence: 'filed_under_flow' });
    expect(codes.indexOf('CME_MRY0')).toBeLessThan(codes.indexOf('CME_TMY0'));
  });

  it('lists mortality rates before counts of deaths for "Kindersterblichkeit" alone', async () => {
    // The compound reaches "child" and "mortality" through the lexicon, which keeps mortality (a
    // rate) apart from deaths (a count): every code filed under Child Mortality holds both words
    // somewhere, and those whose own names hold them lead.
    const answer = await find({ query: 'Kindersterblichkeit', limit: 5 });
    const labels = answer.indicators.map((h) => h.label);
    // Under the old lexicon, which took the two for one, "Deaths (children aged 5-14)" led.
    for (const label of labels.slice(0, 2)) expect(label).toMatch(/mortality rate/i);
  });

  it("gives a flow's title only to the codes the flow files, where one list serves every flow", async () => {
    const answer = await find({ query: 'infant mortality', limit: 50 });
    const byCode = new Map(answer.indicators.map((h) => [h.code, h as Hit & { matched_words: string[] }]));
    // The DTP vaccine code sits in UNICEF's one indicator list, filed under immunisation, not CME.
    expect(byCode.get('IM_DTP1')?.matched_words).toEqual(['infant']);
    expect(byCode.get('CME_MRY0')?.matched_words).toEqual(['infant', 'mortality']);
    const codes = answer.indicators.map((h) => h.code);
    expect(codes.indexOf('CME_MRY0')).toBeLessThan(codes.indexOf('IM_DTP1'));
  });

  it('says which flows it could not read units for, rather than leaving unit null unexplained', async () => {
    fixture.faults.set('unavailable', { scope: 'data' });
    try {
      const answer = await server.callTool('find_indicators', { query: 'under-five mortality', limit: 2 });
      if (!answer.ok) throw new Error(answer.error.message);
      const { indicators, note } = answer as unknown as {
        indicators: Array<{ unit: unknown }>;
        note: string;
      };
      expect(indicators.map((h) => h.unit)).toEqual([null, null]);
      expect(note).toMatch(/^The units of CME could not be read now \(unit null\): get_indicator_value/);
    } finally {
      fixture.faults.set('none');
    }
    // With units not asked for, there is no probe and nothing to say about units.
    const without = await find({ query: 'under-five mortality', limit: 2 });
    expect(without.note).toBeNull();
    // A probe the offline recordings do not hold is said to be that, not a failure of the moment.
    const unrecorded = await server.callTool('find_indicators', { query: 'under-five mortality', limit: 5 });
    expect(unrecorded).toMatchObject({
      ok: true,
      note: expect.stringMatching(/^The units of CME are not in the offline recordings \(unit null\): /),
    });
  });

  it('matches spelling variants and finds measles through the code list names', async () => {
    const british = await find({ query: 'immunisation', limit: 50 });
    const american = await find({ query: 'immunization', limit: 50 });
    expect(british.indicators.map((h) => h.code)).toEqual(american.indicators.map((h) => h.code));
    expect(british.indicators.map((h) => h.code)).toContain('IM_MCV1');
    const measles = await find({ query: 'immunization coverage measles', limit: 2 });
    expect(measles.indicators.map((h) => h.code)).toEqual(['IM_MCV1', 'IM_MCV2']);
  });

  it('pages with offset and next_offset', async () => {
    const first = await find({ query: 'mortality', limit: 4 });
    expect(first).toMatchObject({ returned: 4, truncated: true, next_offset: 4 });
    const second = await find({ query: 'mortality', limit: 4, offset: 4 });
    const codes = new Set([...first.indicators, ...second.indicators].map((h) => h.code));
    expect(codes.size).toBe(8);
    expect(second.total_matched).toBe(first.total_matched);
  });

  it('raises a transport failure instead of answering with nothing', async () => {
    const fresh = createOpenDataServer({
      adapters: [createSdmxAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
      logger: silentLogger,
    });
    await fresh.callTool('search_dataflows', {});
    fixture.faults.set('unavailable', { scope: 'structure' });
    try {
      const answer = await fresh.callTool('find_indicators', { query: 'mortality' });
      expect(answer.ok ? 'ok' : answer.error.code).toBe('upstream_unavailable');
    } finally {
      fixture.faults.set('none');
      await fresh.close();
    }
  });

  it('search_dataflows matches word forms of the flow titles too', async () => {
    for (const query of ['child mortalities', 'CHILD-MORTALITY']) {
      const answer = await server.callTool('search_dataflows', { query });
      expect(answer.ok && (answer.flows as Array<{ id: string }>).map((f) => f.id)).toEqual(['CME']);
    }
  });

  it('keeps to the flow allow-list', async () => {
    const scoped = createOpenDataServer({
      adapters: [
        createSdmxAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort], flows: ['NUTRITION'] }),
      ],
      logger: silentLogger,
    });
    const answer = await scoped.callTool('find_indicators', { query: 'mortality', include_units: false });
    expect(answer).toMatchObject({ ok: true, flows_searched: 0, returned: 0 });
    const refused = await scoped.callTool('get_indicator_value', {
      flow_id: 'CME',
      filters: { area: 'BRA' },
    });
    expect(refused.ok ? 'ok' : refused.error.code).toBe('scope_denied');
    await scoped.close();
  });
});
