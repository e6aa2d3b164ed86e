import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './build-workspace.js';

const run = promisify(execFile);
const cli = join(root, 'packages/cli');

// The cli package as a fresh clone has it right after `pnpm install`: its launcher and sources, no
// `dist`. Laid out inside the package so that tsx resolves from the repository as it does there.
let clone: string;

beforeAll(() => {
  const cache = join(cli, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  clone = mkdtempSync(join(cache, 'clone-'));
  mkdirSync(join(clone, 'bin'));
  copyFileSync(join(cli, 'bin/opendata-mcp.js'), join(clone, 'bin/opendata-mcp.js'));
  symlinkSync(join(cli, 'src'), join(clone, 'src'));
});
afterAll(() => rmSync(clone, { recursive: true, force: true }));

describe('the opendata-mcp launcher of a clone before any build', () => {
  it('runs the sources: the tool list answers', async () => {
    const { stdout } = await run(process.execPath, [join(clone, 'bin/opendata-mcp.js'), 'tools', '--json'], {
      env: { ...process.env, OPENDATA_MCP_LOG_LEVEL: 'warn' },
    });
    const tools = JSON.parse(stdout) as Array<{ name: string }>;
    expect(tools.map((t) => t.name)).toContain('search_all');
  }, 60_000);

  it('hands on the exit code of a refused command', async () => {
    const failed = await run(process.execPath, [join(clone, 'bin/opendata-mcp.js'), 'no-such-command']).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBeGreaterThan(0);
    expect(failed?.stderr).toMatch(/no-such-command/);
  }, 60_000);
});
