import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { SDMX_FIXTURE_DATA_DIR, type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSdmxAdapter } from '../create-sdmx-adapter.js';

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
type Body = Record<string, any>;

const FLOW = 'WEBSTATS_DER_DATAFLOW';

/** The recorded BIS periods with a value, read straight from the CSV (the column before OBS_VALUE's). */
function recordedPeriods(): string[] {
  const lines = readFileSync(join(SDMX_FIXTURE_DATA_DIR, 'bis/data_sdmxcsv1.csv'), 'utf8').trim().split('\n');
  const header = (lines[0] ?? '').split(',');
  const time = header.indexOf('TIME_PERIOD');
  const value = header.indexOf('OBS_VALUE');
  return lines
    .slice(1)
    .map((line) => line.split(','))
    .filter((cells) => (cells[value] ?? '').trim() !== '')
    .map((cells) => cells[time] ?? '');
}

describe('features a registry answers 501 to, and the span of a latest-only answer', () => {
  let fixture: SdmxFixture;
  let server: OpenDataServer;
  beforeAll(async () => {
    fixture = await startSdmxFixture();
    server = createOpenDataServer({
      logger: silentLogger,
      adapters: [
        createSdmxAdapter({
          id: 'bis',
          registry: 'bis',
          url: fixture.bisUrl,
          trusted_hosts: [fixture.hostPort],
        }),
      ],
    });
  });
  afterEach(() => fixture.quirks.reset());
  afterAll(async () => {
    await server.close();
    await fixture.close();
  });

  const requestsTo = (piece: string, from: number) =>
    fixture.requests.slice(from).filter((r) => `${r.path}${r.search}`.includes(piece));

  it('asks once per call for what is not implemented, then not again within the metadata TTL', async () => {
    fixture.quirks.set('bis', { availableConstraint: false, lastNObservations: false });
    const before = fixture.requests.length;
    const first = (await server.callTool('check_availability', { flow_id: FLOW })) as Body;
    expect(first.ok, JSON.stringify(first.error)).toBe(true);
    expect(first.answered_from).toBe('series_keys');
    // One request each: a 501 is the registry's lasting answer, never retried.
    expect(requestsTo('/availableconstraint/', before)).toHaveLength(1);
    expect(requestsTo('lastNObservations', before)).toHaveLength(1);
    expect(requestsTo('/data/', before).filter((r) => r.status === 200)).toHaveLength(1);
    const between = fixture.requests.length;
    const second = (await server.callTool('check_availability', { flow_id: FLOW })) as Body;
    expect(second.ok).toBe(true);
    expect(second.latest_period).toBe(first.latest_period);
    expect(requestsTo('/availableconstraint/', between)).toHaveLength(0);
    expect(requestsTo('lastNObservations', between)).toHaveLength(0);
    expect(requestsTo('/data/', between)).toHaveLength(1);
  });

  it('reports the latest period of a latest-only read as such, never as the span of the data', async () => {
    fixture.quirks.set('bis', { availableConstraint: false });
    const periods = recordedPeriods();
    const latest = [...periods].sort().at(-1);
    // The recorded data spans several periods: a span built from the last ones would be wrong.
    expect(new Set(periods).size).toBeGreaterThan(1);
    const answer = (await server.callTool('check_availability', { flow_id: FLOW })) as Body;
    expect(answer.ok, JSON.stringify(answer.error)).toBe(true);
    expect(answer.answered_from).toBe('series_keys');
    expect(answer.time_range).toBeNull();
    expect(answer.latest_period).toBe(latest);
    // Asked with a period, the span is read from every observation in it.
    const ranged = (await server.callTool('check_availability', {
      flow_id: FLOW,
      start_period: '1900',
      end_period: '2100',
    })) as Body;
    expect(ranged.time_range).toEqual({ start: [...periods].sort()[0], end: latest });
    expect(ranged.latest_period).toBeNull();
  });
});
