import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromColumnarTable } from '@opendata-mcp/core';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import {
  SDMX_FIXTURE_DATA_DIR,
  type SdmxFixture,
  type SdmxQuirks,
  startSdmxFixture,
} from '@opendata-mcp/fixtures';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSdmxAdapter } from './index.js';

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
type Body = Record<string, any>;

const CME_DIMENSIONS = ['REF_AREA', 'INDICATOR', 'SEX', 'WEALTH_QUINTILE'];
const COMPONENT = /^[A-Z][A-Z0-9_]*$/;

/** A plain reading of one CSV line, written here so the sweep shares no code with the adapter. */
function cells(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charAt(i);
    if (inQuotes && c === '"' && line.charAt(i + 1) === '"') {
      current += '"';
      i++;
    } else if (c === '"') inQuotes = !inQuotes;
    else if (c === ',' && !inQuotes) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}

interface Expected {
  codes: Record<string, string>;
  labels: Record<string, string>;
  time: string;
  value: string;
  attributes: Record<string, string>;
}

/** Every row of a recorded file: upper-case headers are components, any other header labels the one before. */
function readRecording(file: string, dimensions: string[]): Expected[] {
  const [header = '', ...lines] = readFileSync(join(SDMX_FIXTURE_DATA_DIR, file), 'utf8')
    .split('\n')
    .filter(Boolean);
  const names = cells(header);
  return lines.map((line) => {
    const row = cells(line);
    const expected: Expected = { codes: {}, labels: {}, time: '', value: '', attributes: {} };
    names.forEach((name, i) => {
      const cell = row[i] ?? '';
      if (!COMPONENT.test(name)) {
        const owner = names[i - 1] ?? '';
        if (cell !== '' && dimensions.includes(owner)) expected.labels[owner] = cell;
        return;
      }
      if (name === 'DATAFLOW') return;
      if (name === 'TIME_PERIOD') expected.time = cell;
      else if (name === 'OBS_VALUE') expected.value = cell;
      else if (dimensions.includes(name)) expected.codes[name] = cell;
      else if (cell !== '') expected.attributes[name] = cell;
    });
    return expected;
  });
}

interface SweepCase {
  file: string;
  tool: string;
  args: Record<string, unknown>;
  dimensions: string[];
  /** The independent reading of the recorded file; CSV recordings by default. */
  read?: () => Expected[];
  /** A registry behaviour switched on for this answer (an SDMX-ML-only registry). */
  quirks?: [string, SdmxQuirks];
  /**
   * The reading is a printed table: numbers as printed (40.3000 for 40.3, as a JSON number has no
   * published text) and no attributes, so values compare as numbers only.
   */
  printed?: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e] ?? '');

/** The XML attributes of one start tag, in order. */
function xmlAttributes(tag: string): Array<[string, string]> {
  return [...tag.matchAll(/([A-Za-z_][\w.-]*)="([^"]*)"/g)].map((m) => [m[1] ?? '', decode(m[2] ?? '')]);
}

/** A flat structure-specific message: every value of an observation is an attribute of its <Obs>. */
function readStructureSpecific(file: string, dimensions: string[]): Expected[] {
  const xml = readFileSync(join(SDMX_FIXTURE_DATA_DIR, file), 'utf8');
  return [...xml.matchAll(/<Obs\b([^>]*?)\/?>/g)].map((m) => {
    const expected: Expected = { codes: {}, labels: {}, time: '', value: '', attributes: {} };
    for (const [id, value] of xmlAttributes(m[1] ?? '')) {
      if (id === 'TIME_PERIOD') expected.time = value;
      else if (id === 'OBS_VALUE') expected.value = value === 'NaN' ? '' : value;
      else if (dimensions.includes(id)) expected.codes[id] = value;
      else if (value !== '') expected.attributes[id] = value;
    }
    return expected;
  });
}

/** A generic message by series: key and series attributes, then each observation's own values. */
function readGeneric(file: string): Expected[] {
  const xml = readFileSync(join(SDMX_FIXTURE_DATA_DIR, file), 'utf8');
  const values = (block: string) =>
    [...block.matchAll(/<generic:Value\b([^>]*)\/>/g)].map((m) => {
      const attrs = Object.fromEntries(xmlAttributes(m[1] ?? ''));
      return [attrs.id ?? '', attrs.value ?? ''] as const;
    });
  const out: Expected[] = [];
  for (const series of xml.split('<generic:Series>').slice(1)) {
    const [head = '', ...observations] = series.split('<generic:Obs>');
    const key = head.split('</generic:SeriesKey>')[0] ?? '';
    const codes = Object.fromEntries(values(key));
    const seriesAttributes = Object.fromEntries(values(head.slice(key.length)));
    for (const obs of observations) {
      const time = /<generic:ObsDimension\b[^>]*value="([^"]*)"/.exec(obs)?.[1] ?? '';
      const value = /<generic:ObsValue\b[^>]*value="([^"]*)"/.exec(obs)?.[1] ?? '';
      const attributes = { ...seriesAttributes, ...Object.fromEntries(values(obs)) };
      for (const [id, v] of Object.entries(attributes)) if (v === '') delete attributes[id];
      out.push({ codes: { ...codes }, labels: {}, time, value: value === 'NaN' ? '' : value, attributes });
    }
  }
  return out;
}

/** A table the `sdmx` Python library printed for a sample: columns by runs of spaces, the value last. */
function readPrintedTable(file: string): Expected[] {
  const [header = '', ...lines] = readFileSync(join(SDMX_FIXTURE_DATA_DIR, file), 'utf8')
    .split('\n')
    .filter(Boolean);
  const names = header.trim().split(/\s+/);
  return lines.map((line) => {
    const cells = line.trim().split(/\s+/);
    const expected: Expected = { codes: {}, labels: {}, time: '', value: '', attributes: {} };
    names.forEach((name, i) => {
      const cell = cells[i] ?? '';
      if (name === 'TIME_PERIOD') expected.time = cell;
      else if (name === 'value') expected.value = cell;
      else expected.codes[name] = cell;
    });
    return expected;
  });
}

/** One query_data call per recorded answer, rebuilt from the URL the recording was made with. */
function cases(): SweepCase[] {
  const manifest = JSON.parse(
    readFileSync(join(SDMX_FIXTURE_DATA_DIR, 'unicef', 'upstream_manifest.json'), 'utf8'),
  );
  const out: SweepCase[] = [];
  for (const [file, entry] of Object.entries(manifest.files as Record<string, { url?: string }>)) {
    const match = /\/data\/UNICEF,CME,1\.0\/([^?]*)\?(.*)$/.exec(entry.url ?? '');
    if (!match || !file.endsWith('.csv')) continue;
    const segments = (match[1] ?? '').split('.');
    const filters: Record<string, string[]> = {};
    CME_DIMENSIONS.forEach((dim, i) => {
      if (segments[i]) filters[dim] = (segments[i] ?? '').split('+');
    });
    const params = new URLSearchParams(match[2]);
    out.push({
      file: join('unicef', file),
      tool: 'query_data',
      args: {
        flow_id: 'CME',
        filters,
        start_period: params.get('startPeriod'),
        end_period: params.get('endPeriod'),
        limit: 1000,
      },
      dimensions: CME_DIMENSIONS,
    });
  }
  const bisHeader = cells(
    readFileSync(join(SDMX_FIXTURE_DATA_DIR, 'bis', 'data_sdmxcsv1.csv'), 'utf8').split('\n')[0] ?? '',
  );
  out.push({
    file: join('bis', 'data_sdmxcsv1.csv'),
    tool: 'bis_query_data',
    args: { flow_id: 'WEBSTATS_DER_DATAFLOW', limit: 1000 },
    dimensions: bisHeader.slice(1, bisHeader.indexOf('TIME_PERIOD')),
  });
  const bisDimensions = bisHeader.slice(1, bisHeader.indexOf('TIME_PERIOD'));
  out.push({
    file: join('bis', 'data_structurespecific.xml'),
    tool: 'bis_query_data',
    args: { flow_id: 'WEBSTATS_DER_DATAFLOW', limit: 1000 },
    dimensions: bisDimensions,
    read: () => readStructureSpecific(join('bis', 'data_structurespecific.xml'), bisDimensions),
    quirks: ['bis', { dataFormats: ['sdmx-ml'] }],
  });
  const ecbDimensions = ['FREQ', 'CURRENCY', 'CURRENCY_DENOM', 'EXR_TYPE', 'EXR_SUFFIX'];
  out.push({
    file: 'sdmx-test-data/ecb/data_M.USD.EUR.SP00.A_generic.xml',
    tool: 'ecb_query_data',
    args: {
      flow_id: 'EXR',
      filters: { FREQ: 'M', CURRENCY: 'USD', CURRENCY_DENOM: 'EUR', EXR_TYPE: 'SP00', EXR_SUFFIX: 'A' },
      limit: 1000,
    },
    dimensions: ecbDimensions,
    read: () => readGeneric('sdmx-test-data/ecb/data_M.USD.EUR.SP00.A_generic.xml'),
  });
  out.push({
    file: 'sdmx-test-data/samples/sdmxjson1_ts.json',
    tool: 'ecbjson_query_data',
    args: {
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
      // The registry's order is the message's; the printed table's is its own.
      sort: 'CURRENCY',
    },
    dimensions: ecbDimensions,
    read: () => readPrintedTable('sdmx-test-data/samples/expected/flat-json.txt'),
    printed: true,
  });
  return out;
}

describe('fidelity sweep: every observation of every recorded data answer, in every format', () => {
  let fixture: SdmxFixture;
  let server: OpenDataServer;
  let compared = 0;
  beforeAll(async () => {
    fixture = await startSdmxFixture();
    server = createOpenDataServer({
      logger: silentLogger,
      adapters: [
        {
          adapter: createSdmxAdapter({
            url: fixture.url,
            agency: 'UNICEF',
            trusted_hosts: [fixture.hostPort],
          }),
        },
        {
          adapter: createSdmxAdapter({
            id: 'bis',
            url: fixture.bisUrl,
            agency: 'BIS',
            structure_references: 'descendants',
            trusted_hosts: [fixture.hostPort],
          }),
          toolPrefix: 'bis',
        },
        {
          adapter: createSdmxAdapter({
            id: 'ecb',
            registry: 'ecb',
            url: fixture.ecbUrl,
            data_format: 'sdmx-ml-generic',
            trusted_hosts: [fixture.hostPort],
          }),
          toolPrefix: 'ecb',
        },
        {
          adapter: createSdmxAdapter({
            id: 'ecbjson',
            registry: 'ecb',
            url: fixture.ecbUrl,
            data_format: 'sdmx-json',
            trusted_hosts: [fixture.hostPort],
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

  for (const sweep of cases()) {
    it(`${sweep.file}: every observation as published`, async () => {
      const expected = sweep.read ? sweep.read() : readRecording(sweep.file, sweep.dimensions);
      if (sweep.quirks) fixture.quirks.set(...sweep.quirks);
      const body = (await server.callTool(sweep.tool, sweep.args)) as Body;
      expect(body.ok, JSON.stringify(body.error)).toBe(true);
      expect(body.truncated).toBe(false);
      expect(body.total_matched).toBe(expected.length);
      const records = fromColumnarTable(body as Parameters<typeof fromColumnarTable>[0]);
      expect(records).toHaveLength(expected.length);
      records.forEach((observation, i) => {
        const want = expected[i] as Expected;
        const codes = Object.fromEntries(Object.keys(want.codes).map((dim) => [dim, observation[dim]]));
        expect(codes).toEqual(want.codes);
        for (const [dim, label] of Object.entries(want.labels))
          expect(body.labels[dim]?.[String(observation[dim])]).toBe(label);
        expect(observation.time_period).toBe(want.time);
        if (sweep.printed) {
          expect(observation.value).toBe(Number(want.value));
          compared++;
          return;
        }
        const lexical =
          'obs_value' in observation
            ? observation.obs_value
            : observation.value === null
              ? null
              : String(observation.value);
        expect(lexical).toBe(want.value === '' ? null : want.value);
        expect(observation.value).toBe(want.value === '' ? null : Number(want.value));
        const known = new Set([...Object.keys(want.codes), 'time_period', 'value', 'obs_value']);
        const attributes = Object.fromEntries(
          Object.entries(observation).filter(([k, v]) => !known.has(k) && v !== null),
        );
        expect(Object.keys(attributes).sort()).toEqual(Object.keys(want.attributes).sort());
        for (const [id, code] of Object.entries(want.attributes)) {
          const got = attributes[id];
          // A numeric attribute without a label comes back as the number its text denotes.
          expect(got).toBe(typeof got === 'number' ? Number(code) : code);
        }
        compared++;
      });
    });
  }

  it('compared every observation of the reachable recordings', () => {
    // 9 UNICEF CME answers in the code-and-label CSV (997 observations), the BIS answer as SDMX-CSV 1.0
    // and as SDMX-ML structure-specific (1,000 each), the ECB GenericData series (252) and the ECB
    // SDMX-JSON 1.0 sample (4).
    expect(compared).toBe(3253);
  });
});
