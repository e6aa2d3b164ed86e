import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTable } from '../open-table.js';
import { TEST_LIMITS } from '../test-support.js';
import { ENGINE_DIR_PREFIX } from './engine-dir.js';
import { stopSpareEngine } from './engine-pool.js';

// Engine processes and loads run in a private temporary folder of this file's own.
let dir: string;
const previous = process.env.TMPDIR;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'engine-leftovers-'));
  process.env.TMPDIR = dir;
});
afterAll(() => {
  process.env.TMPDIR = previous;
  rmSync(dir, { recursive: true, force: true });
});

// tsx, which runs the TypeScript sources in tests, keeps a cache folder there too: not the engine's.
const entries = (path: string) =>
  readdirSync(path).filter((name) => !name.endsWith('.csv') && !name.startsWith('tsx-'));

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

describe('temporary folders of the engine processes', () => {
  it('are all gone after a server that loaded a table ends without closing it', () => {
    const csv = join(dir, 'small.csv');
    writeFileSync(csv, 'a,b\n1,2\n3,4\n');
    const script = fileURLToPath(new URL('../testing/open-and-exit.ts', import.meta.url));
    const output = execFileSync(
      process.execPath,
      ['--conditions=@opendata-mcp/source', '--import', 'tsx', script, csv],
      { env: { PATH: process.env.PATH ?? '', TMPDIR: dir }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(output.trim()).toBe('{"n":2}');
    // The engine processes (the table's and the spare) remove their own folders once the server is gone.
    return until(() => entries(dir).length === 0, 10_000).then((empty) => {
      expect(entries(dir)).toEqual([]);
      expect(empty).toBe(true);
    });
  }, 90_000);

  it('are gone when the server ends while its engine process is still starting', async () => {
    // The server exits before the engine has loaded its modules, so before it listens for the
    // server going away: it must notice that the server is already gone.
    const script = fileURLToPath(new URL('../testing/spawn-and-exit.ts', import.meta.url));
    const output = execFileSync(
      process.execPath,
      ['--conditions=@opendata-mcp/source', '--import', 'tsx', script],
      { env: { PATH: process.env.PATH ?? '', TMPDIR: dir }, encoding: 'utf8', timeout: 60_000 },
    );
    expect(output.trim()).toBe('spawned');
    expect(await until(() => entries(dir).length === 0, 20_000)).toBe(true);
  }, 90_000);

  it('hold a cancelled load’s temporary files, and go with its engine process', async () => {
    const csv = join(dir, 'large-synthetic.csv');
    const row = `${'x'.repeat(60)},${'y'.repeat(60)},12345\n`;
    writeFileSync(csv, `a,b,c\n${row.repeat(400_000)}`);
    const controller = new AbortController();
    const loading = openTable({ path: csv, limits: TEST_LIMITS, signal: controller.signal });
    loading.catch(() => undefined);
    const engineDirs = () => entries(dir).filter((name) => name.startsWith(ENGINE_DIR_PREFIX));
    // The load's own temporary folder sits inside its engine's folder.
    const seen = await until(
      () =>
        engineDirs().some((engine) =>
          readdirSync(join(dir, engine)).some((name) => name.startsWith('opendata-tabular-')),
        ),
      20_000,
    );
    expect(seen).toBe(true);
    controller.abort();
    await expect(loading).rejects.toBeDefined();
    // The spare engine started meanwhile has a folder too, removed when it ends.
    stopSpareEngine();
    expect(await until(() => entries(dir).length === 0, 10_000)).toBe(true);
    expect(entries(dir)).toEqual([]);
  }, 90_000);
});
