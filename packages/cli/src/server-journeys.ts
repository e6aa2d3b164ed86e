import type { DemoJourney, SuccessEnvelope } from '@opendata-mcp/core';

const MORTALITY = (country: string) => ({
  flow_id: 'CME',
  filters: { REF_AREA: country, INDICATOR: 'CME_MRY0T4', WEALTH_QUINTILE: '_T' },
  start_period: '2015',
  end_period: '2023',
});

function resultIds(previous: SuccessEnvelope[]): { usa: string; bra: string } {
  return { usa: String(previous[0]?.result_id), bra: String(previous[1]?.result_id) };
}

/**
 * Journeys of the server's own tools over a backend's answers: kept results joined with SQL and drawn.
 * Each runs when its backend is configured and results are kept.
 */
export const SERVER_JOURNEYS: DemoJourney[] = [
  {
    title:
      'Under-five mortality in Brazil and the United States, 2015–2023: side by side, their ratio, a chart',
    adapterType: 'sdmx',
    steps: [
      {
        tool: 'query_data',
        args: MORTALITY('USA'),
        summarize: (e) => `United States: kept as result ${e.result_id}`,
      },
      {
        tool: 'query_data',
        args: MORTALITY('BRA'),
        summarize: (e) => `Brazil: kept as result ${e.result_id}`,
      },
      {
        tool: 'query_results',
        args: (previous) => ({
          results: resultIds(previous),
          sql:
            'SELECT time_period AS year, round(b.value, 2) AS brazil, round(u.value, 2) AS united_states, ' +
            'round(b.value / u.value, 2) AS ratio FROM bra b JOIN usa u USING (time_period, SEX) ' +
            "WHERE SEX = '_T' ORDER BY year",
        }),
        summarize: (e) =>
          [
            'year  brazil  united_states  ratio',
            ...(e.rows as unknown[][]).map((row) => row.join('  ')),
            ...(e.sources as Array<{ citation: string }>).map((s, i) => `[${i + 1}] ${s.citation}`),
          ].join('\n'),
      },
      {
        tool: 'draw_chart',
        args: (previous) => ({
          results: resultIds(previous),
          sql: "SELECT * FROM usa WHERE SEX = '_T' UNION ALL SELECT * FROM bra WHERE SEX = '_T'",
          mark: 'line',
          x: 'time_period',
          y: 'value',
          series: 'REF_AREA_label',
          title: 'Under-five mortality, deaths per 1,000 live births',
          x_title: 'Year',
          y_title: 'Deaths per 1,000 live births',
        }),
        summarize: (e) => `${String(e.alt_text).split('. Source')[0]}\ncaption:\n${e.caption}`,
      },
    ],
  },
];
