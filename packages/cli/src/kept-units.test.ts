import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureRuntime, startFixtureRuntime } from './fixture-runtime.test-support.js';

let fixture: FixtureRuntime;
beforeAll(async () => {
  fixture = await startFixtureRuntime();
}, 60_000);
afterAll(() => fixture?.close());

async function call(tool: string, args: Record<string, unknown>) {
  const answer = await fixture.runtime.server.callTool(tool, args);
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer;
}

/** The unit a compact answer states in its own `unit` field, as its kept table should hold it. */
function unitOf(answer: Record<string, unknown>): string {
  const unit = answer.unit as { label: string } | null;
  expect(unit?.label).toMatch(/\S/);
  expect(answer.unit_multiplier).toBeNull();
  return unit?.label ?? '';
}

describe('a compact SDMX answer keeps its unit with its table', () => {
  it('get_indicator_series: the value and its bounds', async () => {
    const series = await call('get_indicator_series', {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', area: 'BRA' },
      start_period: '1990',
      end_period: '2023',
    });
    const unit = unitOf(series);
    const kept = await call('query_results', {
      results: { s: series.result_id },
      sql: 'SELECT time_period, value, lower_bound, upper_bound - lower_bound AS width FROM s',
    });
    expect(kept.units).toEqual({ value: unit, lower_bound: unit });
  });

  it('get_indicator_table: the value of every area', async () => {
    const table = await call('get_indicator_table', {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4' },
      period: '2020',
    });
    const unit = unitOf(table);
    const kept = await call('query_results', {
      results: { t: table.result_id },
      sql: 'SELECT avg(value) AS mean, count(*) AS areas FROM t',
    });
    expect(kept.units).toEqual({ mean: unit });
  });
});
