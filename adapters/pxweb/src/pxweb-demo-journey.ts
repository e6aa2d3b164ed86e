import type { DemoJourney, SuccessEnvelope } from '@opendata-mcp/core';

interface TableHit {
  id: string;
  label: string;
}

interface Observation {
  dimensions: Record<string, { code: string; label: string | null }>;
  value: number | null;
  status: string | null;
}

function tableId(previous: SuccessEnvelope[]): string {
  const tables = (previous[0]?.tables ?? []) as TableHit[];
  return tables[0]?.id ?? 'POP01';
}

/** «How many people live in the capital region, year by year?» on the synthetic PxWeb tables. */
export const pxwebDemoJourney: DemoJourney = {
  title: 'Population of the capital region by year (PxWeb, synthetic tables)',
  adapterType: 'pxweb',
  steps: [
    {
      tool: 'search_tables',
      args: { query: 'population', limit: 5 },
      summarize(envelope) {
        const tables = envelope.tables as TableHit[];
        return `${tables.length} table(s): ${tables.map((t) => `${t.id} «${t.label}»`).join(', ')}`;
      },
    },
    {
      tool: 'get_table_structure',
      args: (previous) => ({ table_id: tableId(previous), max_values: 5 }),
      summarize(envelope) {
        const variables = envelope.variables as Array<{
          code: string;
          value_count: number;
          can_be_omitted: boolean;
        }>;
        return variables
          .map((v) => {
            const values = `${v.value_count} value${v.value_count === 1 ? '' : 's'}`;
            return `${v.code} (${values}${v.can_be_omitted ? ', may be omitted' : ''})`;
          })
          .join(', ');
      },
    },
    {
      tool: 'query_table',
      args: (previous) => ({ table_id: tableId(previous), filters: { Region: ['03'] } }),
      summarize(envelope) {
        return (envelope.observations as Observation[])
          .map((o) => `  ${o.dimensions.Region?.label} ${o.dimensions.Tid?.code}: ${o.value ?? o.status}`)
          .join('\n');
      },
    },
  ],
};
