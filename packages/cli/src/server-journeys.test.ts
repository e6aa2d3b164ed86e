import { decode } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemo } from './commands/run-demo.js';
import { type FixtureRuntime, startFixtureRuntime } from './fixture-runtime.test-support.js';
import { resultsAndChartJourney } from './server-journeys.js';

let fixture: FixtureRuntime;
beforeAll(async () => {
  fixture = await startFixtureRuntime();
}, 60_000);
afterAll(() => fixture?.close());

describe('the server journeys of the demo', () => {
  it('answers the mortality question with two calls, a join and a chart written to a named file', async () => {
    const lines: string[] = [];
    const pictures = new Map<string, Uint8Array>();
    const outcomes = await runDemo(
      fixture.runtime.server,
      [{ journey: resultsAndChartJourney }],
      (line) => lines.push(line),
      async (name, png) => {
        pictures.set(name, png);
        return `/pictures/${name}`;
      },
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const text = lines.join('\n');

    // The ratio table, and both sources under it and under the chart.
    expect(text).toMatch(/2020 +14\.9 +6\.5 +2\.30\n/);
    const bra = /\[1\] (UNICEF: Child Mortality, retrieved .*BRA\.CME_MRY0T4.*)/.exec(text)?.[1];
    const usa = /\[2\] (UNICEF: Child Mortality, retrieved .*USA\.CME_MRY0T4.*)/.exec(text)?.[1];
    expect(usa).toBeDefined();
    expect(bra).toBeDefined();
    expect(text.split(usa ?? '').length - 1).toBeGreaterThanOrEqual(3);
    expect(text.split(bra ?? '').length - 1).toBeGreaterThanOrEqual(3);

    expect([...pictures.keys()]).toEqual(['journey-1-step-4.png']);
    expect(text).toContain('chart: /pictures/journey-1-step-4.png');
    const png = decode(pictures.get('journey-1-step-4.png') ?? new Uint8Array());
    expect(png.width).toBeGreaterThan(640);
    expect(png.height).toBeGreaterThan(360);
  }, 60_000);
});
