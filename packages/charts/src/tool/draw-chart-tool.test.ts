import { type Envelope, OpenDataError } from '@opendata-mcp/core';
import { connectInProcess, type InProcessPair } from '@opendata-mcp/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_APP_URI } from '../app/chart-app-resource.js';
import {
  BOTH_COUNTRIES_SQL,
  type MortalityServer,
  startMortalityServer,
} from '../testing/mortality-server.js';
import { pngStats } from '../testing/png-pixels.js';

let mortality: MortalityServer;
let session: InProcessPair;

beforeAll(async () => {
  mortality = await startMortalityServer({ maxPoints: 40 });
  session = await connectInProcess(mortality.server);
});
afterAll(async () => {
  await session?.close();
  await mortality?.close();
});

const lines = { mark: 'line', x: 'TIME_PERIOD', y: 'value', series: 'REF_AREA' } as const;

function refusal(answer: Envelope) {
  if (answer.ok) throw new Error('expected a refusal');
  return answer.error;
}

describe('draw_chart over the protocol', () => {
  it('answers a query over two kept results with a PNG image and the envelope', async () => {
    const result = await session.client.callTool({
      name: 'draw_chart',
      arguments: { ...lines, results: { usa: mortality.usa, bra: mortality.bra }, sql: BOTH_COUNTRIES_SQL },
    });
    expect(result.isError).toBeFalsy();
    const [text, image] = result.content as Array<{
      type: string;
      text?: string;
      data?: string;
      mimeType?: string;
    }>;
    expect(text?.type).toBe('text');
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const answer = result.structuredContent as Record<string, unknown> & {
      image: { width: number; height: number; bytes: number };
    };
    const png = Buffer.from(image?.data ?? '', 'base64');
    const decoded = pngStats(png);
    expect({ width: decoded.width, height: decoded.height }).toEqual({
      width: answer.image.width,
      height: answer.image.height,
    });
    expect(answer.image.bytes).toBe(png.byteLength);
    expect(answer.points).toBe(18);
    expect(answer.series).toEqual(['USA', 'BRA']);
    // The citations of the two SDMX answers, each on its own line, in the alt text too.
    expect(answer.caption).toBe(mortality.citations.map((c, i) => `[${i + 1}] ${c}`).join('\n'));
    for (const citation of mortality.citations) expect(answer.alt_text).toContain(citation);
    expect(mortality.citations[0]).toContain('USA.CME_MRY0T4');
    expect(mortality.citations[1]).toContain('BRA.CME_MRY0T4');
    expect(JSON.stringify(answer).length).toBeLessThan(6_000);
    expect(answer.source).toMatchObject({ backend: 'analysis', query: { language: 'sql' } });
    expect(answer.result_id).toBeUndefined();
  });

  it('draws one kept result by its result_id', async () => {
    const answer = await mortality.server.callTool('draw_chart', {
      result_id: mortality.usa,
      mark: 'bar',
      x: 'TIME_PERIOD',
      y: 'value',
      series: 'SEX_label',
    });
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.series).toEqual(['Female', 'Male', 'Total']);
    expect(answer.alt_text).toContain('Bar chart of value by TIME_PERIOD, 3 series by SEX_label, 27 points');
  });

  it('names the MCP Apps page in the tool _meta and serves it as an app resource', async () => {
    const { tools } = await session.client.listTools();
    const tool = tools.find((t) => t.name === 'draw_chart');
    expect(tool?._meta).toMatchObject({ ui: { resourceUri: CHART_APP_URI } });
    expect(tool?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    const { resources } = await session.client.listResources();
    expect(resources.find((r) => r.uri === CHART_APP_URI)?.mimeType).toBe('text/html;profile=mcp-app');
    const page = await session.client.readResource({ uri: CHART_APP_URI });
    const html = (page.contents[0] as { text: string }).text;
    expect(html).toMatch(/^<!doctype html>/);
    // Offline: the one script is inline, and no element of the page loads anything from elsewhere.
    const markup = html.replace(/<script>[\s\S]*<\/script>/, '<script></script>');
    expect(markup).not.toMatch(/(src|href)=/i);
    expect(html.length).toBeGreaterThan(500_000);
  }, 60_000);
});

describe('draw_chart refusals', () => {
  it('refuses neither or both ways of naming the table', async () => {
    const neither = refusal(await mortality.server.callTool('draw_chart', lines));
    expect(neither.code).toBe('invalid_input');
    expect(neither.message).toContain('either result_id, or results together with sql');
    const both = refusal(
      await mortality.server.callTool('draw_chart', {
        ...lines,
        result_id: mortality.usa,
        results: { usa: mortality.usa },
        sql: 'SELECT * FROM usa',
      }),
    );
    expect(both.code).toBe('invalid_input');
    const half = refusal(
      await mortality.server.callTool('draw_chart', { ...lines, results: { usa: mortality.usa } }),
    );
    expect(half.code).toBe('invalid_input');
  });

  it('answers not_found for a result this server does not hold', async () => {
    const error = refusal(
      await mortality.server.callTool('draw_chart', { ...lines, result_id: 'AAAAAAAAAAAAAAAAAAAAAA' }),
    );
    expect(error.code).toBe('not_found');
  });

  it('refuses an unknown column, naming the columns', async () => {
    const error = refusal(
      await mortality.server.callTool('draw_chart', { ...lines, x: 'YEAR', result_id: mortality.usa }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error.hint).toContain('time_period (VARCHAR)');
  });

  it('refuses more points than its cap', async () => {
    const error = refusal(
      await mortality.server.callTool('draw_chart', {
        ...lines,
        results: { usa: mortality.usa, bra: mortality.bra },
        sql: 'SELECT * FROM usa UNION ALL SELECT * FROM bra',
      }),
    );
    expect(error.code).toBe('resource_too_large');
    // Three rows per year and country (female, male, both): 2 × 3 × 9.
    expect(error.details).toMatchObject({ points: 54, max_points: 40 });
  });

  it('refuses unsafe SQL through the guard of query_results', async () => {
    const error = refusal(
      await mortality.server.callTool('draw_chart', {
        ...lines,
        results: { usa: mortality.usa },
        sql: "SELECT * FROM read_csv('/etc/passwd')",
      }),
    );
    expect(error.code).toBe('unsafe_sql');
  });

  it('refuses a mark it does not draw', async () => {
    const error = refusal(
      await mortality.server.callTool('draw_chart', { ...lines, mark: 'pie', result_id: mortality.usa }),
    );
    expect(error.code).toBe('invalid_input');
    expect(error).not.toBeInstanceOf(OpenDataError);
  });
});
