import type { Cell, SuccessEnvelope } from '@opendata-mcp/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, ok, startFixtureServer } from './fixture-server.test-support.js';

const CO2_CUBE = 'https://energy.ld.admin.ch/sfoe/bfe_ogd18_gebaeudeprogramm_co2wirkung/1';
const PUPILS = {
  dataset_id: 'schueler-staedte-schweiz',
  resource_id: '0ca8c936-e117-5ea6-bd36-562cde16ec80',
};

/** Records of a columnar answer, fixed columns included: read here without the code under test. */
function records(answer: SuccessEnvelope): Array<Record<string, Cell>> {
  const columns = (answer.columns as Array<string | { name: string }>).map((c) =>
    typeof c === 'string' ? c : c.name,
  );
  return (answer.rows as Cell[][]).map((row) => ({
    ...((answer.fixed ?? {}) as Record<string, Cell>),
    ...Object.fromEntries(columns.map((c, i) => [c, row[i] ?? null])),
  }));
}

function mortality(country: string, start: string, end: string) {
  return {
    flow_id: 'CME',
    filters: { REF_AREA: country, INDICATOR: 'CME_MRY0T4', WEALTH_QUINTILE: '_T' },
    start_period: start,
    end_period: end,
    limit: 1000,
  };
}

let fixture: FixtureServer;
beforeAll(async () => {
  fixture = await startFixtureServer();
}, 60_000);
afterAll(() => fixture?.close());

describe('query_results across backends', () => {
  it('joins an SDMX series with a LINDAS cube slice by period, and cites both', async () => {
    const { server } = fixture;
    const usa = ok(await server.callTool('query_data', mortality('USA', '2015', '2023')));
    const co2 = ok(await server.callTool('query_cube_observations', { cube_id: CO2_CUBE, limit: 500 }));
    const joined = ok(
      await server.callTool('query_results', {
        results: { mortality: usa.result_id, co2: co2.result_id },
        sql:
          'SELECT m.time_period, m.value AS under_five, sum(c.amount) AS co2_effect FROM mortality m ' +
          "JOIN co2 c ON c.Jahr_start = m.time_period_start WHERE m.SEX = '_T' GROUP BY ALL ORDER BY 1",
      }),
    );

    // The same join computed from the two answers in plain code.
    const co2ByYear = new Map<string, number>();
    for (const row of records(co2)) {
      co2ByYear.set(String(row.Jahr), (co2ByYear.get(String(row.Jahr)) ?? 0) + Number(row.amount));
    }
    const expected = records(usa)
      .filter((row) => row.SEX === '_T' && co2ByYear.has(String(row.time_period)))
      .map((row) => [row.time_period, row.value, co2ByYear.get(String(row.time_period))])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(joined.rows).toEqual(expected);
    expect(joined.columns).toEqual([
      { name: 'time_period', type: 'VARCHAR' },
      { name: 'under_five', type: 'DOUBLE' },
      { name: 'co2_effect', type: expect.stringMatching(/^(HUGEINT|BIGINT|DOUBLE)$/) },
    ]);

    const sources = joined.sources as Array<{ citation: string; backend: string }>;
    expect(sources.map((s) => s.citation).sort()).toEqual([usa.citation, co2.citation].sort());
    expect(sources.map((s) => s.backend).sort()).toEqual(['lindas', 'sdmx']);
    expect(joined.source).toMatchObject({
      backend: 'analysis',
      identifiers: { mortality: usa.result_id, co2: co2.result_id },
      query: { language: 'sql' },
      access_method: 'kept_results',
    });
    expect(joined.citation).toContain('UNICEF');
    expect(joined.citation).toContain(String(co2.source.publisher ?? co2.source.title));
  });

  it('joins an SDMX series with a CKAN query result, and the joined result is kept with both sources', async () => {
    const { server } = fixture;
    const brazil = ok(await server.callTool('query_data', mortality('BRA', '1990', '2023')));
    const pupils = ok(
      await server.callTool('query_resource', {
        ...PUPILS,
        sql:
          'SELECT 1990 AS school_year, sum("Schüler_Total_1990/1991") AS pupils FROM data UNION ALL ' +
          'SELECT 2000, sum("Schüler_Total_2000/2001") FROM data UNION ALL SELECT 2010, sum("Schüler_Total_2010/2011") FROM data',
      }),
    );
    const joined = ok(
      await server.callTool('query_results', {
        results: { brazil: brazil.result_id, pupils: pupils.result_id },
        sql:
          'SELECT p.school_year, b.value AS under_five, p.pupils FROM brazil b JOIN pupils p ' +
          "ON year(b.time_period_start) = p.school_year WHERE b.SEX = '_T' ORDER BY 1",
      }),
    );
    const bySchoolYear = new Map(records(pupils).map((r) => [Number(r.school_year), r.pupils]));
    const expected = records(brazil)
      .filter((r) => r.SEX === '_T' && bySchoolYear.has(Number(r.time_period)))
      .map((r) => [Number(r.time_period), r.value, bySchoolYear.get(Number(r.time_period))])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(expected).toHaveLength(3);
    expect(joined.rows).toEqual(expected);

    // A query over the joined result still names both original sources.
    const again = ok(
      await server.callTool('query_results', {
        results: { j: joined.result_id },
        sql: 'SELECT count(*) AS n FROM j',
      }),
    );
    expect(again.rows).toEqual([[3]]);
    expect((again.sources as Array<{ backend: string }>).map((s) => s.backend).sort()).toEqual([
      'ckan',
      'sdmx',
    ]);
  });
});
