import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readdir, readFile, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { startCkanFixture, startLindasFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { describe, expect, it, onTestFinished } from 'vitest';
import { callResultsDir } from './call-results-dir.js';
import type { CliDeps } from './cli-deps.js';
import { defaultRegistry } from './default-registry.js';
import { runCli } from './run-cli.js';

interface Answer {
  ok: boolean;
  columns?: string[];
  rows?: unknown[][];
  result_id?: string | null;
  image_files?: string[];
  error?: { code: string };
}

/**
 * One `opendata-mcp call`: a server of its own, started and closed within the invocation like the
 * binary's, over the SDMX fixture only. Nothing stays in memory from one call to the next.
 */
async function call(
  cacheDir: string,
  config: string,
  tool: string,
  args: unknown,
  env: Record<string, string> = { OPENDATA_MCP_CACHE_DIR: cacheDir },
) {
  const out: string[] = [];
  const err: string[] = [];
  const deps: CliDeps = {
    registry: defaultRegistry,
    fixtures: { lindas: startLindasFixture, ckan: startCkanFixture, sdmx: startSdmxFixture },
    env: { OPENDATA_MCP_LOG_LEVEL: 'silent', ...env },
    // An account whose home is the test's own folder, so the default never lands in the real one.
    account: {
      homedir: join(cacheDir, 'home'),
      platform: 'linux',
      uid: process.getuid?.(),
      tmpdir: join(dirname(cacheDir), 'tmp'),
    },
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
  };
  const code = await runCli(['call', tool, JSON.stringify(args), '--offline', '--config', config], deps);
  return { code, answer: (out.length > 0 ? JSON.parse(out.join('')) : {}) as Answer, stderr: err.join('') };
}

async function setUp() {
  const dir = await mkdtemp(join(tmpdir(), 'opendata-call-results-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const config = join(dir, 'config.json');
  await writeFile(config, JSON.stringify({ adapters: [{ type: 'sdmx' }] }));
  await mkdir(join(dir, 'tmp'));
  return { cacheDir: join(dir, 'cache'), config, tmp: join(dir, 'tmp') };
}

const underFive = {
  flow_id: 'CME',
  filters: { REF_AREA: 'BRA', INDICATOR: 'CME_MRY0T4', SEX: '_T', WEALTH_QUINTILE: '_T' },
  start_period: '2015',
  end_period: '2023',
};

describe('call keeps results for the next call', () => {
  it('answers query_results in a second call over the result_id the first one printed', async () => {
    const { cacheDir, config } = await setUp();
    const first = await call(cacheDir, config, 'query_data', underFive);
    expect(first.code).toBe(0);
    const id = first.answer.result_id as string;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [period, value] = ['time_period', 'value'].map((name) => first.answer.columns?.indexOf(name) ?? -1);
    const expected = (first.answer.rows ?? []).map((row) => [row[period as number], row[value as number]]);
    expect(expected.length).toBeGreaterThan(0);

    const second = await call(cacheDir, config, 'query_results', {
      results: { brazil: id },
      sql: 'SELECT time_period, value FROM brazil ORDER BY time_period',
    });
    expect(second.code).toBe(0);
    expect(second.answer.rows).toEqual(
      [...expected].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    // The files are this user's, inside the cache directory the configuration names.
    const dir = callResultsDir(cacheDir);
    expect((await readdir(dir)).some((name) => name.endsWith('.entry'))).toBe(true);
  });

  it('keeps one value of get_indicator_value with its bounds for a query_results in the next call', async () => {
    const { cacheDir, config } = await setUp();
    const first = await call(cacheDir, config, 'get_indicator_value', {
      flow_id: 'CME',
      filters: { indicator: 'CME_MRY0T4', area: 'USA', sex: '_T', WEALTH_QUINTILE: '_T' },
      period: '2020',
    });
    const value = first.answer as Answer & { value: number; lower_bound: number; upper_bound: number };
    expect(value.lower_bound).toBeLessThan(value.value);
    const second = await call(cacheDir, config, 'query_results', {
      results: { usa: value.result_id },
      sql: 'SELECT value, LOWER_BOUND, UPPER_BOUND, UNIT_MEASURE FROM usa',
    });
    expect(second.answer.rows).toEqual([[value.value, value.lower_bound, value.upper_bound, 'D_PER_1000_B']]);
  });

  it('keeps them by default in the cache folder XDG_CACHE_HOME names, in folders only this user can enter', async () => {
    const { cacheDir, config } = await setUp();
    const xdg = join(cacheDir, 'xdg');
    const first = await call(cacheDir, config, 'query_data', underFive, { XDG_CACHE_HOME: xdg });
    expect(first.answer.result_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const dir = callResultsDir(join(xdg, 'opendata-mcp', 'resources'));
    expect((await readdir(dir)).some((name) => name.endsWith('.entry'))).toBe(true);
    if (process.platform !== 'win32') {
      for (const level of [join(xdg, 'opendata-mcp'), join(xdg, 'opendata-mcp', 'resources'), dir]) {
        expect((await stat(level)).mode & 0o777).toBe(0o700);
      }
    }
  });

  it("resolves a relative cache_dir of the file from the file's folder, not from where the command runs", async () => {
    const { cacheDir, config } = await setUp();
    await writeFile(config, JSON.stringify({ adapters: [{ type: 'sdmx' }], cache_dir: './relative-cache' }));
    const first = await call(cacheDir, config, 'query_data', underFive, {});
    expect(first.answer.result_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const dir = callResultsDir(join(dirname(config), 'relative-cache'));
    expect((await readdir(dir)).some((name) => name.endsWith('.entry'))).toBe(true);
    expect(existsSync(join(process.cwd(), 'relative-cache'))).toBe(false);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'refuses a cache folder another user owns, naming it (needs root to chown)',
    async () => {
      const { cacheDir, config } = await setUp();
      await mkdir(cacheDir, { mode: 0o700 });
      await chown(cacheDir, 65534, 65534);
      const refused = await call(cacheDir, config, 'query_data', underFive);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        `Refusing the cache directory ${cacheDir}: ${cacheDir} belongs to another user (uid 65534).`,
      );
    },
  );

  it('keeps what the offline fixtures serve for the one call only, and its results for the next', async () => {
    const { cacheDir, config, tmp } = await setUp();
    await writeFile(config, JSON.stringify({ adapters: [{ type: 'ckan' }] }));
    const kyiv = { dataset_id: 'pzf-kyiv-city', resource_id: 'fefc392b-d1ae-5706-939b-521da2cdd35f' };
    // The fixture listens on another port each call: a download kept would be one nobody reads again.
    for (let i = 0; i < 2; i++) {
      const answer = await call(cacheDir, config, 'query_resource', {
        ...kyiv,
        sql: 'SELECT count(*) AS n FROM data',
      });
      expect(answer.answer.rows).toEqual([[198]]);
      expect(await readdir(cacheDir)).toEqual([basename(callResultsDir(cacheDir))]);
      expect(await readdir(tmp)).toEqual([]);
    }
  });

  it('answers not_found for an id no call made', async () => {
    const { cacheDir, config } = await setUp();
    const unknown = await call(cacheDir, config, 'query_results', {
      results: { a: 'AAAAAAAAAAAAAAAAAAAAAA' },
      sql: 'SELECT * FROM a',
    });
    expect(unknown.code).toBe(1);
    expect(unknown.answer).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('writes the chart a call draws to a file it names', async () => {
    const { cacheDir, config } = await setUp();
    const first = await call(cacheDir, config, 'query_data', underFive);
    const chart = await call(cacheDir, config, 'draw_chart', {
      result_id: first.answer.result_id,
      mark: 'line',
      x: 'time_period',
      y: 'value',
    });
    expect(chart.code).toBe(0);
    expect(chart.answer.image_files).toHaveLength(1);
    const file = chart.answer.image_files?.[0] as string;
    // The picture lands in the shared temporary folder; the folder goes too once nothing else is in it.
    onTestFinished(async () => {
      await rm(file, { force: true });
      await rmdir(dirname(file)).catch(() => {});
    });
    const png = await readFile(file);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });
});
