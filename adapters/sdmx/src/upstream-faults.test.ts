import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type SdmxFaultKind, type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSdmxAdapter } from './index.js';

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
type Body = Record<string, any>;

const QUERY = {
  flow_id: 'CME',
  filters: { REF_AREA: ['USA'], INDICATOR: ['CME_MRY0T4'] },
  start_period: '2020',
  end_period: '2020',
};
const CALLS: Array<[string, Record<string, unknown>]> = [
  ['search_dataflows', { query: 'mortality' }],
  ['get_dataflow_structure', { flow_id: 'CME' }],
  ['list_codes', { flow_id: 'CME', dimension: 'SEX' }],
  ['query_data', QUERY],
  ['find_indicators', { query: 'mortality' }],
  [
    'get_indicator_value',
    { flow_id: 'CME', filters: { area: 'USA', indicator: 'CME_MRY0T4' }, period: '2020' },
  ],
  ['get_indicator_table', { flow_id: 'CME', filters: { indicator: 'CME_MRY0T4' }, period: '2020' }],
  ['get_indicator_series', { flow_id: 'CME', filters: { area: 'USA', indicator: 'CME_MRY0T4' } }],
  ['check_availability', { flow_id: 'CME', filters: { indicator: 'CME_MRY0T4' } }],
];

const FAULTS: Array<{ kind: SdmxFaultKind; codes: string[]; retryable: boolean }> = [
  { kind: 'rate_limit', codes: ['rate_limited'], retryable: true },
  { kind: 'unavailable', codes: ['upstream_unavailable'], retryable: true },
  { kind: 'slow', codes: ['upstream_timeout'], retryable: true },
  { kind: 'malformed', codes: ['upstream_error'], retryable: false },
  // A body cut mid-stream surfaces as a broken connection or as a message that ends early: both transport failures.
  { kind: 'truncated', codes: ['upstream_unavailable'], retryable: true },
];

describe('SDMX registry faults', () => {
  let fixture: SdmxFixture;
  // A fresh server per case, so no cached structure hides the fault; retries off unless asked for.
  const serverFor = (retries = 0): OpenDataServer =>
    createOpenDataServer({
      logger: silentLogger,
      limits: { requestTimeoutMs: 300, callDeadlineMs: 5_000 },
      http: { retry: { retries, baseDelayMs: 5, maxDelayMs: 20 } },
      adapters: [
        createSdmxAdapter({ url: fixture.url, agency: 'UNICEF', trusted_hosts: [fixture.hostPort] }),
      ],
    });
  beforeAll(async () => {
    fixture = await startSdmxFixture();
  });
  afterEach(() => fixture.faults.set('none'));
  afterAll(() => fixture.close());

  for (const fault of FAULTS) {
    it(`${fault.kind} → ${fault.codes.join(' or ')} for every tool, never an empty answer`, async () => {
      fixture.faults.set(fault.kind, { retryAfterSeconds: 1, delayMs: 2_000 });
      const server = serverFor();
      for (const [tool, args] of CALLS) {
        const envelope = (await server.callTool(tool, args)) as Body;
        expect(envelope.ok, `${tool}: ${JSON.stringify(envelope).slice(0, 200)}`).toBe(false);
        expect(fault.codes, tool).toContain(envelope.error.code);
        expect(envelope.error.retryable, tool).toBe(fault.retryable);
        expect(Object.keys(envelope).sort()).toEqual(['error', 'ok']);
      }
      await server.close();
    });
  }

  it('a data-only outage after a cached structure is still an outage, not no_data', async () => {
    const server = serverFor();
    expect(((await server.callTool('get_dataflow_structure', { flow_id: 'CME' })) as Body).ok).toBe(true);
    fixture.faults.set('rate_limit', { scope: 'data', retryAfterSeconds: 7 });
    const envelope = (await server.callTool('query_data', QUERY)) as Body;
    expect(envelope.error.code).toBe('rate_limited');
    expect(envelope.error.details.retry_after_s).toBe(7);
    await server.close();
  });

  it('a data-only outage is an outage for the compact tools too, never no_observations', async () => {
    const server = serverFor();
    expect(((await server.callTool('get_dataflow_structure', { flow_id: 'CME' })) as Body).ok).toBe(true);
    fixture.faults.set('unavailable', { scope: 'data' });
    for (const [tool, args] of CALLS.filter(([name]) => name.startsWith('get_indicator_'))) {
      const envelope = (await server.callTool(tool, args)) as Body;
      expect(envelope.ok ? envelope.status : envelope.error.code, tool).toBe('upstream_unavailable');
    }
    await server.close();
  });

  it('recovers when a one-off 503 is retried', async () => {
    fixture.faults.set('unavailable', { times: 1 });
    const server = serverFor(1);
    const envelope = (await server.callTool('query_data', QUERY)) as Body;
    expect(envelope.ok).toBe(true);
    expect(envelope.returned).toBe(3);
    await server.close();
  });
});
