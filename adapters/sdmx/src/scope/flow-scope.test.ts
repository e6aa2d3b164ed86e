import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type SdmxFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSdmxAdapter } from '../create-sdmx-adapter.js';
import { inScope } from './flow-scope.js';

describe('the flow allow-list', () => {
  let fixture: SdmxFixture;
  let server: OpenDataServer;
  beforeAll(async () => {
    fixture = await startSdmxFixture();
    server = createOpenDataServer({
      adapters: [
        createSdmxAdapter({
          registry: 'unicef',
          url: fixture.url,
          trusted_hosts: [fixture.hostPort],
          flows: ['NUTRITION', 'CME_SUB*'],
        }),
      ],
      logger: silentLogger,
    });
  });
  afterAll(async () => {
    await server?.close();
    await fixture?.close();
  });

  it('matches ids and prefixes', () => {
    const rt = { flows: ['NUTRITION', 'CME_SUB*'] };
    expect(['NUTRITION', 'CME_SUBNAT_AGO', 'CME', 'NUTRITION_X'].map((id) => inScope(rt, id))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(inScope({ flows: null }, 'ANY')).toBe(true);
  });

  const calls: Array<[string, Record<string, unknown>]> = [
    ['get_dataflow_structure', { flow_id: 'CME' }],
    ['list_codes', { flow_id: 'CME', dimension: 'REF_AREA' }],
    ['query_data', { flow_id: 'CME', filters: { REF_AREA: 'USA' } }],
    ['get_indicator_value', { flow_id: 'CME', filters: { area: 'USA' } }],
    ['get_indicator_table', { flow_id: 'CME', filters: { indicator: 'CME_MRY0T4' } }],
    ['get_indicator_series', { flow_id: 'CME', filters: { area: 'USA' } }],
    ['check_availability', { flow_id: 'CME' }],
  ];
  for (const [tool, args] of calls) {
    it(`${tool} refuses a flow outside it before asking the registry`, async () => {
      const before = fixture.requests.length;
      const answer = await server.callTool(tool, args);
      expect(answer.ok ? 'ok' : answer.error.code).toBe('scope_denied');
      expect(fixture.requests.length).toBe(before);
    });
  }

  it('lists and searches only the flows within it', async () => {
    const flows = await server.callTool('search_dataflows', {});
    expect(flows).toMatchObject({ ok: true, returned: 0, total_matched: 0 });
    const found = await server.callTool('find_indicators', { query: 'mortality' });
    expect(found).toMatchObject({ ok: true, returned: 0, flows_searched: 0 });
    const all = await server.callTool('search_all', { query: 'mortality' });
    expect(JSON.stringify(all)).not.toContain('"CME"');
  });
});
