import { type ColumnarTable, fromColumnarTable } from '@opendata-mcp/core';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSdmxAdapter } from './index.js';

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
type Body = Record<string, any>;

const BIS_FLOW = 'WEBSTATS_DER_DATAFLOW';
const USA_2020 = {
  flow_id: 'CME',
  filters: { REF_AREA: 'USA', INDICATOR: 'CME_MRY0T4', SEX: '_T', WEALTH_QUINTILE: '_T' },
  start_period: '2020',
  end_period: '2020',
};

describe('query_data reads whatever format a registry answers in', () => {
  let fixture: SdmxFixture;
  let server: OpenDataServer;
  beforeAll(async () => {
    fixture = await startSdmxFixture();
    // Structures are not cached, so a quirk switched on is met by the next call.
    const common = { trusted_hosts: [fixture.hostPort], metadata_ttl_ms: 0 };
    server = createOpenDataServer({
      logger: silentLogger,
      adapters: [
        { adapter: createSdmxAdapter({ url: fixture.url, agency: 'UNICEF', ...common }) },
        {
          adapter: createSdmxAdapter({ id: 'bis', registry: 'bis', url: fixture.bisUrl, ...common }),
          toolPrefix: 'bis',
        },
        {
          // No CSV of ECB is recorded: this instance asks GenericData first, ECB's own default.
          adapter: createSdmxAdapter({
            id: 'ecb',
            registry: 'ecb',
            url: fixture.ecbUrl,
            data_format: 'sdmx-ml-generic',
            ...common,
          }),
          toolPrefix: 'ecb',
        },
        {
          adapter: createSdmxAdapter({
            id: 'ecbjson',
            registry: 'ecb',
            url: fixture.ecbUrl,
            data_format: 'sdmx-json',
            ...common,
          }),
          toolPrefix: 'ecbjson',
        },
      ],
    });
  });
  afterEach(() => fixture.quirks.reset());
  afterAll(async () => {
    await server.close();
    await fixture.close();
  });

  const call = async (tool: string, args: Record<string, unknown>) =>
    (await server.callTool(tool, args)) as Body;

  it('works against a registry that answers only SDMX-ML, with the same values as its CSV', async () => {
    const csv = await call('bis_query_data', { flow_id: BIS_FLOW, limit: 1000 });
    expect(csv.dialect).toBe('sdmx-csv-1.0');
    // The registry now ignores the CSV it is asked for and sends structure-specific SDMX-ML.
    fixture.quirks.set('bis', { dataFormats: ['sdmx-ml'] });
    const xml = await call('bis_query_data', { flow_id: BIS_FLOW, limit: 1000 });
    expect(xml.ok, JSON.stringify(xml.error)).toBe(true);
    expect(xml.dialect).toBe('sdmx-ml-2.1-structure-specific');
    expect(xml.total_matched).toBe(1000);
    // Every column but the value identifies an observation.
    const key = (r: Record<string, unknown>) =>
      JSON.stringify(Object.entries(r).filter(([k]) => k !== 'value' && k !== 'obs_value'));
    const fromCsv = new Map(fromColumnarTable(csv as ColumnarTable).map((r) => [key(r), r.value]));
    for (const row of fromColumnarTable(xml as ColumnarTable)) expect(row.value).toBe(fromCsv.get(key(row)));
    expect(xml.labels.FREQ).toEqual(csv.labels.FREQ);
  });

  it('asks again without format= when a registry refuses it, and reads by Accept when it ignores it', async () => {
    fixture.quirks.set('unicef', { formatParam: 'reject' });
    const before = fixture.requests.length;
    const refused = await call('query_data', USA_2020);
    expect(refused.ok, JSON.stringify(refused.error)).toBe(true);
    const asked = fixture.requests.slice(before).filter((r) => r.path.includes('/data/'));
    expect(asked.map((r) => [r.status, r.search.includes('format=')])).toEqual([
      [406, true],
      [200, false],
    ]);
    fixture.quirks.set('unicef', { formatParam: 'ignore' });
    const ignored = await call('query_data', USA_2020);
    expect(ignored.dialect).toBe('code-label-columns');
    expect(ignored.returned).toBe(refused.returned);
  });

  it('reads ECB GenericData (its default) and SDMX-JSON, labelled from the ECB structure', async () => {
    const generic = await call('ecb_query_data', {
      flow_id: 'EXR',
      filters: { FREQ: 'M', CURRENCY: 'USD', CURRENCY_DENOM: 'EUR', EXR_TYPE: 'SP00', EXR_SUFFIX: 'A' },
      limit: 3,
    });
    expect(generic.ok, JSON.stringify(generic.error)).toBe(true);
    expect(generic.dialect).toBe('sdmx-ml-2.1-generic');
    expect(generic.total_matched).toBeGreaterThan(200);
    expect(generic.labels.CURRENCY).toEqual({ USD: 'US dollar' });
    expect(fromColumnarTable(generic as ColumnarTable)[0]).toMatchObject({
      time_period: '1999-01',
      value: 1.16078,
    });
    const json = await call('ecbjson_query_data', {
      flow_id: 'EXR',
      filters: {
        FREQ: 'D',
        CURRENCY: ['NZD', 'RUB'],
        CURRENCY_DENOM: 'EUR',
        EXR_TYPE: 'SP00',
        EXR_SUFFIX: 'A',
      },
      start_period: '2013-01-18',
      end_period: '2013-01-21',
    });
    expect(json.ok, JSON.stringify(json.error)).toBe(true);
    expect(json.dialect).toBe('sdmx-json-1.0');
    const values = fromColumnarTable(json as ColumnarTable).map((r) => [r.CURRENCY, r.time_period, r.value]);
    expect(values).toEqual(
      expect.arrayContaining([
        ['NZD', '2013-01-18', 1.5931],
        ['RUB', '2013-01-21', 40.3],
      ]),
    );
    expect(json.source.query.text).toContain('format=jsondata');
  });

  it('refuses clearly when a registry does not implement latest or a references mode', async () => {
    fixture.quirks.set('ecb', { latest: false });
    // The built-in ECB profile states latest works, so the refusal surfaces as an upstream error ...
    const refused = await call('ecb_get_dataflow_structure', { flow_id: 'EXR' });
    expect(refused.ok).toBe(false);
    expect(refused.error.code).toBe('upstream_error');
    expect(refused.error.message).toContain('501');
    // ... and a references mode the registry does not implement is refused the same way.
    fixture.quirks.set('bis', { references: ['all'] });
    const modes = await call('bis_get_dataflow_structure', { flow_id: BIS_FLOW });
    expect(modes.error.code).toBe('upstream_error');
  });
});
