import { describeAdapterConformance } from '@opendata-mcp/core/conformance';
import { createPxwebAdapter } from './create-pxweb-adapter.js';
import { type PxwebFixture, startPxwebFixture } from './fixture/start-pxweb-fixture.js';

// The same suite against both API generations of the loopback portal.
for (const version of ['v2', 'v1'] as const) {
  let fixture: PxwebFixture;
  const tableId = version === 'v2' ? 'POP01' : 'synthdb/BE/POP01';
  describeAdapterConformance({
    name: `pxweb ${version}`,
    unpaged: {
      get_table_structure:
        'lists every variable of one table; a long value list is cut per variable, and max_values (up to 1000) widens the cut',
    },
    async setup() {
      fixture = await startPxwebFixture();
      return {
        adapter: createPxwebAdapter({
          url: version === 'v2' ? fixture.url : fixture.v1Url,
          trusted_hosts: [fixture.hostPort],
          max_cells: 10,
          // Every call asks the portal, so a fault armed between calls shows in the next one.
          metadata_ttl_ms: 0,
        }),
        teardown: () => fixture.close(),
      };
    },
    success: [
      { tool: 'search_tables', args: { query: 'population' } },
      { tool: 'browse_tables', args: {} },
      { tool: 'get_table_structure', args: { table_id: tableId } },
      { tool: 'query_table', args: { table_id: tableId, filters: { Region: ['03'] } } },
    ],
    failures: [
      {
        tool: 'get_table_structure',
        args: { table_id: version === 'v2' ? 'NOPE1' : 'synthdb/BE/NOPE1' },
        code: 'not_found',
      },
      { tool: 'get_table_structure', args: { table_id: '../etc' }, code: 'invalid_input' },
      { tool: 'query_table', args: { table_id: tableId, filters: { Colour: ['1'] } }, code: 'invalid_input' },
      {
        tool: 'query_table',
        args: { table_id: tableId, filters: { Region: ['North region'] } },
        code: 'invalid_input',
      },
      {
        tool: 'query_table',
        args: { table_id: tableId, filters: { Region: ['01', '02', '03'], Kon: ['1', '2'] } },
        code: 'resource_too_large',
      },
      {
        tool: 'query_table',
        args: { table_id: tableId, filters: { Region: ['02'], Kon: ['2'], Tid: ['2023'] } },
        code: 'no_data',
      },
      { tool: 'search_tables', args: { query: 'x' }, code: 'invalid_input' },
      { tool: 'search_tables', args: { query: 'popu\u0007lation' }, code: 'invalid_input' },
      {
        tool: 'browse_tables',
        args: { folder_id: version === 'v2' ? 'NOPE' : 'synthdb/NOPE' },
        code: 'not_found',
      },
    ],
    faults: [
      {
        name: 'portal rate limited',
        arm: () => fixture.setFault('rate_limit'),
        disarm: () => fixture.setFault('none'),
        tool: 'search_tables',
        args: { query: 'energy' },
        code: 'rate_limited',
      },
      {
        name: 'portal unavailable',
        arm: () => fixture.setFault('unavailable'),
        disarm: () => fixture.setFault('none'),
        tool: 'query_table',
        args: { table_id: tableId, filters: { Region: ['01'], Tid: ['2022'] } },
        code: 'upstream_unavailable',
      },
      {
        name: 'proxy page instead of data',
        arm: () => fixture.setFault('malformed'),
        disarm: () => fixture.setFault('none'),
        tool: 'search_tables',
        args: { query: 'fuel' },
        code: 'upstream_error',
      },
    ],
  });
}
