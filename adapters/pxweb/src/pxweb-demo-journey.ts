import type { DemoJourney, SuccessEnvelope } from '@opendata-mcp/core';

interface TableHit {
  id: string;
  label: string;
}

// The table of the recorded Statistics Sweden answers the offline fixture serves (data/MANIFEST.md).
const RECORDED_TABLE = 'TAB5974';

function tableId(previous: SuccessEnvelope[]): string {
  const tables = (previous[0]?.tables ?? []) as TableHit[];
  return tables.find((t) => t.id === RECORDED_TABLE)?.id ?? tables[0]?.id ?? RECORDED_TABLE;
}

/**
 * «How many newborns does Statistics Sweden project for the end of 2026, boys and girls?», in Swedish
 * as the portal answers by default. Offline it runs on answers recorded from the real portal.
 */
export const pxwebDemoJourney: DemoJourney = {
  title: 'Projected population aged 0 in Sweden at the end of 2026, by sex (PxWeb, Statistics Sweden)',
  adapterType: 'pxweb',
  steps: [
    {
      tool: 'search_tables',
      args: { query: 'folkmängd', language: 'sv', limit: 5 },
      summarize(envelope) {
        const tables = envelope.tables as TableHit[];
        return `${tables.length} table(s): ${tables.map((t) => `${t.id} «${t.label}»`).join(', ')}`;
      },
    },
    {
      tool: 'get_table_structure',
      args: (previous) => ({ table_id: tableId(previous), language: 'sv', max_values: 5 }),
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
      args: (previous) => ({
        table_id: tableId(previous),
        language: 'sv',
        filters: { InrikesUtrikes: '83', Alder: '0', Kon: ['1', '2'], Tid: '2026' },
      }),
      summarize(envelope) {
        const columns = envelope.columns as string[];
        const fixed = envelope.fixed as Record<string, unknown>;
        const labels = envelope.labels as Record<string, Record<string, string>>;
        const at = (row: unknown[], column: string) =>
          columns.includes(column) ? row[columns.indexOf(column)] : fixed[column];
        return (envelope.rows as unknown[][])
          .map((row) => {
            const sex = String(at(row, 'Kon'));
            return `  ${labels.Kon?.[sex] ?? sex} ${String(at(row, 'Tid'))}: ${String(at(row, 'value') ?? at(row, 'status'))}`;
          })
          .join('\n');
      },
    },
  ],
};
