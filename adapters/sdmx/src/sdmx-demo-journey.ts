import {
  type ColumnarTable,
  type DemoJourney,
  fromColumnarTable,
  type SuccessEnvelope,
} from '@opendata-mcp/core';

interface FlowHit {
  id: string;
  name: string | null;
}

function flowId(previous: SuccessEnvelope[]): string {
  const flows = (previous[0]?.flows ?? []) as FlowHit[];
  return flows.find((f) => f.id === 'CME')?.id ?? flows[0]?.id ?? 'CME';
}

/** «Under-five mortality in the United States and Brazil, 2020», values as UNICEF publishes them. */
export const sdmxDemoJourney: DemoJourney = {
  title: 'Under-five mortality in the United States and Brazil, 2020 (UNICEF)',
  adapterType: 'sdmx',
  steps: [
    {
      tool: 'search_dataflows',
      args: { query: 'child mortality', limit: 5 },
      summarize(envelope) {
        const flows = envelope.flows as FlowHit[];
        return `${flows.length} dataflow(s): ${flows.map((f) => `${f.id} «${f.name}»`).join(', ')}`;
      },
    },
    {
      tool: 'get_dataflow_structure',
      args: (previous) => ({ flow_id: flowId(previous) }),
      summarize(envelope) {
        const dims = envelope.dimensions as Array<{ id: string; code_count: number | null }>;
        return `key: ${envelope.key_template} (${dims.map((d) => `${d.id} ${d.code_count ?? '?'} codes`).join(', ')})`;
      },
    },
    {
      tool: 'query_data',
      args: (previous) => ({
        flow_id: flowId(previous),
        filters: { REF_AREA: ['USA', 'BRA'], INDICATOR: 'CME_MRY0T4', SEX: '_T', WEALTH_QUINTILE: '_T' },
        start_period: '2020',
        end_period: '2020',
      }),
      summarize(envelope) {
        const table = envelope as unknown as ColumnarTable;
        const name = (column: string, code: unknown) => table.labels[column]?.[String(code)] ?? String(code);
        return fromColumnarTable(table)
          .map(
            (r) =>
              `  ${name('REF_AREA', r.REF_AREA)} ${r.time_period}: ${r.value} ${name('UNIT_MEASURE', r.UNIT_MEASURE)}`,
          )
          .join('\n');
      },
    },
  ],
};
