import { describe, expect, it } from 'vitest';
import type { Observation } from './observation.js';
import { parseDataMessage } from './parse-data-message.js';
import { expectedTable, recorded, recordedDsd, recordedFlow } from './recorded-messages.test-support.js';

const SAMPLES = 'sdmx-test-data/samples';
const bis = () => recordedFlow('bis/datastructure_descendants.xml', 'WEBSTATS_DER_DATAFLOW');

/** Observations keyed as the expected tables key them: dimension codes sorted by id, then time. */
function keyed(observations: Observation[]): Map<string, number | null> {
  return new Map(
    observations.map((o) => {
      const key = Object.keys(o.dimensions)
        .sort()
        .map((d) => `${d}=${o.dimensions[d]?.code}`)
        .join(',');
      return [`${key}@${o.time_period}`, o.value];
    }),
  );
}

describe('parseDataMessage: one observation model from every format', () => {
  it('reads the same 1,000 BIS observations from SDMX-ML structure-specific and SDMX-CSV 1.0, value by value', async () => {
    const structure = await bis();
    const xml = await parseDataMessage(
      recorded('bis/data_structurespecific.xml'),
      undefined,
      structure,
      'en',
    );
    const csv = await parseDataMessage(recorded('bis/data_sdmxcsv1.csv'), 'text/csv', structure, 'en');
    expect(xml.dialect).toBe('sdmx-ml-2.1-structure-specific');
    expect(csv.dialect).toBe('sdmx-csv-1.0');
    expect(xml.observations).toHaveLength(1000);
    expect(csv.observations).toHaveLength(1000);
    const fromCsv = new Map(csv.observations.map((o) => [`${o.series_key}@${o.time_period}`, o]));
    for (const o of xml.observations) {
      const twin = fromCsv.get(`${o.series_key}@${o.time_period}`);
      expect(twin, o.series_key).toBeDefined();
      expect(o.value).toBe(twin?.value);
      expect(o.dimensions).toEqual(twin?.dimensions);
      expect(o.attributes).toEqual(twin?.attributes);
    }
    // Missing values stay missing, published values keep their text.
    expect(xml.observations.filter((o) => o.value === null).length).toBeGreaterThan(0);
    const first = xml.observations.find((o) => o.value !== null);
    expect(first?.obs_value).toMatch(/^\d/);
    expect(first?.dimensions.FREQ?.label).toBe('Annual');
  });

  it('reads the ECB EXR samples in SDMX-ML generic, structure-specific, SDMX-JSON 1.0 and 2.0 as the sdmx library reads them', async () => {
    const ng = await recordedDsd(`${SAMPLES}/ng-structure-full.xml`, 'ECB_EXR_NG');
    const wantNg = expectedTable(`${SAMPLES}/expected/ng-flat-xml.txt`);
    for (const file of ['ng-flat.xml', 'ng-ts.xml', 'ng-ts-ss.xml']) {
      const parsed = await parseDataMessage(recorded(`${SAMPLES}/${file}`), 'application/xml', ng, 'en');
      expect(keyed(parsed.observations), file).toEqual(wantNg);
    }
    const wantFlat = expectedTable(`${SAMPLES}/expected/flat-json.txt`);
    const json = [
      ['sdmxjson1_flat.json', 'sdmx-json-1.0'],
      ['sdmxjson1_ts.json', 'sdmx-json-1.0'],
      ['sdmxjson1_xs.json', 'sdmx-json-1.0'],
      ['sdmxjson2_exr-flat.json', 'sdmx-json-2.0'],
      ['sdmxjson2_exr-time-series.json', 'sdmx-json-2.0'],
      ['sdmxjson2_exr-cross-section.json', 'sdmx-json-2.0'],
    ];
    for (const [file, dialect] of json) {
      const parsed = await parseDataMessage(recorded(`${SAMPLES}/${file}`), 'application/json', null, 'en');
      expect(parsed.dialect, file).toBe(dialect);
      expect(keyed(parsed.observations), file).toEqual(wantFlat);
      // The message's own key positions order the key: FREQ.CURRENCY.CURRENCY_DENOM.EXR_TYPE.EXR_SUFFIX.
      expect(parsed.observations[0]?.series_key).toMatch(/^D\.(NZD|RUB)\.EUR\.SP00\.A$/);
    }
  });

  it('labels codes from the message itself in SDMX-JSON, and skips data sets that delete', async () => {
    const ts = await parseDataMessage(recorded(`${SAMPLES}/sdmxjson1_ts.json`), undefined, null, 'en');
    const rub = ts.observations.find((o) => o.dimensions.CURRENCY?.code === 'RUB');
    expect(rub?.dimensions.CURRENCY?.label).toBe('Russian rouble');
    expect(rub?.attributes.TITLE?.code).toBe('Russian rouble (RUB)');
    const deleting = await parseDataMessage(
      recorded(`${SAMPLES}/sdmxjson2_exr-action-delete.json`),
      undefined,
      null,
      'en',
    );
    expect(deleting.observations.map((o) => o.value)).toEqual([40.3426, 40.3]);
  });

  it('reads a real ECB GenericData series with labels and attributes from the real EXR structure', async () => {
    const structure = await recordedFlow('sdmx-test-data/ecb/dataflow_EXR_references_all.xml', 'EXR', 'ECB');
    const parsed = await parseDataMessage(
      recorded('sdmx-test-data/ecb/data_M.USD.EUR.SP00.A_generic.xml'),
      'application/vnd.sdmx.genericdata+xml;version=2.1',
      structure,
      'en',
    );
    expect(parsed.dialect).toBe('sdmx-ml-2.1-generic');
    expect(parsed.observations.length).toBeGreaterThan(200);
    const first = parsed.observations[0];
    expect(first?.series_key).toBe('M.USD.EUR.SP00.A');
    expect(first?.time_period).toBe('1999-01');
    expect(first?.obs_value).toBe('1.16078');
    expect(first?.value).toBe(1.16078);
    expect(first?.dimensions.CURRENCY?.label).toBe('US dollar');
    expect(first?.attributes.OBS_STATUS?.code).toBe('A');
    // A series attribute reaches every observation of the series.
    expect(parsed.observations.every((o) => o.attributes.UNIT?.code === 'USD')).toBe(true);
  });

  it('reads SDMX-ML 3.0 structure-specific data with multi-valued attributes, and 2.1 time-series variants', async () => {
    const v3 = await parseDataMessage(recorded(`${SAMPLES}/sdmxml30_ECB_EXR_CA.xml`), undefined, null, 'en');
    expect(v3.dialect).toBe('sdmx-ml-3.0-structure-specific');
    expect(v3.observations.map((o) => [o.time_period, o.value])).toEqual([
      ['2017', 1.46472274509804],
      ['2018', 1.529364705882353],
      ['2019', 1.485477254901961],
    ]);
    expect(v3.observations[1]?.attributes.OBS_STATUS?.code).toBe('J;U;N');
    const imf = await parseDataMessage(
      recorded('sdmx-test-data/other/IMF_PCPS_structurespecific_timeseries.xml'),
      undefined,
      null,
      'en',
    );
    expect(imf.observations).toHaveLength(1);
    expect(imf.observations[0]?.value).toBe(2705.345);
    expect(imf.observations[0]?.dimensions.COMMODITY?.code).toBe('PZINC');
    const wits = await parseDataMessage(
      recorded('sdmx-test-data/other/WB_WITS_generic_gh-78.xml'),
      undefined,
      null,
      'en',
    );
    expect(wits.observations).toHaveLength(1);
    expect(wits.observations[0]?.series_key).toBe('A.Reported.020110.000.840');
    expect(wits.observations[0]?.attributes.DATASOURCE?.code).toBe('TRN');
  });

  it('reads SDMX-CSV 2.0, with and without labels, and the code-and-label layout', async () => {
    const plain = await parseDataMessage(
      recorded(`${SAMPLES}/sdmxcsv2_example-01.csv`),
      'text/csv',
      null,
      'en',
    );
    expect(plain.dialect).toBe('sdmx-csv-2.0');
    expect(plain.observations.map((o) => [o.series_key, o.value])).toEqual([
      ['A.B.2014-01', 12.4],
      ['A.B.2014-02', 10.8],
    ]);
    expect(plain.observations[0]?.attributes.ATTR_3?.code).toBe('Normal, special and other values');
    const labelled = await parseDataMessage(
      recorded(`${SAMPLES}/sdmxcsv2_example-05.csv`),
      undefined,
      null,
      'en',
    );
    expect(labelled.observations[0]?.dimensions.DIM_1).toEqual({ code: 'A', label: 'Value A' });
    expect(labelled.observations[1]?.value).toBe(10.8);
    const multi = await parseDataMessage(
      recorded(`${SAMPLES}/sdmxcsv2_example-09A.csv`),
      undefined,
      null,
      'en',
    );
    expect(multi.observations.map((o) => o.value)).toEqual([12.4, 10.8, 11.2]);
    const unicef = await parseDataMessage(
      recorded('unicef/data/CME_MRY0T4_USA_2020_pinning.csv'),
      'application/vnd.sdmx.data+csv',
      await recordedFlow('unicef/dataflow_CME_references_all.xml', 'CME', 'UNICEF'),
      'en',
    );
    expect(unicef.dialect).toBe('code-label-columns');
    expect(unicef.observations[0]?.dimensions.REF_AREA).toEqual({ code: 'USA', label: 'United States' });
  });

  it('chooses the parser by what came back, whatever was asked', async () => {
    const csv = recorded('bis/data_sdmxcsv1.csv');
    // Labelled as XML by a careless server: the label wins and the body is refused as XML.
    await expect(parseDataMessage(csv, 'application/xml', await bis(), 'en')).rejects.toThrow(
      /not readable SDMX-ML/,
    );
    // Generic labels fall back on the body.
    expect((await parseDataMessage(csv, 'application/octet-stream', await bis(), 'en')).dialect).toBe(
      'sdmx-csv-1.0',
    );
    expect((await parseDataMessage(csv, undefined, await bis(), 'en')).observations).toHaveLength(1000);
  });

  it('refuses what is not data with upstream_error', async () => {
    const refusals: Array<[string, string | undefined]> = [
      ['<html><body>Checking your browser</body></html>', 'text/html'],
      ['{"data": {"structures": []}}', 'application/json'],
      ['{"data": {"dataSets": [{"observations": {}}], "structures": [{}]}}', 'application/json'],
      ['', undefined],
      ['just words', 'text/plain'],
      ['A,B\n1,2\n', 'text/csv'],
      [recorded('unicef/dataflows_UNICEF.xml'), 'application/xml'],
      [
        '<?xml version="1.0"?><message:Error xmlns:message="m" xmlns:common="c"><message:ErrorMessage code="500"><common:Text>Internal failure</common:Text></message:ErrorMessage></message:Error>',
        'application/xml',
      ],
    ];
    for (const [body, type] of refusals) {
      await expect(parseDataMessage(body, type, null, 'en'), body.slice(0, 40)).rejects.toThrow(
        expect.objectContaining({ code: 'upstream_error' }),
      );
    }
  });

  it('fails a data message cut off at any element boundary as retryable upstream_unavailable, never as complete', async () => {
    const messages = [
      recorded('sdmx-test-data/ecb/data_M.USD.EUR.SP00.A_generic.xml'),
      recorded('bis/data_structurespecific.xml'),
      recorded(`${SAMPLES}/sdmxml30_ECB_EXR_CA.xml`),
      '<?xml version="1.0"?><mes:StructureSpecificData xmlns:mes="x"><mes:DataSet><Series',
    ];
    for (const xml of messages) {
      const ends = [...xml.matchAll(/>/g)].map((m) => (m.index ?? 0) + 1);
      // Cuts after the root opened: early, middle, late, and just before the root's own end tag.
      const cuts = [ends[3], ends[Math.floor(ends.length / 2)], ends[ends.length - 3], xml.lastIndexOf('</')];
      for (const cut of cuts.concat(xml.length - 2)) {
        await expect(
          parseDataMessage(xml.slice(0, cut), 'application/xml', null, 'en'),
          `${cut}`,
        ).rejects.toThrow(
          expect.objectContaining({
            code: 'upstream_unavailable',
            retryable: true,
            message: expect.stringMatching(/cut off/),
          }),
        );
      }
      // The whole message still reads.
      if (xml.endsWith('>') || xml.endsWith('>\n'))
        await expect(parseDataMessage(xml, 'application/xml', null, 'en')).resolves.toBeDefined();
    }
  });

  it('refuses a body cut off in transit with the retryable upstream_unavailable', async () => {
    const cut: Array<[string, string | undefined]> = [
      ['<?xml version="1.0"?><mes:StructureSpecificData xmlns:mes="x"><mes:DataSet><Series', undefined],
      ['{"dataSets": [', 'application/json'],
      ['A,B,C\n1,2,3\n4,5', 'text/csv'],
    ];
    for (const [body, type] of cut) {
      await expect(parseDataMessage(body, type, null, 'en'), body.slice(0, 40)).rejects.toThrow(
        expect.objectContaining({ code: 'upstream_unavailable', retryable: true }),
      );
    }
  });
});
