import type { SuccessEnvelope } from '@opendata-mcp/core';
import { createMemoryStore } from '@opendata-mcp/core/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, ok, startFixtureServer } from './fixture-server.test-support.js';
import { keepTable, TEST_SOURCE } from './kept-table.test-support.js';

const NAMESPACE = 'units-test';
const WALDBRAND = 'https://ld.synthetic.example/foen/waldbrandgefahr/2';
const store = createMemoryStore();

const SERIES = {
  flow_id: 'CME',
  filters: { REF_AREA: 'BRA', INDICATOR: 'CME_MRY0T4', SEX: '_T', WEALTH_QUINTILE: '_T' },
  start_period: '1990',
  end_period: '2023',
  limit: 1000,
};

/** A kept table of spending in francs by year, as a tool stating its unit would keep it. */
const SPENDING = {
  columns: ['year', 'spent'],
  rows: [
    ['2015', 1200],
    ['2016', 1300],
  ],
  units: { spent: 'CHF' },
};

let fixture: FixtureServer;
let series: SuccessEnvelope & { result_id: string };
let unit: string;
beforeAll(async () => {
  fixture = await startFixtureServer({ results: { store, namespace: NAMESPACE } });
  series = ok(await fixture.server.callTool('query_data', SERIES));
  // The unit as the registry labels the code every row carries.
  const code = (series.fixed as Record<string, string>).UNIT_MEASURE ?? '';
  unit = (series.labels as Record<string, Record<string, string>>).UNIT_MEASURE?.[code] ?? '';
}, 60_000);
afterAll(() => fixture?.close());

async function query(results: Record<string, string>, sql: string) {
  return ok(await fixture.server.callTool('query_results', { results, sql }));
}

describe('units through query_results', () => {
  it('states the unit of an SDMX query_data answer, and keeps it for a query', async () => {
    expect(unit).toMatch(/\S/);
    expect(series.units).toMatchObject({ value: unit });
    const answer = await query(
      { mortality: series.result_id },
      'SELECT time_period, value FROM mortality ORDER BY 1',
    );
    expect(answer.units).toEqual({ value: unit });
  });

  it('carries the unit through SUM/AVG/MIN/MAX and round, never through a count', async () => {
    const answer = await query(
      { m: series.result_id },
      'SELECT avg(value) AS mean_rate, MAX(m.value) AS peak, round(min(value), 1) AS low, count(*) AS n FROM m',
    );
    expect(answer.units).toEqual({ mean_rate: unit, peak: unit, low: unit });
    // The kept answer keeps them too: a query over it states them again.
    const again = await query({ summary: answer.result_id }, 'SELECT * FROM summary');
    expect(again.units).toEqual({ mean_rate: unit, peak: unit, low: unit });
  });

  it('states no unit for a ratio of columns with different units, nor for a ratio of like ones', async () => {
    const spending = await keepTable(fixture.server, SPENDING);
    const answer = await query(
      { m: series.result_id, s: spending },
      'SELECT s.year, m.value / s.spent AS per_franc, m.value / m.value AS one, s.spent ' +
        'FROM m JOIN s ON s.year = m.time_period ORDER BY 1',
    );
    expect(answer.rows as unknown[]).toHaveLength(2);
    expect(answer.units).toEqual({ spent: 'CHF' });
  });

  it('states no unit through a subquery or a CTE, whose columns it cannot trace', async () => {
    const answer = await query(
      { m: series.result_id },
      'WITH x AS (SELECT value * 1000 AS value FROM m) SELECT value FROM x',
    );
    expect(answer.units).toEqual({});
    const nested = await query(
      { m: series.result_id },
      'SELECT value FROM (SELECT value / 2 AS value FROM m)',
    );
    expect(nested.units).toEqual({});
  });

  it('states the unit of a scalar subquery that picks or aggregates a value, and none of a count or ratio', async () => {
    const answer = await query(
      { s: series.result_id },
      "SELECT (SELECT value FROM s WHERE time_period = '1990') AS first_rate, " +
        '(SELECT median(value) FROM s) AS median_rate, (SELECT count(*) FROM s) AS years, ' +
        "round(100 * (1 - (SELECT value FROM s WHERE time_period = '2023') / (SELECT value FROM s WHERE time_period = '1990')), 1) AS pct_drop",
    );
    expect(answer.rows as unknown[]).toHaveLength(1);
    expect(answer.units).toEqual({ first_rate: unit, median_rate: unit });
  });

  it('states the unit of each column a star passes on, and none for one it replaces', async () => {
    const answer = await query(
      { m: series.result_id },
      'SELECT * REPLACE (value * 2 AS value), value AS v FROM m',
    );
    expect(answer.units).toEqual({ v: unit });
  });

  it('states the unit a LINDAS cube gives its measure, and keeps it through an aggregate', async () => {
    const slice = ok(
      await fixture.server.callTool('query_cube_observations', {
        cube_id: WALDBRAND,
        filters: [{ dimension: 'Warnregion', op: '=', value: 'Dorneck / Thierstein (SO)' }],
      }),
    );
    const measures = (slice.dimensions as Array<{ name: string; role: string; unit: string | null }>).filter(
      (d) => d.role === 'measure' && d.unit !== null,
    );
    expect(measures.map((d) => d.unit)).toEqual(['http://qudt.org/vocab/unit/MilliM']);
    const rain = measures[0]?.name ?? '';
    expect(slice.units).toEqual({ [rain]: 'mm' });
    const answer = await query({ w: slice.result_id }, `SELECT max("${rain}") AS wettest FROM w`);
    expect(answer.units).toEqual({ wettest: 'mm' });
  });

  it('loads a result kept before units were kept, and states none for it', async () => {
    // A result as earlier versions stored it: a head without units, then the rows.
    const id = 'AAAAAAAAAAAAAAAAAAAAAA';
    const head = {
      format: 2,
      result_id: id,
      call: { tool: 'get_test_table', arguments: {} },
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      table: { columns: [{ name: 'value', type: 'DOUBLE' }], labels: {}, row_count: 2 },
      sources: [{ citation: 'Test office: Test table.', source: TEST_SOURCE }],
    };
    const bytes = new TextEncoder().encode(`${JSON.stringify(head)}\n[[1.5],[2.5]]`);
    await store.set(`opendata-mcp:result:v2:${NAMESPACE}:${id}`, bytes, 3_600_000);
    const answer = await query({ old: id, m: series.result_id }, 'SELECT sum(value) AS total FROM old');
    expect(answer.rows).toEqual([[4]]);
    expect(answer.units).toEqual({});
  });
});
