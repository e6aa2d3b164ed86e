import { type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, type StdioSession } from '../e2e/stdio-client.js';

const CME = 'CME';
const BIS_FLOW = 'WEBSTATS_DER_DATAFLOW';

describe('SDMX tools end to end over stdio', () => {
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

  it('lists the four tools of each registry and api_status', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'api_status',
      'bis_get_dataflow_structure',
      'bis_list_codes',
      'bis_query_data',
      'bis_search_dataflows',
      'get_dataflow_structure',
      'list_codes',
      'query_data',
      'search_dataflows',
    ]);
  });

  it('search_dataflows finds Child Mortality, counts honestly and says when it cut the list', async () => {
    const { body, isError } = await session.call('search_dataflows', { query: 'mortality' });
    expect(isError).toBe(false);
    expect(body.flows.map((f: { id: string }) => f.id)).toContain(CME);
    expect(body.flows.find((f: { id: string }) => f.id === CME)).toEqual({
      id: CME,
      agency: 'UNICEF',
      version: '1.0',
      name: 'Child Mortality',
      description: null,
    });
    expect(body.truncated).toBe(false);
    expect(body.total_matched).toBe(body.returned);
    expect(body.registry_prepared_at).toBe('2026-02-10T02:23:30Z');
    // When the registry generated its answer is not when anything changed: no modification date.
    expect(body.source.source_modified_at).toBeNull();
    expect(body.source.query.text).toBe(`${fixture.url}/dataflow/UNICEF?references=none&detail=full`);
    const all = await session.call('search_dataflows', { limit: 5 });
    expect(all.body).toMatchObject({ returned: 5, truncated: true, total_matched: 70 });
    const miss = await session.call('search_dataflows', { query: 'zzzyyyxxx' });
    expect(miss.body).toMatchObject({ ok: true, returned: 0, truncated: false, total_matched: 0 });
  });

  it('get_dataflow_structure gives dimensions in key order, code counts and the Allowed constraint', async () => {
    const { body } = await session.call('get_dataflow_structure', { flow_id: CME });
    expect(body.key_template).toBe('REF_AREA.INDICATOR.SEX.WEALTH_QUINTILE');
    expect(body.data_structure).toBe('UNICEF:DSD_CME(1.0)');
    const [area, indicator, sex, quintile] = body.dimensions;
    expect(area).toMatchObject({
      id: 'REF_AREA',
      position: 1,
      codelist: 'UNICEF:CL_COUNTRY(1.0)',
      allowed_codes: null,
    });
    expect(area.code_count).toBeGreaterThan(200);
    expect(indicator).toMatchObject({
      id: 'INDICATOR',
      position: 2,
      codelist: 'UNICEF:CL_UNICEF_INDICATOR(1.0)',
    });
    expect(sex).toMatchObject({ id: 'SEX', codelist: 'SDMX:CL_SEX(2.1)' });
    expect(quintile).toMatchObject({ id: 'WEALTH_QUINTILE', allowed_codes: 6 });
    expect(quintile.sample_codes).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Q5', '_T']);
    expect(body.time_dimension).toEqual({ id: 'TIME_PERIOD', position: 5 });
    expect(body.measure.id).toBe('OBS_VALUE');
    expect(body.attributes.map((a: { id: string }) => a.id)).toContain('UNIT_MEASURE');
    expect(body.constraints).toEqual([
      { id: 'CME_WEATLH_QUINTILE', type: 'Allowed', dimensions: { WEALTH_QUINTILE: 6 } },
    ]);
    expect(body.registry_prepared_at).toBe('2026-02-11T00:13:13Z');
    expect(body.source.source_modified_at).toBeNull();
    expect(body.source.identifiers.dataflow).toBe('UNICEF:CME(1.0)');
  });

  it('list_codes honours the constraint and filters by a word', async () => {
    const quintiles = await session.call('list_codes', { flow_id: CME, dimension: 'WEALTH_QUINTILE' });
    expect(quintiles.body).toMatchObject({
      constrained: true,
      returned: 6,
      total_matched: 6,
      truncated: false,
    });
    expect(quintiles.body.codelist_size).toBeGreaterThan(6);
    const brazil = await session.call('list_codes', { flow_id: CME, dimension: 'REF_AREA', query: 'brazil' });
    expect(brazil.body.codes.map((c: { id: string }) => c.id)).toContain('BRA');
    expect(brazil.body.codes.find((c: { id: string }) => c.id === 'BRA').name).toBe('Brazil');
    const cut = await session.call('list_codes', { flow_id: CME, dimension: 'REF_AREA', limit: 3 });
    expect(cut.body.returned).toBe(3);
    expect(cut.body.truncated).toBe(true);
    expect(cut.body.total_matched).toBe(cut.body.codelist_size);
  });

  it('query_data returns the published values with labels and attributes', async () => {
    const { body, isError } = await session.call('query_data', {
      flow_id: CME,
      filters: { REF_AREA: ['USA', 'BRA'], INDICATOR: ['CME_MRY0T4'], WEALTH_QUINTILE: ['_T'] },
      start_period: '2020',
      end_period: '2020',
    });
    expect(isError).toBe(false);
    expect(body.series_key).toBe('USA+BRA.CME_MRY0T4.._T');
    expect(body).toMatchObject({
      returned: 6,
      truncated: false,
      total_matched: 6,
      dialect: 'code-label-columns',
    });
    const usa = body.observations.find(
      (o: { series_key: string }) => o.series_key === 'USA.CME_MRY0T4._T._T',
    );
    expect(usa).toEqual({
      series_key: 'USA.CME_MRY0T4._T._T',
      dimensions: {
        REF_AREA: { code: 'USA', label: 'United States' },
        INDICATOR: { code: 'CME_MRY0T4', label: 'Under-five mortality rate' },
        SEX: { code: '_T', label: 'Total' },
        WEALTH_QUINTILE: { code: '_T', label: 'Total' },
      },
      time_period: '2020',
      obs_value: '6.46878461763762',
      value: 6.46878461763762,
      attributes: {
        DATA_SOURCE: { code: 'UN_IGME', label: null },
        UNIT_MEASURE: { code: 'D_PER_1000_B', label: 'Deaths per 1,000 live births' },
        LOWER_BOUND: { code: '6.35545280092989', label: null },
        UPPER_BOUND: { code: '6.5800896772505', label: null },
        OBS_STATUS: { code: 'A', label: 'Normal value' },
      },
    });
    expect(body.source.query.text).toBe(
      `${fixture.url}/data/UNICEF,CME,1.0/USA+BRA.CME_MRY0T4.._T?startPeriod=2020&endPeriod=2020&format=csv`,
    );
    expect(body.source.source_modified_at).toBeNull();
    expect(body.citation).toContain('UNICEF: Child Mortality');
  });

  it('query_data truncates to limit and still counts every observation', async () => {
    const { body } = await session.call('query_data', {
      flow_id: CME,
      filters: { REF_AREA: ['BRA'], INDICATOR: ['CME_MRY0T4'], WEALTH_QUINTILE: ['_T'] },
      start_period: '1990',
      end_period: '2023',
      limit: 10,
    });
    expect(body).toMatchObject({ returned: 10, truncated: true, total_matched: 102 });
  });

  it('query_data reads strict SDMX-CSV 1.0 from the BIS registry, labels from its code lists', async () => {
    const { body, isError } = await session.call('bis_query_data', {
      flow_id: BIS_FLOW,
      filters: { FREQ: ['A'], DER_CURR_LEG1: ['HKD'] },
      limit: 1000,
    });
    expect(isError).toBe(false);
    expect(body.dialect).toBe('sdmx-csv-1.0');
    expect(body.returned).toBeGreaterThan(0);
    const first = body.observations[0];
    expect(first.dimensions.FREQ).toEqual({ code: 'A', label: 'Annual' });
    expect(first.dimensions.DER_CURR_LEG1.code).toBe('HKD');
    const empty = body.observations.find((o: { obs_value: string | null }) => o.obs_value === null);
    expect(empty?.value).toBeNull();
    expect(body.source.query.text).toContain('/data/BIS,WEBSTATS_DER_DATAFLOW,1.0/A');
  });

  it('an empty registry answer is no_data, not an empty success', async () => {
    const { body, isError } = await session.call('query_data', {
      flow_id: CME,
      filters: { REF_AREA: ['USA'], INDICATOR: ['CME_MRY0T4'], WEALTH_QUINTILE: ['Q1'] },
      start_period: '2020',
      end_period: '2020',
    });
    expect(isError).toBe(true);
    expect(body.error).toMatchObject({ code: 'no_data', retryable: false });
    expect(body).not.toHaveProperty('observations');
  });

  it('refuses an unknown dimension, naming the valid ones, before calling the registry', async () => {
    const before = fixture.requests.filter((r) => r.path.includes('/data/')).length;
    const { body } = await session.call('query_data', { flow_id: CME, filters: { COUNTRY: ['USA'] } });
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toContain('REF_AREA, INDICATOR, SEX, WEALTH_QUINTILE');
    const time = await session.call('query_data', { flow_id: CME, filters: { TIME_PERIOD: ['2020'] } });
    expect(time.body.error.hint).toContain('start_period');
    expect(fixture.requests.filter((r) => r.path.includes('/data/')).length).toBe(before);
  });

  it('refuses an unknown or disallowed code with the valid choices', async () => {
    const code = await session.call('query_data', { flow_id: CME, filters: { SEX: ['X'] } });
    expect(code.body.error.code).toBe('invalid_input');
    expect(code.body.error.message).toMatch(/SEX .* no code "X"/);
    expect(code.body.error.message).toContain('_T');
    const disallowed = await session.call('query_data', {
      flow_id: CME,
      filters: { WEALTH_QUINTILE: ['B20'] },
    });
    expect(disallowed.body.error.message).toContain('Q1, Q2, Q3, Q4, Q5, _T');
    const label = await session.call('query_data', { flow_id: CME, filters: { REF_AREA: ['ZZZ'] } });
    expect(label.body.error.hint).toContain('list_codes');
  });

  it('refuses a flow the registry does not have with not_found', async () => {
    const { body } = await session.call('get_dataflow_structure', { flow_id: 'NO_SUCH_FLOW' });
    expect(body.error.code).toBe('not_found');
    const codes = await session.call('list_codes', { flow_id: CME, dimension: 'NOPE' });
    expect(codes.body.error.code).toBe('invalid_input');
  });

  const injections: Array<[string, Record<string, unknown>]> = [
    ['get_dataflow_structure', { flow_id: '../../etc/passwd' }],
    ['get_dataflow_structure', { flow_id: 'CME?references=all&x=' }],
    ['get_dataflow_structure', { flow_id: 'CME', agency: 'UNICEF/../../admin' }],
    ['get_dataflow_structure', { flow_id: 'CME', version: '1.0/../x' }],
    ['query_data', { flow_id: CME, filters: { REF_AREA: ['USA.CME_MRY0T4'] } }],
    ['query_data', { flow_id: CME, filters: { REF_AREA: ['USA+BRA'] } }],
    ['query_data', { flow_id: CME, filters: { 'REF_AREA/..': ['USA'] } }],
    ['query_data', { flow_id: CME, start_period: '2020&format=xml' }],
    ['list_codes', { flow_id: CME, dimension: 'REF_AREA#x' }],
    ['search_dataflows', { agency: 'http://evil.example' }],
  ];
  it('refuses injection attempts in ids with invalid_input and never calls the registry with them', async () => {
    const before = fixture.requests.length;
    for (const [tool, args] of injections) {
      const { body, isError } = await session.call(tool, args);
      expect(isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(body.error.code, `${tool} ${JSON.stringify(args)}`).toBe('invalid_input');
    }
    expect(fixture.requests.slice(before).some((r) => /\.\.|passwd|evil|admin|%2F/i.test(r.path))).toBe(
      false,
    );
  });

  it('answers get_dataflow_structure for BIS, where one dimension has no code list', async () => {
    const { body } = await session.call('bis_get_dataflow_structure', { flow_id: BIS_FLOW });
    expect(body.dimensions).toHaveLength(15);
    expect(body.dimensions.at(-1)).toMatchObject({ id: 'NEW_DIMENSION', codelist: null, code_count: null });
    const uncoded = await session.call('bis_list_codes', { flow_id: BIS_FLOW, dimension: 'NEW_DIMENSION' });
    expect(uncoded.body.error.code).toBe('invalid_input');
  });

  it('api_status counts the dataflows of both registries', async () => {
    const { body } = await session.call('api_status', {});
    const byId = Object.fromEntries(body.backends.map((b: { adapter_id: string }) => [b.adapter_id, b]));
    expect(byId.sdmx.reachable).toBe(true);
    expect(byId.sdmx.count).toEqual({ label: 'dataflows (UNICEF)', value: 70 });
    expect(byId.bis.count.value).toBe(1);
  });
});
