import type { DemoJourney, SuccessEnvelope } from '@opendata-mcp/core';

const under5 = (country: string) => ({
  flow_id: 'CME',
  filters: { REF_AREA: country, INDICATOR: 'CME_MRY0T4', SEX: '_T', WEALTH_QUINTILE: '_T' },
  start_period: '2015',
  end_period: '2023',
});

function series(envelope: SuccessEnvelope): string {
  return `${envelope.returned} observations kept as ${String(envelope.result_id)}`;
}

/**
 * «Under-five mortality in Brazil and the United States, 2015–2023, side by side with their ratio»:
 * one SDMX call per country, then one query that joins the two kept answers by year. Every number of
 * the table comes from UNICEF's answers; the ratio is computed by the engine, not by the model.
 */
export const resultsDemoJourney: DemoJourney = {
  title: 'Under-five mortality in Brazil and the United States, 2015–2023, side by side with their ratio',
  adapterType: 'sdmx',
  steps: [
    { tool: 'query_data', args: under5('BRA'), summarize: series },
    { tool: 'query_data', args: under5('USA'), summarize: series },
    {
      tool: 'query_results',
      args: (previous) => ({
        results: { brazil: previous[0]?.result_id, usa: previous[1]?.result_id },
        sql:
          'SELECT b.time_period AS year, round(b.value, 1) AS brazil, round(u.value, 1) AS united_states, ' +
          'round(b.value / u.value, 2) AS ratio FROM brazil b JOIN usa u USING (time_period) ORDER BY 1',
      }),
      summarize(envelope) {
        const rows = envelope.rows as Array<[string, number, number, number]>;
        const sources = envelope.sources as Array<{ citation: string }>;
        return [
          'year  Brazil  United States  ratio (deaths per 1,000 live births)',
          ...rows.map(
            ([year, brazil, usa, ratio]) =>
              `${year}  ${brazil.toFixed(1).padStart(6)}  ${usa.toFixed(1).padStart(13)}  ${ratio.toFixed(2).padStart(5)}`,
          ),
          ...sources.map((s) => `cites: ${s.citation}`),
        ].join('\n');
      },
    },
  ],
};
