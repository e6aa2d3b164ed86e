import { analysisExtension } from '@opendata-mcp/analysis';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { startSdmxFixture } from '@opendata-mcp/fixtures';
import { createSdmxAdapter } from '@opendata-mcp/sdmx';
import type { ChartLimits } from '../chart-limits.js';
import { createChartsExtension } from '../tool/charts-extension.js';

export interface MortalityServer {
  server: OpenDataServer;
  /** result_id of under-five mortality 2015–2023 (both sexes and each) for each country. */
  usa: string;
  bra: string;
  /** The citation lines of the two SDMX answers. */
  citations: string[];
  close(): Promise<void>;
}

/**
 * A server over the recorded UNICEF registry with query_results and draw_chart, after the two SDMX
 * calls of the worked question (one per country), so a test starts from two kept results.
 */
export async function startMortalityServer(limits: Partial<ChartLimits> = {}): Promise<MortalityServer> {
  const fixture = await startSdmxFixture();
  const server = createOpenDataServer({
    adapters: [createSdmxAdapter({ url: fixture.url, agency: 'UNICEF', trusted_hosts: [fixture.hostPort] })],
    extensions: [analysisExtension, createChartsExtension(limits)],
    logger: silentLogger,
  });
  const keep = async (area: string) => {
    const answer = await server.callTool('query_data', {
      flow_id: 'CME',
      filters: { REF_AREA: area, INDICATOR: 'CME_MRY0T4', WEALTH_QUINTILE: '_T' },
      start_period: '2015',
      end_period: '2023',
    });
    if (!answer.ok || typeof answer.result_id !== 'string') throw new Error(`query_data ${area} failed`);
    return { id: answer.result_id, citation: answer.citation };
  };
  const [usa, bra] = [await keep('USA'), await keep('BRA')];
  return {
    server,
    usa: usa.id,
    bra: bra.id,
    citations: [usa.citation, bra.citation],
    async close() {
      await server.close();
      await fixture.close();
    },
  };
}

/** Both countries, both sexes together, as one table: the SQL of the worked question. */
export const BOTH_COUNTRIES_SQL =
  "SELECT * FROM usa WHERE SEX = '_T' UNION ALL SELECT * FROM bra WHERE SEX = '_T'";
