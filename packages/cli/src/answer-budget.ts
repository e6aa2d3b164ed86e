/**
 * What one typical answer may cost an agent in context: 4.25 KB of JSON text, counted in characters
 * (a Cyrillic or accented name costs a model about as much as a Latin one, not twice). It was 4 KB
 * until series and tables carried their published lower and upper bounds: two more numbers a period.
 */
export const ANSWER_BUDGET_CHARS = 4352;

const FOREST_FIRE_CUBE = 'https://ld.synthetic.example/foen/waldbrandgefahr/2';
const NOISE_CUBE = 'https://environment.ld.admin.ch/foen/ubd003701/6';
const KYIV = { dataset_id: 'pzf-kyiv-city', resource_id: 'fefc392b-d1ae-5706-939b-521da2cdd35f' };

/**
 * Calls an agent makes first with each offline backend, with default paging: a tool's typical
 * answer. Larger answers stay possible, on request (a higher limit).
 */
export const TYPICAL_CALLS: ReadonlyArray<{ tool: string; args: Record<string, unknown> }> = [
  { tool: 'api_status', args: {} },
  { tool: 'search_all', args: { query: 'mortality' } },
  { tool: 'search_cubes', args: { query: 'waldbrand' } },
  { tool: 'get_cube_structure', args: { cube_id: NOISE_CUBE } },
  { tool: 'query_cube_observations', args: { cube_id: FOREST_FIRE_CUBE } },
  { tool: 'query_cube_observations', args: { cube_id: NOISE_CUBE } },
  { tool: 'list_dimension_values', args: { cube_id: FOREST_FIRE_CUBE, dimension: 'Warnregion' } },
  { tool: 'list_publishers', args: {} },
  { tool: 'resolve_municipality', args: { query: 'Winterthur' } },
  { tool: 'search_datasets', args: { query: 'data' } },
  { tool: 'get_dataset', args: { dataset_id: KYIV.dataset_id } },
  { tool: 'get_schema', args: KYIV },
  {
    tool: 'query_resource',
    args: { ...KYIV, sql: 'SELECT "Категорія", count(*) AS n FROM data GROUP BY 1' },
  },
  { tool: 'list_organizations', args: {} },
  { tool: 'search_dataflows', args: {} },
  { tool: 'get_dataflow_structure', args: { flow_id: 'CME' } },
  { tool: 'list_codes', args: { flow_id: 'CME', dimension: 'REF_AREA' } },
  {
    tool: 'query_data',
    args: {
      flow_id: 'CME',
      filters: { INDICATOR: 'CME_MRY0T4', SEX: '_T', WEALTH_QUINTILE: '_T' },
      start_period: '2020',
      end_period: '2020',
    },
  },
  {
    tool: 'query_data',
    args: {
      flow_id: 'CME',
      filters: { REF_AREA: 'BRA', INDICATOR: 'CME_MRY0T4', SEX: '_T', WEALTH_QUINTILE: '_T' },
      start_period: '1990',
      end_period: '2023',
    },
  },
  { tool: 'find_indicators', args: { query: 'under-five mortality' } },
  {
    tool: 'get_indicator_value',
    args: {
      flow_id: 'CME',
      filters: { indicator: 'under-five mortality', sex: 'girls', area: 'Brazil' },
      period: '2020',
    },
  },
  {
    tool: 'get_indicator_table',
    args: { flow_id: 'CME', filters: { indicator: 'CME_MRY0T4' }, period: '2020' },
  },
  {
    tool: 'get_indicator_series',
    args: {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', area: 'BRA' },
      start_period: '1990',
      end_period: '2023',
    },
  },
  {
    tool: 'check_availability',
    args: { flow_id: 'CME', filters: { indicator: 'CME_MRY0T4' }, start_period: '2020', end_period: '2020' },
  },
];
