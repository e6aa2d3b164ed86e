import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SuccessEnvelope } from '@opendata-mcp/core';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { SDMX_FIXTURE_DATA_DIR, type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSdmxAdapter } from '../create-sdmx-adapter.js';

/** The recorded 2020 under-five mortality of every area, both sexes, read straight from the CSV. */
function recorded2020(column = 'OBS_VALUE'): Map<string, number> {
  const rows = parse(
    readFileSync(join(SDMX_FIXTURE_DATA_DIR, 'unicef/data/CME_MRY0T4_all_2020.csv'), 'utf8'),
    {
      columns: true,
    },
  ) as Array<Record<string, string>>;
  return new Map(rows.filter((r) => r.SEX === '_T').map((r) => [r.REF_AREA ?? '', Number(r[column])]));
}

describe('compact answers over the UNICEF recordings', () => {
  let fixture: SdmxFixture;
  let server: OpenDataServer;
  beforeAll(async () => {
    fixture = await startSdmxFixture();
    server = createOpenDataServer({
      adapters: [
        createSdmxAdapter({
          url: fixture.url,
          trusted_hosts: [fixture.hostPort],
          total_defaults: ['WEALTH_QUINTILE'],
        }),
      ],
      logger: silentLogger,
    });
  });
  afterAll(async () => {
    await server?.close();
    await fixture?.close();
  });

  async function call(tool: string, args: Record<string, unknown>): Promise<SuccessEnvelope> {
    const answer = await server.callTool(tool, args);
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
    expect(JSON.stringify(answer).length).toBeLessThanOrEqual(4096);
    return answer;
  }

  it('answers one value asked by labels, with unit, labels, the default applied and the citation', async () => {
    const answer = await call('get_indicator_value', {
      flow_id: 'CME',
      filters: { indicator: 'under-five mortality', sex: 'girls', area: 'Brazil' },
      period: '2020',
    });
    expect(answer).toMatchObject({
      status: 'ok',
      value: 13.1817699535802,
      period: '2020',
      unit: { code: 'D_PER_1000_B', label: 'Deaths per 1,000 live births' },
      series: { REF_AREA: { code: 'BRA', label: 'Brazil' }, SEX: { code: 'F', label: 'Female' } },
      defaults_applied: [{ dimension: 'WEALTH_QUINTILE', code: '_T', why: 'profile_total' }],
      series_key: 'BRA.CME_MRY0T4.F._T',
    });
    expect(answer.citation).toContain('UNICEF: Child Mortality');
  });

  it('answers the latest value, naming its period', async () => {
    const rows = parse(
      readFileSync(join(SDMX_FIXTURE_DATA_DIR, 'unicef/data/CME_MRY0T4_BRA_1990_2023.csv'), 'utf8'),
      { columns: true },
    ) as Array<Record<string, string>>;
    const last = rows
      .filter((r) => r.SEX === '_T')
      .sort((a, b) => String(a.TIME_PERIOD).localeCompare(String(b.TIME_PERIOD)))
      .at(-1);
    const answer = await call('get_indicator_value', {
      flow_id: 'CME',
      filters: { indicator: 'under-five mortality', area: 'Brazil', sex: 'both sexes' },
    });
    expect(answer).toMatchObject({ status: 'ok', period: last?.TIME_PERIOD, value: Number(last?.OBS_VALUE) });
    expect(String((answer.source as { url: string }).url)).toContain('lastNObservations=1');
  });

  it('abstains with no_observations when the registry holds no such series', async () => {
    const answer = await call('get_indicator_value', {
      flow_id: 'CME',
      filters: { area: 'USA', indicator: 'CME_MRY0T4', WEALTH_QUINTILE: 'Q1' },
      period: '2020',
    });
    expect(answer).toMatchObject({
      status: 'no_observations',
      value: null,
      series_key: 'USA.CME_MRY0T4..Q1',
    });
  });

  it('answers not_a_single_value with what still varies, instead of picking a row', async () => {
    const answer = await call('get_indicator_value', {
      flow_id: 'CME',
      filters: { area: 'BRA', indicator: 'CME_MRY0T4' },
      period: '2020',
    });
    expect(answer.status).toBe('not_a_single_value');
    expect(answer.value).toBeNull();
    expect(answer.varying).toEqual([
      { dimension: 'SEX', count: 3, codes: expect.arrayContaining([{ code: 'F', label: 'Female' }]) },
    ]);
  });

  it('answers ambiguous with the candidates when a label fits several codes', async () => {
    const answer = await call('get_indicator_value', {
      flow_id: 'CME',
      filters: { area: 'Sub-Saharan Africa', indicator: 'CME_MRY0T4', sex: '_T' },
    });
    expect(answer.status).toBe('ambiguous');
    const ambiguous = answer.ambiguous as Array<{ candidates: Array<{ code: string }> }>;
    expect(ambiguous[0]?.candidates.map((c) => c.code)).toContain('UNICEF_SSA');
  });

  it('offers the codes a name in another language may mean, as candidates, where no label matches', async () => {
    // UNICEF names its indicators in six languages, not German: "Säuglingssterblichkeit" is read
    // through the lexicon (infant, mortality) and offered, never picked.
    const answer = await call('get_indicator_value', {
      flow_id: 'CME',
      filters: { indicator: 'Säuglingssterblichkeit', area: 'Brasilien' },
      period: '2020',
    });
    expect(answer).toMatchObject({ status: 'ambiguous', value: null, series_key: '' });
    const [ambiguous] = answer.ambiguous as Array<{
      dimension: string;
      asked: string;
      candidates: Array<{ code: string }>;
    }>;
    expect(ambiguous).toMatchObject({ dimension: 'INDICATOR', asked: 'Säuglingssterblichkeit' });
    const codes = ambiguous?.candidates.map((c) => c.code) ?? [];
    expect(codes[0]).toBe('CME_MRY0');
    expect(codes.length).toBeLessThanOrEqual(8);
    // Only codes filed under the flow, and no heading (CME, "Child mortality", holds the others).
    for (const code of codes) expect(code).toMatch(/^CME_/);
    // The place was still read through the gazetteer.
    expect(answer.resolved).toEqual([expect.objectContaining({ dimension: 'REF_AREA', code: 'BRA' })]);
  });

  it('still refuses a value no name in any language fits, naming the dimension and the value', async () => {
    const answer = await server.callTool('get_indicator_value', {
      flow_id: 'CME',
      filters: { indicator: 'Quarkschwebebahn', area: 'BRA' },
    });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error).toMatchObject({ code: 'invalid_input' });
    expect(answer.error.message).toContain('No code of INDICATOR in CME matches "Quarkschwebebahn"');
    expect(answer.error.details).toMatchObject({ dimension: 'INDICATOR', unmatched: 'Quarkschwebebahn' });
  });

  it('ranks countries for one period, countries only, top N, with the recorded values', async () => {
    const answer = await call('get_indicator_table', {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', sex: 'total' },
      period: '2020',
      areas: 'countries',
      limit: 5,
    });
    const recorded = recorded2020();
    const countries = [...recorded.entries()].filter(([code]) => /^[A-Z]{3}$/.test(code));
    const top = countries.sort((a, b) => b[1] - a[1]).slice(0, 5);
    const [lower, upper] = [recorded2020('LOWER_BOUND'), recorded2020('UPPER_BOUND')];
    expect(answer.rows).toEqual(
      top.map(([code, value]) => [code, '2020', value, lower.get(code), upper.get(code)]),
    );
    expect(answer).toMatchObject({ status: 'ok', returned: 5, truncated: true, next_offset: 5 });
    expect(answer.total_matched).toBe(countries.length);
    expect(
      (answer.labels as Record<string, Record<string, string>>).REF_AREA?.[top[0]?.[0] ?? ''],
    ).toBeTruthy();
  });

  it('gives every area of the recording, value for value, paged', async () => {
    const recorded = recorded2020();
    const seen = new Map<string, number>();
    let offset: number | null = 0;
    while (offset !== null) {
      const page = await server.callTool('get_indicator_table', {
        flow_id: 'CME',
        filters: { indicator: 'CME_MRY0T4', sex: '_T' },
        period: '2020',
        sort: 'area',
        limit: 100,
        offset,
      });
      if (!page.ok) throw new Error(page.error.message);
      for (const [code, , value] of page.rows as Array<[string, string, number]>) seen.set(code, value);
      offset = page.next_offset as number | null;
    }
    expect(seen).toEqual(recorded);
  });

  it('lists the members of a region from the code list links, with their labels', async () => {
    const answer = await call('get_indicator_table', {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', sex: '_T' },
      period: '2020',
      within: 'UNICEF_SSA',
    });
    const recorded = recorded2020();
    expect(answer.within).toMatchObject({ code: 'UNICEF_SSA', members: 2, countries: false });
    expect((answer.rows as unknown[][]).map((row) => row.slice(0, 3))).toEqual(
      ['UNICEF_WCA', 'UNICEF_ESA']
        .map((code) => [code, '2020', recorded.get(code)])
        .sort((a, b) => Number(b[2]) - Number(a[2])),
    );
    expect(answer.labels).toEqual({
      REF_AREA: {
        UNICEF_ESA: 'Eastern and Southern Africa (UNICEF Rep.Regions)',
        UNICEF_WCA: 'West and Central Africa (UNICEF Rep.Regions)',
      },
    });
  });

  it('reads a series for a range, oldest first', async () => {
    const answer = await call('get_indicator_series', {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', area: 'United States', sex: '_T' },
      start_period: '2015',
      end_period: '2023',
    });
    expect(answer.status).toBe('ok');
    const rows = answer.rows as Array<[string, number]>;
    expect(rows.map((r) => r[0])).toEqual([
      '2015',
      '2016',
      '2017',
      '2018',
      '2019',
      '2020',
      '2021',
      '2022',
      '2023',
    ]);
    expect(rows[5]?.[1]).toBe(6.46878461763762);
  });

  it('carries the published bounds and keeps each answer for query_results', async () => {
    const recorded = (
      parse(readFileSync(join(SDMX_FIXTURE_DATA_DIR, 'unicef/data/CME_MRY0T4_USA_2015_2023.csv'), 'utf8'), {
        columns: true,
      }) as Array<Record<string, string>>
    ).filter((r) => r.SEX === '_T');
    const usa = { indicator: 'CME_MRY0T4', area: 'USA', sex: '_T' };
    const value = await call('get_indicator_value', { flow_id: 'CME', filters: usa, period: '2020' });
    const row2020 = recorded.find((r) => r.TIME_PERIOD === '2020');
    expect(value).toMatchObject({
      value: Number(row2020?.OBS_VALUE),
      lower_bound: Number(row2020?.LOWER_BOUND),
      upper_bound: Number(row2020?.UPPER_BOUND),
    });
    expect(value.result_id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const series = await call('get_indicator_series', {
      flow_id: 'CME',
      filters: usa,
      start_period: '2015',
      end_period: '2023',
    });
    expect(series.columns).toEqual(['time_period', 'value', 'lower_bound', 'upper_bound']);
    expect(series.rows).toEqual(
      recorded.map((r) => [r.TIME_PERIOD, Number(r.OBS_VALUE), Number(r.LOWER_BOUND), Number(r.UPPER_BOUND)]),
    );
    expect(series.result_id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const table = await call('get_indicator_table', {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', sex: '_T' },
      period: '2020',
      limit: 3,
    });
    expect(table.columns).toEqual(['REF_AREA', 'time_period', 'value', 'lower_bound', 'upper_bound']);
    for (const [, , v, lower, upper] of table.rows as number[][]) {
      expect(lower).toBeLessThanOrEqual(v as number);
      expect(upper).toBeGreaterThanOrEqual(v as number);
    }
  });

  it('says so when last_n asks for more periods than the series has', async () => {
    const answer = await call('get_indicator_series', {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', area: 'USA', sex: '_T' },
      last_n: 40,
    });
    expect(answer.returned).toBeLessThan(40);
    expect(answer.message).toContain(`last_n asked for 40: the registry holds only these`);
  });

  it('refuses last_n together with a range', async () => {
    const answer = await server.callTool('get_indicator_series', {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', area: 'USA' },
      last_n: 3,
      start_period: '2015',
    });
    expect(answer.ok ? 'ok' : answer.error.code).toBe('invalid_input');
  });

  for (const service of [true, false]) {
    it(`says which areas hold data for a slice, from ${service ? 'the availability service' : 'the series keys when the registry has none'}`, async () => {
      if (!service) fixture.quirks.set('unicef', { availableConstraint: false });
      // A fresh instance: the first case's availability answer sits in the other's metadata cache.
      const fresh = createOpenDataServer({
        adapters: [
          createSdmxAdapter({ registry: 'unicef', url: fixture.url, trusted_hosts: [fixture.hostPort] }),
        ],
        logger: silentLogger,
      });
      try {
        const envelope = await fresh.callTool('check_availability', {
          flow_id: 'CME',
          filters: { indicator: 'under-five mortality', sex: 'total' },
          dimension: 'area',
          start_period: '2020',
          end_period: '2020',
        });
        if (!envelope.ok) throw new Error(envelope.error.message);
        const answer = envelope;
        const recorded = recorded2020();
        expect(answer).toMatchObject({
          status: 'ok',
          answered_from: service ? 'availableconstraint' : 'series_keys',
        });
        if (!service) {
          expect(answer).toMatchObject({
            series_count: recorded.size,
            observation_count: recorded.size,
            time_range: { start: '2020', end: '2020' },
          });
        }
        expect(answer.dimensions).toEqual([
          expect.objectContaining({ dimension: 'REF_AREA', count: recorded.size }),
        ]);
        const codes = (answer.dimensions as Array<{ codes: Array<{ code: string }> }>)[0]?.codes ?? [];
        expect(codes.every((c) => recorded.has(c.code))).toBe(true);
      } finally {
        fixture.quirks.reset();
        await fresh.close();
      }
    });
  }
});
