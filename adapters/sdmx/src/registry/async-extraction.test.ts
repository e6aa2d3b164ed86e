import { type ColumnarTable, fromColumnarTable } from '@opendata-mcp/core';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSdmxAdapter } from '../create-sdmx-adapter.js';
import { asyncApiBase, queuedExtraction } from './async-extraction.js';

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
type Body = Record<string, any>;

const FLOW = 'WEBSTATS_DER_DATAFLOW';

describe("Eurostat's asynchronous extraction (queued-job answers are SYNTHETIC, after its documentation)", () => {
  let fixture: SdmxFixture;
  let server: OpenDataServer;
  let hurried: OpenDataServer;
  beforeAll(async () => {
    fixture = await startSdmxFixture();
    const adapter = () =>
      createSdmxAdapter({
        id: 'bis',
        registry: 'bis',
        url: fixture.bisUrl,
        trusted_hosts: [fixture.hostPort],
      });
    server = createOpenDataServer({ logger: silentLogger, adapters: [adapter()] });
    // A call deadline that leaves time for two polls only.
    hurried = createOpenDataServer({
      logger: silentLogger,
      adapters: [adapter()],
      limits: { callDeadlineMs: 1600 },
    });
  });
  afterEach(() => fixture.quirks.reset());
  afterAll(async () => {
    await server.close();
    await hurried.close();
    await fixture.close();
  });

  it('knows the envelope from data, and where the async API sits beside the SDMX base', () => {
    const envelope =
      '<?xml version="1.0" encoding="UTF-8" ?><env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><ns0:syncResponse xmlns:ns0="urn:x"><processingTime>92</processingTime><queued><id>e3d39a1b-27eb-4ce4</id><status>SUBMITTED</status></queued></ns0:syncResponse></env:Body></env:Envelope>';
    expect(queuedExtraction(envelope)).toBe('e3d39a1b-27eb-4ce4');
    expect(queuedExtraction('DATAFLOW,FREQ,TIME_PERIOD,OBS_VALUE\nX,A,2020,1\n')).toBeNull();
    expect(asyncApiBase('https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1')).toBe(
      'https://ec.europa.eu/eurostat/api/dissemination/1.0/async/',
    );
  });

  it('polls a queued extraction and answers with its data, as the direct answer would', async () => {
    const direct = (await server.callTool('query_data', { flow_id: FLOW, limit: 20 })) as Body;
    expect(direct.ok, JSON.stringify(direct.error)).toBe(true);
    fixture.quirks.set('bis', { asyncExtraction: { pendingPolls: 2 } });
    const before = fixture.requests.length;
    const queued = (await server.callTool('query_data', { flow_id: FLOW, limit: 20 })) as Body;
    expect(queued.ok, JSON.stringify(queued.error)).toBe(true);
    const rows = fromColumnarTable(direct as ColumnarTable);
    expect(rows).toHaveLength(20);
    expect(fromColumnarTable(queued as ColumnarTable)).toEqual(rows);
    expect(queued.total_matched).toBe(direct.total_matched);
    // Provenance names the query asked, not the job's data URL.
    expect(queued.source.query.text).toBe(direct.source.query.text);
    const served = fixture.requests.slice(before).map((r) => r.path);
    expect(served.filter((p) => p.includes('/1.0/async/status/'))).toHaveLength(3);
    expect(served.filter((p) => p.includes('/1.0/async/data/'))).toHaveLength(1);
  });

  it('answers a retryable error naming what to re-ask when the job outlasts the call', async () => {
    fixture.quirks.set('bis', { asyncExtraction: { pendingPolls: 100 } });
    const answer = (await hurried.callTool('query_data', { flow_id: FLOW, limit: 20 })) as Body;
    expect(answer.ok).toBe(false);
    expect(answer.error.code).toBe('upstream_timeout');
    expect(answer.error.retryable).toBe(true);
    expect(answer.error.message).toContain('queued this extraction');
    expect(answer.error.hint).toContain('Ask the same question again');
  });
});
