import { describeAdapterConformance } from '@opendata-mcp/core/conformance';
import { startSdmxFixture } from '@opendata-mcp/fixtures';
import { createSdmxAdapter } from './index.js';

describeAdapterConformance({
  name: 'sdmx',
  async setup() {
    const fixture = await startSdmxFixture();
    return {
      adapter: createSdmxAdapter({ url: fixture.url, agency: 'UNICEF', trusted_hosts: [fixture.hostPort] }),
      teardown: () => fixture.close(),
    };
  },
  success: [
    { tool: 'search_dataflows', args: { query: 'mortality' } },
    { tool: 'get_dataflow_structure', args: { flow_id: 'CME' } },
    { tool: 'list_codes', args: { flow_id: 'CME', dimension: 'SEX' } },
    {
      tool: 'query_data',
      args: {
        flow_id: 'CME',
        filters: { REF_AREA: ['USA'], INDICATOR: ['CME_MRY0T4'] },
        start_period: '2020',
        end_period: '2020',
      },
    },
  ],
  failures: [
    { tool: 'get_dataflow_structure', args: { flow_id: 'NO_SUCH_FLOW' }, code: 'not_found' },
    { tool: 'search_dataflows', args: { language: 'english' }, code: 'invalid_input' },
    { tool: 'get_dataflow_structure', args: { flow_id: '../CME' }, code: 'invalid_input' },
    { tool: 'list_codes', args: { flow_id: 'CME', dimension: 'COUNTRY' }, code: 'invalid_input' },
    { tool: 'query_data', args: { flow_id: 'CME', filters: { SEX: ['X'] } }, code: 'invalid_input' },
    { tool: 'query_data', args: { flow_id: 'CME', limit: 5000 }, code: 'invalid_input' },
    {
      tool: 'query_data',
      args: { flow_id: 'CME', start_period: '2021', end_period: '2020' },
      code: 'invalid_input',
    },
    {
      tool: 'query_data',
      args: {
        flow_id: 'CME',
        filters: { REF_AREA: ['USA'], INDICATOR: ['CME_MRY0T4'], WEALTH_QUINTILE: ['Q1'] },
        start_period: '2020',
        end_period: '2020',
      },
      code: 'no_data',
    },
    // No recording holds Brazil's 1980s: offline that is unknown, not an empty answer.
    {
      tool: 'query_data',
      args: { flow_id: 'CME', filters: { REF_AREA: 'BRA' }, start_period: '1980', end_period: '1985' },
      code: 'upstream_error',
    },
    { tool: 'get_dataflow_structure', args: { flow_id: 'NUTRITION' }, code: 'upstream_error' },
    { tool: 'get_dataflow_structure', args: { flow_id: 'NO_SUCH_FLOW' }, code: 'not_found' },
    { tool: 'search_dataflows', args: { language: 'english' }, code: 'invalid_input' },
  ],
});
