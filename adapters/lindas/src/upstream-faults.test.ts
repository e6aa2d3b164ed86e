import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type LindasFaultKind, type LindasFixture, startLindasFixture } from '@opendata-mcp/fixtures';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLindasAdapter } from './create-lindas-adapter.js';

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
type Body = Record<string, any>;

const WALDBRAND = 'https://ld.synthetic.example/foen/waldbrandgefahr/2';

const CALLS: Array<[string, Record<string, unknown>]> = [
  ['search_cubes', { query: 'waldbrand' }],
  ['get_cube_structure', { cube_id: WALDBRAND }],
  ['query_cube_observations', { cube_id: WALDBRAND }],
  ['list_dimension_values', { cube_id: WALDBRAND, dimension: 'Warnregion' }],
  ['list_publishers', {}],
  ['resolve_municipality', { query: 'Winterthur' }],
  ['run_sparql', { sparql: 'SELECT ?c WHERE { ?c a <https://cube.link/Cube> }' }],
];

const FAULTS: Array<{ kind: LindasFaultKind; code: string; retryable: boolean }> = [
  { kind: 'rate_limit', code: 'rate_limited', retryable: true },
  { kind: 'unavailable', code: 'upstream_unavailable', retryable: true },
  { kind: 'slow', code: 'upstream_timeout', retryable: true },
  { kind: 'truncated', code: 'upstream_error', retryable: false },
  { kind: 'malformed', code: 'upstream_error', retryable: false },
];

describe('LINDAS upstream faults', () => {
  let fixture: LindasFixture;
  // A fresh server per fault, so no cached structure hides the fault; retries off unless asked for.
  const serverFor = (retries = 0): OpenDataServer =>
    createOpenDataServer({
      logger: silentLogger,
      limits: { requestTimeoutMs: 300, queryTimeoutMs: 300, callDeadlineMs: 5_000 },
      http: { retry: { retries, baseDelayMs: 5, maxDelayMs: 20 } },
      adapters: [createLindasAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
    });
  beforeAll(async () => {
    fixture = await startLindasFixture();
    // The store's first queries are slow while its WebAssembly warms up; keep that out of the timeouts.
    const warm = createOpenDataServer({
      logger: silentLogger,
      adapters: [createLindasAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
    });
    for (const [tool, args] of CALLS) await warm.callTool(tool, args);
  });
  afterEach(() => fixture.faults.set('none'));
  afterAll(() => fixture.close());

  for (const fault of FAULTS) {
    it(`${fault.kind} → ${fault.code} for every tool, never an empty answer`, async () => {
      fixture.faults.set(fault.kind, { retryAfterSeconds: 1, delayMs: 2_000 });
      const server = serverFor();
      for (const [tool, args] of CALLS) {
        const envelope = (await server.callTool(tool, args)) as Body;
        expect(envelope.ok, `${tool}: ${JSON.stringify(envelope).slice(0, 200)}`).toBe(false);
        expect(envelope.error.code, tool).toBe(fault.code);
        expect(envelope.error.retryable, tool).toBe(fault.retryable);
        expect(Object.keys(envelope).sort()).toEqual(['error', 'ok']);
      }
    });
  }

  it('retries a 503 and still reports upstream_unavailable, retryable', async () => {
    fixture.faults.set('unavailable');
    fixture.resetCount();
    const envelope = (await serverFor(2).callTool('list_publishers', {})) as Body;
    expect(envelope.error).toMatchObject({ code: 'upstream_unavailable', retryable: true });
    expect(fixture.requestCount()).toBe(3);
  });

  it('api_status reports the endpoint unreachable with the fault code', async () => {
    fixture.faults.set('unavailable');
    const envelope = (await serverFor().callTool('api_status', {})) as Body;
    expect(envelope.backends[0]).toMatchObject({
      reachable: false,
      count: null,
      error: { code: 'upstream_unavailable' },
    });
  });

  it('recovers when a 429 with Retry-After clears on retry', async () => {
    fixture.faults.set('rate_limit', { times: 1, retryAfterSeconds: 1 });
    const envelope = (await serverFor(2).callTool('search_cubes', { query: 'waldbrand' })) as Body;
    expect(envelope.ok).toBe(true);
    expect(envelope.returned).toBe(1);
  });

  it("maps a store-side syntax error (HTTP 400) to query_error with the store's message", async () => {
    const envelope = (await serverFor().callTool('run_sparql', {
      sparql: 'SELECT ?x WHERE { BIND(1 AS ?x) BIND(2 AS ?x) }',
    })) as Body;
    expect(envelope.error).toMatchObject({ code: 'query_error', retryable: false });
    expect(envelope.error?.message).toMatch(/^The SPARQL store rejected the query: \S/);
  });
});
