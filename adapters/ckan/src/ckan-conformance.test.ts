import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeAdapterConformance } from '@opendata-mcp/core/conformance';
import { startCkanFixture } from '@opendata-mcp/fixtures';
import { createCkanAdapter } from './index.js';

const BUS = { dataset_id: 'sunderland-bus-stops', resource_id: 'da0d020d-091d-5632-bd5e-25fc4122d7e4' };

describeAdapterConformance({
  name: 'ckan',
  async setup() {
    const fixture = await startCkanFixture();
    const cacheDir = mkdtempSync(join(tmpdir(), 'ckan-conformance-'));
    return {
      // Other portals on, so the shared vocabulary checks cover the `portal` parameter too.
      adapter: createCkanAdapter({
        url: fixture.url,
        trusted_hosts: [fixture.hostPort],
        allow_other_portals: true,
      }),
      server: { http: { cacheDir } },
      teardown: async () => {
        await fixture.close();
        await rm(cacheDir, { recursive: true, force: true });
      },
    };
  },
  success: [
    { tool: 'search_datasets', args: { query: 'bus' } },
    { tool: 'get_dataset', args: { dataset_id: 'pzf-kyiv-city' } },
    { tool: 'get_schema', args: { dataset_id: 'pzf-kyiv-city' } },
    { tool: 'query_resource', args: { ...BUS, sql: 'SELECT "TOWN", count(*) AS n FROM data GROUP BY 1' } },
    { tool: 'list_organizations', args: {} },
  ],
  failures: [
    { tool: 'get_dataset', args: { dataset_id: 'does-not-exist' }, code: 'not_found' },
    { tool: 'query_resource', args: { ...BUS, sql: 'DELETE FROM data' }, code: 'unsafe_sql' },
    { tool: 'query_resource', args: { ...BUS, sql: 'SELECT missing FROM data' }, code: 'query_error' },
    { tool: 'query_resource', args: { ...BUS, sql: 'SELECT 1', limit: 500 }, code: 'invalid_input' },
    { tool: 'search_datasets', args: { query: 'x', publisher_id: 'Bad Name!' }, code: 'invalid_input' },
    { tool: 'get_schema', args: { dataset_id: 'bolsa-familia-pagamentos' }, code: 'unsupported_resource' },
    { tool: 'search_datasets', args: { query: 'x', portal: 'atlantis' }, code: 'invalid_input' },
  ],
});
