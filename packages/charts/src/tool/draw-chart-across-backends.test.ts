import { analysisExtension } from '@opendata-mcp/analysis';
import type { Cell, SuccessEnvelope } from '@opendata-mcp/core';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { startLindasFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { createLindasAdapter } from '@opendata-mcp/lindas';
import { createSdmxAdapter } from '@opendata-mcp/sdmx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartsExtension } from './charts-extension.js';

const CO2_CUBE = 'https://energy.ld.admin.ch/sfoe/bfe_ogd18_gebaeudeprogramm_co2wirkung/1';

let server: OpenDataServer;
let close: () => Promise<void>;

beforeAll(async () => {
  const [sdmx, lindas] = await Promise.all([startSdmxFixture(), startLindasFixture()]);
  server = createOpenDataServer({
    adapters: [
      createSdmxAdapter({ url: sdmx.url, agency: 'UNICEF', trusted_hosts: [sdmx.hostPort] }),
      createLindasAdapter({ url: lindas.url, trusted_hosts: [lindas.hostPort] }),
    ],
    extensions: [analysisExtension, chartsExtension],
    logger: silentLogger,
  });
  close = async () => {
    await server.close();
    await Promise.all([sdmx.close(), lindas.close()]);
  };
}, 60_000);
afterAll(() => close?.());

function ok(answer: Awaited<ReturnType<OpenDataServer['callTool']>>): SuccessEnvelope {
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer;
}

describe('draw_chart across backends', () => {
  it('draws an SDMX series joined with a LINDAS cube slice, citing both', async () => {
    const usa = ok(
      await server.callTool('query_data', {
        flow_id: 'CME',
        filters: { REF_AREA: 'USA', INDICATOR: 'CME_MRY0T4', WEALTH_QUINTILE: '_T' },
        start_period: '2015',
        end_period: '2023',
        limit: 1000,
      }),
    );
    const co2 = ok(await server.callTool('query_cube_observations', { cube_id: CO2_CUBE, limit: 500 }));
    const chart = ok(
      await server.callTool('draw_chart', {
        results: { mortality: usa.result_id, co2: co2.result_id },
        sql:
          'SELECT m.value AS under_five, sum(c.amount) AS co2_effect FROM mortality m ' +
          "JOIN co2 c ON c.Jahr_start = m.time_period_start WHERE m.SEX = '_T' GROUP BY ALL",
        mark: 'scatter',
        x: 'co2_effect',
        y: 'under_five',
      }),
    );

    // The years both answers cover, counted from the two answers in plain code.
    const columns = (co2.columns as Array<string | { name: string }>).map((c) =>
      typeof c === 'string' ? c : c.name,
    );
    const jahr = columns.indexOf('Jahr');
    const co2Years = new Set((co2.rows as Cell[][]).map((row) => String(row[jahr])));
    const usaColumns = usa.columns as string[];
    const [sex, period] = [usaColumns.indexOf('SEX'), usaColumns.indexOf('time_period')];
    const shared = (usa.rows as Cell[][]).filter(
      (row) => row[sex] === '_T' && co2Years.has(String(row[period])),
    );
    expect(shared.length).toBeGreaterThanOrEqual(3);
    expect(chart.points).toBe(shared.length);

    expect(chart.caption).toContain(usa.citation);
    expect(chart.caption).toContain(co2.citation);
    expect(chart.alt_text).toContain(usa.citation);
    expect(chart.alt_text).toContain(co2.citation);
    expect(chart.alt_text).toMatch(/^Scatter plot of under_five by co2_effect/);
  }, 60_000);
});
