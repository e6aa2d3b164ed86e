import { type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, type StdioSession } from '../e2e/stdio-client.js';

describe('places on the recorded SDMX registries, end to end over stdio', () => {
  let fixture: SdmxFixture;
  let session: StdioSession;

  beforeAll(async () => {
    fixture = await startSdmxFixture();
    session = await connectStdio(fixture);
  });
  afterAll(async () => {
    await session?.close();
    await fixture?.close();
  });

  it('reads a country named in German in filters as the code the registry uses', async () => {
    const { body, isError } = await session.call('get_indicator_value', {
      flow_id: 'CME',
      filters: { area: 'Vereinigte Staaten', indicator: 'CME_MRY0T4', sex: '_T', WEALTH_QUINTILE: '_T' },
      period: '2020',
    });
    expect(isError).toBe(false);
    expect(body.resolved).toContainEqual(
      expect.objectContaining({
        dimension: 'REF_AREA',
        asked: 'Vereinigte Staaten',
        code: 'USA',
        matched_by: 'place',
      }),
    );
    const plain = await session.call('get_indicator_value', {
      flow_id: 'CME',
      filters: { area: 'USA', indicator: 'CME_MRY0T4', sex: '_T', WEALTH_QUINTILE: '_T' },
      period: '2020',
    });
    expect(body.value).toEqual(plain.body.value);
  });

  it('still refuses a place the area list does not code', async () => {
    const { body, isError } = await session.call('get_indicator_value', {
      flow_id: 'CME',
      filters: { area: 'Graubünden', indicator: 'CME_MRY0T4' },
      period: '2020',
    });
    expect(isError).toBe(true);
    expect(body.error.code).toBe('invalid_input');
  });

  it('resolve_place answers the code of each registry', async () => {
    const { body, isError } = await session.call('resolve_place', { name: 'Бразилія' });
    expect(isError).toBe(false);
    expect(body.place).toMatchObject({ id: 'country/BR', name: 'Brazil' });
    const unicef = body.backends.find(
      (b: { backend: string; adapter_id: string }) => !b.adapter_id.startsWith('bis'),
    );
    expect(unicef).toMatchObject({
      status: 'coded',
      codes: [expect.objectContaining({ code: 'BRA', label: 'Brazil' })],
    });
    const g7 = await session.call('resolve_place', { name: 'G7', backend: unicef.adapter_id });
    // UNICEF has no G7 code: the gazetteer's members, as its area list codes them.
    expect(g7.body.backends[0]).toMatchObject({
      status: 'not_coded',
      members: { source: 'gazetteer', codes: ['CAN', 'FRA', 'DEU', 'ITA', 'JPN', 'GBR', 'USA'] },
    });
    const canton = await session.call('resolve_place', { name: 'Genève', kind: 'canton' });
    expect(canton.body.backends.every((b: { status: string }) => b.status === 'not_coded')).toBe(true);
  });

  it('search_all says an indicator cannot hold a place its flow does not code', async () => {
    const { body } = await session.call('search_all', { query: 'mortality Graubünden' });
    const u5 = body.hits.find((h: { id: string }) => h.id === 'CME_MRY0T4');
    expect(u5.place_coverage).toEqual({
      place: 'Graubünden',
      place_ids: ['canton/18'],
      period: null,
      has_data: false,
    });
    const brazil = await session.call('search_all', { query: 'mortality Brazil' });
    const indicator = brazil.body.hits.find((h: { id: string }) => h.id === 'CME_MRY0T4');
    // The code list has Brazil, and no constraint of the flow says more: unknown, not yes.
    expect(indicator.place_coverage).toMatchObject({ place_ids: ['country/BR'], has_data: null });
  });
});
