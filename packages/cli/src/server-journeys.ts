import { resultsDemoJourney } from '@opendata-mcp/analysis';
import type { DemoJourney, DemoStep } from '@opendata-mcp/core';

/** Draws the two kept answers of the journey's first steps (Brazil, then the United States) as lines. */
const chartStep: DemoStep = {
  tool: 'draw_chart',
  args: (previous) => ({
    results: { brazil: previous[0]?.result_id, usa: previous[1]?.result_id },
    sql: 'SELECT * FROM brazil UNION ALL SELECT * FROM usa',
    mark: 'line',
    x: 'time_period',
    y: 'value',
    series: 'REF_AREA_label',
    title: 'Under-five mortality, deaths per 1,000 live births',
    x_title: 'Year',
    y_title: 'Deaths per 1,000 live births',
  }),
  summarize: (e) => `${String(e.alt_text).split('. Source')[0]}.\ncaption:\n${e.caption}`,
};

/**
 * The question across answers of the demo (two SDMX calls, their join with the ratio), answered as a
 * chart too when the server draws: `draw_chart` is served wherever `query_results` is.
 */
export const resultsAndChartJourney: DemoJourney = {
  ...resultsDemoJourney,
  title: `${resultsDemoJourney.title}, and as a chart`,
  steps: [...resultsDemoJourney.steps, chartStep],
};
