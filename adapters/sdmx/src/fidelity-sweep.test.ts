import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createOpenDataServer,
  fromColumnarTable,
  type OpenDataServer,
  silentLogger,
} from '@opendata-mcp/core';
import { SDMX_FIXTURE_DATA_DIR, type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  return out;
}

describe('fidelity sweep: every observation of every recorded data answer', () => {
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
      ],
    });
  });
  afterAll(async () => {
    await server.close();
    await fixture.close();
  });

  for (const sweep of cases()) {
    it(`${sweep.file}: every observation as published`, async () => {
      const expected = readRecording(sweep.file, sweep.dimensions);
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
    // 9 UNICEF CME answers (997 observations) and the BIS answer (1,000 observations).
    expect(compared).toBe(1997);
  });
});
