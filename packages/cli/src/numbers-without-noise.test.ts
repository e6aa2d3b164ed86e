import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCkanFixture, startLindasFixture, startSdmxFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliDeps } from './cli-deps.js';
import { defaultRegistry } from './default-registry.js';
import { runCli } from './run-cli.js';

let cacheDir: string;

/** One `opendata-mcp call --offline` over every built-in backend, its results kept for the next call. */
async function call(tool: string, args: unknown) {
  const out: string[] = [];
  const deps: CliDeps = {
    registry: defaultRegistry,
    fixtures: { lindas: startLindasFixture, ckan: startCkanFixture, sdmx: startSdmxFixture },
    env: { OPENDATA_MCP_LOG_LEVEL: 'silent', OPENDATA_MCP_CACHE_DIR: cacheDir },
    stdout: (text) => out.push(text),
    stderr: () => {},
  };
  await runCli(['call', tool, JSON.stringify(args), '--offline'], deps);
  return JSON.parse(out.join(''));
}

const KYIV = { dataset_id: 'pzf-kyiv-city', resource_id: 'fefc392b-d1ae-5706-939b-521da2cdd35f' };

beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'opendata-numbers-'));
});
afterAll(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

describe('numbers as the inputs state them', () => {
  it('gives sums of decimals without the noise of binary arithmetic, in query_resource and query_results', async () => {
    const sql =
      'SELECT 0.1::DOUBLE + 0.2::DOUBLE AS a, 1234.56::DOUBLE + 0.01::DOUBLE AS b, 1e-20::DOUBLE AS tiny';
    const answer = await call('query_resource', { ...KYIV, sql: `${sql} FROM data LIMIT 1` });
    expect(answer.rows).toEqual([[0.3, 1234.57, 1e-20]]);
    const combined = await call('query_results', {
      results: { r: answer.result_id },
      sql: 'SELECT a + 0.7::DOUBLE + 0.1::DOUBLE AS c, a * 3 AS d, 6.46878461763762::DOUBLE AS kept FROM r',
    });
    // 0.3 + 0.7 + 0.1 and 0.3 * 3 in doubles: 1.1000000000000001 and 0.8999999999999999.
    expect(combined.rows).toEqual([[1.1, 0.9, 6.46878461763762]]);
  });

  it('keeps the decimals of a LINDAS cube as numbers, so a later query adds them up', async () => {
    const cube = 'https://environment.ld.admin.ch/foen/ubd003701/6';
    const answer = await call('query_cube_observations', { cube_id: cube, limit: 50 });
    const column = 'Anteil';
    const index = answer.columns.indexOf(column);
    const values = (answer.rows as unknown[][]).map((row) => row[index]);
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((v) => typeof v === 'number')).toBe(true);
    const kept = await call('query_results', {
      results: { noise: answer.result_id },
      sql: `SELECT sum("${column}") AS total, count(*) AS n FROM noise`,
    });
    // Text would not add up: sum over a VARCHAR column is refused by the engine.
    expect(kept.ok).toBe(true);
    expect(kept.rows).toEqual([[(values as number[]).reduce((a, b) => a + b, 0), values.length]]);
  });
});
