import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildWorkspace } from './build-workspace.js';

// A third-party adapter served beside a built-in one by the built binary, through the config file only.
const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../packages/cli/bin/opendata-mcp.js', import.meta.url));
const beside = fileURLToPath(new URL('./configs/sdmx-and-pxweb.json', import.meta.url));
const byPath = fileURLToPath(new URL('./configs/population-by-path.json', import.meta.url));
const RECORDED_TAB5974_DATA = new URL(
  '../../adapters/pxweb/data/recorded/rOpenGov-pxweb/statistikdatabasen.scb.se/api/v2/tables/TAB5974/data-35e0e2-fb7f17-POST.json',
  import.meta.url,
);
const quiet = { ...process.env, OPENDATA_MCP_LOG_LEVEL: 'warn' } as Record<string, string>;

beforeAll(buildWorkspace, 180_000);

function body(result: { structuredContent?: unknown }) {
  return result.structuredContent as Record<string, unknown> & { ok: boolean };
}

describe('opendata-mcp serve --offline with a plugin package beside SDMX', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'plugin-e2e', version: '0.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'serve', '--offline', '--config', beside],
        env: quiet,
        stderr: 'pipe',
      }),
    );
  }, 60_000);
  afterAll(() => client?.close());

  it('lists the tools of both adapters in one server', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const name of [
      'search_dataflows',
      'query_data',
      'search_tables',
      'browse_tables',
      'get_table_structure',
      'query_table',
    ])
      expect(names).toContain(name);
  });

  it('answers from each backend with its own provenance', async () => {
    const table = body(
      await client.callTool({
        name: 'query_table',
        arguments: { table_id: 'POP01', filters: { Region: ['01'], Tid: ['2021'] } },
      }),
    );
    expect(table).toMatchObject({ ok: true, source: { backend: 'pxweb', adapter_id: 'scb' } });
    // North region, men plus women, 2021, from the synthetic data file.
    const columns = table.columns as string[];
    expect((table.rows as unknown[][])[0]?.[columns.indexOf('value')]).toBe(101200 + 99870);
    const flows = body(
      await client.callTool({ name: 'search_dataflows', arguments: { query: 'mortality' } }),
    );
    expect(flows).toMatchObject({ ok: true, source: { backend: 'sdmx' } });
  });

  it('reports both backends reachable through api_status', async () => {
    const status = body(await client.callTool({ name: 'api_status', arguments: {} }));
    const backends = status.backends as Array<{
      backend: string;
      reachable: boolean;
      count: { label: string } | null;
    }>;
    expect(backends.map((b) => [b.backend, b.reachable])).toEqual([
      ['sdmx', true],
      ['pxweb', true],
    ]);
    expect(backends[1]?.count?.label).toBe('tables');
  });
});

describe('opendata-mcp demo and tools with plugins', () => {
  it('plays the demo journeys of the built-in and the plugin adapter', async () => {
    // A temporary folder of its own, so the chart the demo writes there goes when the test ends.
    const temp = mkdtempSync(join(tmpdir(), 'plugin-demo-'));
    onTestFinished(() => rm(temp, { recursive: true, force: true }));
    const env = { ...quiet, TMPDIR: temp };
    const { stdout } = await run(process.execPath, [bin, 'demo', '--config', beside], { env });
    expect(stdout).toContain(
      '=== Projected population aged 0 in Sweden at the end of 2026, by sex (PxWeb, Statistics Sweden) ===',
    );
    // Boys first: the first value of the data answer recorded from Statistics Sweden.
    const recorded = JSON.parse(readFileSync(RECORDED_TAB5974_DATA, 'utf8')) as { value: number[] };
    expect(stdout).toContain(`män 2026: ${recorded.value[0]}`);
    // The SDMX entry also brings the question answered across kept results (query_results).
    expect(stdout).toContain('=== Under-five mortality in Brazil and the United States, 2015–2023');
    // Its chart is written to a file the demo names.
    expect(stdout).toMatch(/chart: .*opendata-mcp-demo.journey-3-step-4\.png/);
    expect(stdout).toContain('3/3 demo journeys answered.');
  }, 60_000);

  it('loads an adapter from a module path relative to the config file', async () => {
    const { stdout } = await run(
      process.execPath,
      [bin, 'call', 'get_population', '{"canton":"BE","limit":1}', '--offline', '--config', byPath],
      {
        env: quiet,
      },
    );
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, source: { backend: 'example' } });
  }, 60_000);

  it('exits 2 with the module named when an entry does not fit the plugin options', async () => {
    const bad = fileURLToPath(new URL('./configs/pxweb-bad-option.json', import.meta.url));
    const failure = await run(process.execPath, [bin, 'tools', '--config', bad], { env: quiet }).catch(
      (e: unknown) => e,
    );
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain('adapters[0].api_version');
    expect((failure as { stderr: string }).stderr).toContain('from module "@opendata-mcp/pxweb"');
  }, 60_000);
});
