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
    { tool: 'find_indicators', args: { query: 'under-five mortality', include_units: false } },
    {
      tool: 'get_indicator_value',
      args: {
        flow_id: 'CME',
        filters: { area: 'USA', indicator: 'CME_MRY0T4', sex: '_T', WEALTH_QUINTILE: '_T' },
        period: '2020',
      },
    },
    {
      tool: 'get_indicator_table',
      args: {
        flow_id: 'CME',
        filters: { indicator: 'CME_MRY0T4', sex: '_T', WEALTH_QUINTILE: '_T' },
        period: '2020',
        limit: 5,
      },
    },
    {
      tool: 'get_indicator_series',
      args: {
        flow_id: 'CME',
        filters: { area: 'USA', indicator: 'CME_MRY0T4', sex: '_T', WEALTH_QUINTILE: '_T' },
        start_period: '2015',
        end_period: '2023',
      },
    },
    {
      tool: 'check_availability',
      args: {
        flow_id: 'CME',
        filters: { indicator: 'CME_MRY0T4', sex: '_T', WEALTH_QUINTILE: '_T' },
        start_period: '2020',
        end_period: '2020',
      },
    },
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
    { tool: 'list_codes', args: { flow_id: 'CME', dimension: 'NO_SUCH_DIMENSION' }, code: 'invalid_input' },
    {
      tool: 'list_codes',
      args: { flow_id: 'CME', dimension: 'area', member_of: 'Atlantis' },
      code: 'invalid_input',
    },
    { tool: 'find_indicators', args: { query: '' }, code: 'invalid_input' },
    {
      tool: 'get_indicator_value',
      args: { flow_id: 'CME', filters: { area: 'Atlantis' } },
      code: 'invalid_input',
    },
    {
      tool: 'get_indicator_value',
      args: { flow_id: 'CME', filters: { year: '2020' } },
      code: 'invalid_input',
    },
    { tool: 'get_indicator_value', args: { flow_id: 'CME', period: 'last year' }, code: 'invalid_input' },
    { tool: 'get_indicator_table', args: { flow_id: 'CME', within: 'Atlantis' }, code: 'invalid_input' },
    { tool: 'get_indicator_table', args: { flow_id: 'CME', sort: 'name' }, code: 'invalid_input' },
    {
      tool: 'get_indicator_series',
      args: { flow_id: 'CME', filters: { area: 'USA' }, last_n: 3, start_period: '2015' },
      code: 'invalid_input',
    },
    {
      tool: 'check_availability',
      args: { flow_id: 'CME', start_period: '2021', end_period: '2020' },
      code: 'invalid_input',
    },
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
      code: 'not_recorded_offline',
    },
    { tool: 'get_dataflow_structure', args: { flow_id: 'NUTRITION' }, code: 'not_recorded_offline' },
    { tool: 'get_dataflow_structure', args: { flow_id: 'NO_SUCH_FLOW' }, code: 'not_found' },
    { tool: 'search_dataflows', args: { language: 'english' }, code: 'invalid_input' },
  ],
});
