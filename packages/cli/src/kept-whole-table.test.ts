import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureRuntime, startFixtureRuntime } from './fixture-runtime.test-support.js';

let fixture: FixtureRuntime;
beforeAll(async () => {
  fixture = await startFixtureRuntime();
}, 60_000);
afterAll(() => fixture?.close());

/** Rows query_results counts in a kept result. */
async function keptRows(resultId: unknown): Promise<number> {
  const counted = await fixture.runtime.server.callTool('query_results', {
    results: { kept: resultId },
    sql: 'SELECT count(*) AS n FROM kept',
  });
  if (!counted.ok) throw new Error(`${counted.error.code}: ${counted.error.message}`);
  return (counted.rows as number[][])[0]?.[0] as number;
}

describe('a paged answer keeps its whole table, not the page shown', () => {
  it('get_indicator_table: every area', async () => {
    const table = await fixture.runtime.server.callTool('get_indicator_table', {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4' },
      period: '2020',
      limit: 5,
    });
    if (!table.ok) throw new Error(table.error.message);
    expect(table.returned).toBe(5);
    expect(table.total_matched as number).toBeGreaterThan(100);
    expect(await keptRows(table.result_id)).toBe(table.total_matched);
  });

  it('get_indicator_series: every period', async () => {
    const series = await fixture.runtime.server.callTool('get_indicator_series', {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', area: 'BRA' },
      start_period: '1990',
      end_period: '2023',
      limit: 3,
    });
    if (!series.ok) throw new Error(series.error.message);
    expect(series.returned).toBe(3);
    expect(series.truncated).toBe(true);
    expect(await keptRows(series.result_id)).toBe(series.total_matched);
  });
});
