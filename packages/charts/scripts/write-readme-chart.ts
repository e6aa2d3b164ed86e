// Draws the picture the README shows, from the recorded UNICEF answers in packages/fixtures, with the
// renderer of this package. Run: pnpm --filter @opendata-mcp/charts readme-chart
import { writeFileSync } from 'node:fs';
import { drawChart } from '../src/draw-chart.js';
import { mortalityTable } from '../src/testing/mortality-table.js';

const target = new URL('../../../docs/charts/under-five-mortality__derived.png', import.meta.url);
const chart = await drawChart(mortalityTable(), {
  mark: 'line',
  x: 'TIME_PERIOD',
  y: 'OBS_VALUE',
  series: 'REF_AREA',
  title: 'Under-five mortality, deaths per 1,000 live births',
  x_title: 'Year',
  y_title: 'Deaths per 1,000 live births',
});
writeFileSync(target, chart.png);
console.log(
  `${decodeURIComponent(target.pathname)}: ${chart.width}×${chart.height}, ${chart.png.byteLength} bytes`,
);
console.log(chart.altText);
