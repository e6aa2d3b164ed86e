import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCkanFixture, startLindasFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { CliDeps } from './cli-deps.js';
import { defaultRegistry } from './default-registry.js';
import { runCli } from './run-cli.js';

/** One `opendata-mcp call --offline`, its fixtures on ports of their own like every run's. */
async function call(cacheDir: string, config: string, tool: string, args: unknown) {
  const out: string[] = [];
  const ports: string[] = [];
  const deps: CliDeps = {
    registry: defaultRegistry,
    fixtures: {
      lindas: startLindasFixture,
      ckan: startCkanFixture,
      sdmx: async () => {
        const fixture = await startSdmxFixture();
        ports.push(fixture.hostPort);
        return fixture;
      },
    },
    env: { OPENDATA_MCP_LOG_LEVEL: 'silent', OPENDATA_MCP_CACHE_DIR: cacheDir },
    stdout: (text) => out.push(text),
    stderr: () => {},
  };
  const code = await runCli(['call', tool, JSON.stringify(args), '--offline', '--config', config], deps);
  return { code, text: out.join(''), answer: JSON.parse(out.join('')), port: ports[0] };
}

describe('offline citations', () => {
  it('name each backend the same way in calls side by side, whatever port its fixture runs on', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'opendata-offline-citations-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const config = join(dir, 'config.json');
    await writeFile(config, JSON.stringify({ adapters: [{ type: 'sdmx' }] }));
    const cacheDir = join(dir, 'cache');
    const args = {
      flow_id: 'CME',
      filters: { REF_AREA: 'USA', INDICATOR: 'CME_MRY0T4', SEX: '_T', WEALTH_QUINTILE: '_T' },
      start_period: '2020',
      end_period: '2020',
    };
    const [a, b] = await Promise.all([
      call(cacheDir, config, 'query_data', args),
      call(cacheDir, config, 'query_data', args),
    ]);
    expect(a.port).not.toBe(b.port);
    expect(a.answer.citation).toBe(b.answer.citation);
    expect(a.answer.citation).toContain('. offline://sdmx/ws/public/sdmxapi/rest/data/');
    expect(a.answer.source.url).toBe(b.answer.source.url);
    for (const run of [a, b]) expect(run.text).not.toContain('127.0.0.1');

    // A result kept by one call is cited the same way in the next.
    const combined = await call(cacheDir, config, 'query_results', {
      results: { usa: a.answer.result_id },
      sql: 'SELECT value FROM usa',
    });
    expect(combined.code).toBe(0);
    expect(combined.answer.sources[0].citation).toBe(a.answer.citation);
    expect(combined.text).not.toContain('127.0.0.1');
  });

  it('leave loopback addresses out of the tool list, which describes every backend by name', async () => {
    const out: string[] = [];
    const deps: CliDeps = {
      registry: defaultRegistry,
      fixtures: { lindas: startLindasFixture, ckan: startCkanFixture, sdmx: startSdmxFixture },
      env: { OPENDATA_MCP_LOG_LEVEL: 'silent' },
      stdout: (text) => out.push(text),
      stderr: () => {},
    };
    expect(await runCli(['tools', '--json'], deps)).toBe(0);
    const tools = JSON.parse(out.join('')) as Array<{ name: string; title: string; adapter: string }>;
    expect(tools.find((tool) => tool.name === 'query_resource')?.title).toContain('Recorded catalogue');
    expect(out.join('')).not.toMatch(/127\.0\.0\.1|localhost/);
  });
});
