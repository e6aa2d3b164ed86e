import type { TopLevelSpec } from 'vega-lite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderPng } from '../render-png.js';
import {
  BOTH_COUNTRIES_SQL,
  type MortalityServer,
  startMortalityServer,
} from '../testing/mortality-server.js';

let mortality: MortalityServer;
let unit: string;
beforeAll(async () => {
  mortality = await startMortalityServer();
  // The unit as query_results states it for the kept SDMX answer.
  const answer = await mortality.server.callTool('query_results', {
    results: { usa: mortality.usa },
    sql: 'SELECT value FROM usa LIMIT 1',
  });
  if (!answer.ok) throw new Error(answer.error.message);
  unit = (answer.units as Record<string, string>).value ?? '';
}, 60_000);
afterAll(() => mortality?.close());

async function draw(extra: Record<string, unknown> = {}) {
  const answer = await mortality.server.callTool('draw_chart', {
    mark: 'line',
    x: 'TIME_PERIOD',
    y: 'value',
    series: 'REF_AREA',
    results: { usa: mortality.usa, bra: mortality.bra },
    sql: BOTH_COUNTRIES_SQL,
    ...extra,
  });
  if (!answer.ok) throw new Error(answer.error.message);
  return answer;
}

it('titles the value axis with the unit the charted column was kept with, in the SVG too', async () => {
  expect(unit).toMatch(/\S/);
  const answer = await draw();
  const spec = answer.vega_lite as Record<string, unknown>;
  expect(JSON.stringify(spec)).toContain(`"value (${unit})"`);
  expect(answer.alt_text).toContain(`points. value is in ${unit}.`);
  const { svg } = await renderPng(spec as unknown as TopLevelSpec, 2000);
  expect(svg).toContain(`value (${unit.replaceAll('&', '&amp;')})`);
});

it('adds the unit after a title of the caller, unless the title names it already', async () => {
  const titled = await draw({ y_title: 'Under-five deaths' });
  expect(JSON.stringify(titled.vega_lite)).toContain(`"Under-five deaths (${unit})"`);
  const named = await draw({ y_title: `Rate, ${unit}` });
  expect(JSON.stringify(named.vega_lite)).toContain(`"Rate, ${unit}"`);
  expect(JSON.stringify(named.vega_lite)).not.toContain(`(${unit})`);
  // Nor does the alt text say that a title naming the unit is in that unit.
  const asUnit = await draw({ y_title: unit.toLowerCase() });
  expect(asUnit.alt_text).not.toContain(' is in ');
  expect(titled.alt_text).toContain(`Under-five deaths is in ${unit}.`);
});

it('leaves the axis without a unit when the column has none (a ratio)', async () => {
  const answer = await draw({
    results: { usa: mortality.usa },
    sql: "SELECT TIME_PERIOD, REF_AREA, value / 2 AS value FROM usa WHERE SEX = '_T'",
  });
  expect(JSON.stringify(answer.vega_lite)).not.toContain(unit);
});
