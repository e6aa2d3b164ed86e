import { type ColumnarTable, fromColumnarTable } from '@opendata-mcp/core';
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

  it('lists the nine tools of each registry, api_status, search_all and resolve_place', async () => {
    const { tools } = await session.client.listTools();
    const nine = [
      'check_availability',
      'find_indicators',
      'get_dataflow_structure',
      'get_indicator_series',
      'get_indicator_table',
      'get_indicator_value',
      'list_codes',
      'query_data',
      'search_dataflows',
    ];
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['api_status', 'search_all', 'resolve_place', ...nine, ...nine.map((name) => `bis_${name}`)].sort(),
    );
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
      matched_words: ['mortality'],
    });
    expect(body.truncated).toBe(false);
    expect(body.total_matched).toBe(body.returned);
    expect(body.registry_prepared_at).toBe('2026-02-10T02:23:30Z');
    // When the registry generated its answer is not when anything changed: no modification date.
    expect(body.source.source_modified_at).toBeNull();
    expect(body.source.query.text).toBe(`${fixture.url}/dataflow/UNICEF?references=none&detail=full`);
    // Offline, the registry lists only the flows whose structure is recorded: every listed flow opens.
    const all = await session.call('search_dataflows', { limit: 5 });
    expect(all.body).toMatchObject({ returned: 1, truncated: false, total_matched: 1 });
    expect(all.body.flows.map((f: { id: string }) => f.id)).toEqual([CME]);
    // An agency of another registry is refused naming this one's, and where the others are listed.
    const elsewhere = await session.call('search_dataflows', { agency: 'ECB' });
    expect(elsewhere.body.error).toMatchObject({
      code: 'not_found',
      message: 'The UNICEF registry has no dataflows of agency ECB.',
    });
    expect(elsewhere.body.error.hint).toMatch(/^Its agencies: .*UNICEF.*api_status lists/);
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
    // Dimension ids in other letter case name the same dimensions.
    const lower = await session.call('query_data', {
      flow_id: CME,
      filters: { ref_area: ['USA', 'BRA'], Indicator: ['CME_MRY0T4'], wealth_quintile: ['_T'] },
      start_period: '2020',
      end_period: '2020',
    });
    expect(lower.body.series_key).toBe('USA+BRA.CME_MRY0T4.._T');
    expect(lower.body.rows).toEqual(body.rows);
    expect(body).toMatchObject({
      returned: 6,
      truncated: false,
      total_matched: 6,
      dialect: 'code-label-columns',
    });
    // Columns once, rows as arrays; SEX varies (M, F, _T), the rest of the key is fixed.
    expect(body.fixed).toMatchObject({ INDICATOR: 'CME_MRY0T4', WEALTH_QUINTILE: '_T', time_period: '2020' });
    expect(body.labels.REF_AREA).toEqual({ USA: 'United States', BRA: 'Brazil' });
    expect(body.labels.INDICATOR).toEqual({ CME_MRY0T4: 'Under-five mortality rate' });
    const usa = fromColumnarTable(body as ColumnarTable).find((o) => o.REF_AREA === 'USA' && o.SEX === '_T');
    expect(usa).toMatchObject({
      REF_AREA: 'USA',
      INDICATOR: 'CME_MRY0T4',
      SEX: '_T',
      WEALTH_QUINTILE: '_T',
      time_period: '2020',
      value: 6.46878461763762,
      DATA_SOURCE: 'UN_IGME',
      UNIT_MEASURE: 'D_PER_1000_B',
      LOWER_BOUND: 6.35545280092989,
      UPPER_BOUND: 6.5800896772505,
      OBS_STATUS: 'A',
    });
    expect(body.labels.UNIT_MEASURE).toEqual({ D_PER_1000_B: 'Deaths per 1,000 live births' });
    expect(body.labels.DATA_SOURCE).toBeUndefined();
    // Every published value reads back as the same number, so the lexical column is left out.
    expect(body.columns).not.toContain('obs_value');
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
    expect(body).toMatchObject({ returned: 10, truncated: true, total_matched: 102, next_offset: 10 });
    const next = await session.call('query_data', {
      flow_id: CME,
      filters: { REF_AREA: 'BRA', INDICATOR: 'CME_MRY0T4', WEALTH_QUINTILE: '_T' },
      start_period: '1990',
      end_period: '2023',
      limit: 100,
      offset: body.next_offset,
    });
    expect(next.body).toMatchObject({ returned: 92, truncated: false, next_offset: null });
    const whole = await session.call('query_data', {
      flow_id: CME,
      filters: { REF_AREA: 'BRA', INDICATOR: 'CME_MRY0T4', WEALTH_QUINTILE: '_T' },
      start_period: '1990',
      end_period: '2023',
      limit: 1000,
    });
    const all = fromColumnarTable(whole.body as ColumnarTable);
    expect([
      ...fromColumnarTable(body as ColumnarTable),
      ...fromColumnarTable(next.body as ColumnarTable),
    ]).toEqual(all);
  });

  it('query_data sorts, gives a top-N and returns the chosen columns only', async () => {
    const args = {
      flow_id: CME,
      filters: { REF_AREA: 'BRA', INDICATOR: 'CME_MRY0T4', WEALTH_QUINTILE: '_T', SEX: '_T' },
      start_period: '1990',
      end_period: '2023',
    };
    const everything = fromColumnarTable(
      (await session.call('query_data', { ...args, limit: 1000 })).body as ColumnarTable,
    );
    const highest = [...everything].sort((a, b) => Number(b.value) - Number(a.value)).slice(0, 3);
    const { body } = await session.call('query_data', {
      ...args,
      sort: '-value',
      limit: 3,
      columns: ['time_period', 'value', 'LOWER_BOUND'],
    });
    expect(body.columns).toEqual(['time_period', 'value', 'LOWER_BOUND']);
    expect(body.rows).toEqual(highest.map((o) => [o.time_period, o.value, o.LOWER_BOUND]));
    const badSort = await session.call('query_data', { ...args, sort: 'height' });
    expect(badSort.body.error.code).toBe('invalid_input');
    expect(badSort.body.error.hint).toContain('time_period');
    const badColumn = await session.call('query_data', { ...args, columns: ['height'] });
    expect(badColumn.body.error.code).toBe('invalid_input');
    const comparison = await session.call('query_data', { ...args, filters: { REF_AREA: { gte: 'A' } } });
    expect(comparison.body.error.code).toBe('invalid_input');
    expect(comparison.body.error.hint).toContain('start_period');
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
    expect(body.fixed).toMatchObject({ FREQ: 'A', DER_CURR_LEG1: 'HKD' });
    expect(body.labels.FREQ).toEqual({ A: 'Annual' });
    const empty = fromColumnarTable(body as ColumnarTable).find((o) => o.value === null);
    expect(empty).toBeDefined();
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
    expect(body).not.toHaveProperty('rows');
  });

  it('takes language like every adapter, falling back to the names the registry gives', async () => {
    const english = await session.call('search_dataflows', { query: 'mortality' });
    const french = await session.call('search_dataflows', { query: 'mortality', language: 'fr' });
    // UNICEF names its flows in English only: asking for French still names them.
    expect(french.body.flows).toEqual(english.body.flows);
    expect(french.body.flows.length).toBeGreaterThan(0);
  });

  it('says "not available offline" for what no recording holds, never no_data or not_found', async () => {
    const data = await session.call('query_data', {
      flow_id: CME,
      filters: { REF_AREA: 'BRA' },
      start_period: '1980',
      end_period: '1985',
    });
    expect(data.isError).toBe(true);
    expect(data.body.error).toMatchObject({ code: 'not_recorded_offline', retryable: false });
    expect(data.body.error.message).toMatch(/^Not available offline/);
    const structure = await session.call('get_dataflow_structure', { flow_id: 'NUTRITION' });
    expect(structure.body.error.code).toBe('not_recorded_offline');
    expect(structure.body.error.hint).toContain('only recorded requests');
    expect(structure.body.error.message).toMatch(/^Not available offline/);
  });

  it('says what the words were read as when the data request they made fails', async () => {
    const filters = { indicator: 'under-five mortality', area: 'Niger', sex: 'Total', WEALTH_QUINTILE: '_T' };
    const { body } = await session.call('get_indicator_value', { flow_id: CME, filters, period: '2015' });
    expect(body.error.code).toBe('not_recorded_offline');
    expect(body.error.details.resolved).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          dimension: 'INDICATOR',
          asked: 'under-five mortality',
          code: 'CME_MRY0T4',
        }),
        expect.objectContaining({ dimension: 'REF_AREA', asked: 'Niger', code: 'NER' }),
      ]),
    );
    // The error's own details are kept beside it.
    expect(body.error.details.status).toBe(460);
    const series = await session.call('get_indicator_series', {
      flow_id: CME,
      filters,
      start_period: '2010',
      end_period: '2015',
    });
    expect(series.body.error.details.resolved).toEqual(
      expect.arrayContaining([expect.objectContaining({ dimension: 'REF_AREA', code: 'NER' })]),
    );
  });

  it('answers an unknown flow with not_found naming the flows that exist near it', async () => {
    const { body } = await session.call('get_dataflow_structure', { flow_id: 'CMX' });
    expect(body.error.code).toBe('not_found');
    expect(body.error.hint).toMatch(/^Dataflows near "CMX": CME \(Child Mortality\)/);
    const data = await session.call('get_indicator_value', { flow_id: 'CMEE', filters: { area: 'USA' } });
    expect(data.body.error.hint).toContain('CME (Child Mortality)');
  });

  it('refuses an unknown dimension, naming the valid ones, before calling the registry', async () => {
    const before = fixture.requests.filter((r) => r.path.includes('/data/')).length;
    const { body } = await session.call('query_data', { flow_id: CME, filters: { COUNTRY: ['USA'] } });
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.message).toContain('REF_AREA, INDICATOR, SEX, WEALTH_QUINTILE');
    const time = await session.call('query_data', { flow_id: CME, filters: { TIME_PERIOD: ['2020'] } });
    expect(time.body.error.hint).toContain('start_period');
    const lowerTime = await session.call('query_data', { flow_id: CME, filters: { time_period: ['2020'] } });
    expect(lowerTime.body.error.hint).toContain('start_period');
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
    expect(byId.sdmx.count).toEqual({ label: 'dataflows (UNICEF)', value: 1 });
    expect(byId.bis.count.value).toBe(1);
  });
});
