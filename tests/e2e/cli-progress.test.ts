import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildWorkspace } from './build-workspace.js';

// `opendata-mcp call` on a real terminal: util-linux `script` gives the binary a pseudo-terminal,
// so its stderr is a TTY exactly as in an interactive shell; the same call piped stays silent.
const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../packages/cli/bin/opendata-mcp.js', import.meta.url));
const ARGS = JSON.stringify({
  dataset_id: 'pzf-kyiv-city',
  resource_id: 'fefc392b-d1ae-5706-939b-521da2cdd35f',
  sql: 'SELECT count(*) AS n FROM data',
});
const CLEAR = '\r\u001b[K';
// Without `script` there is no terminal to give the binary; every other machine runs the case.
const hasScript = spawnSync('script', ['--version']).status === 0;

beforeAll(buildWorkspace, 180_000);

describe('opendata-mcp call shows the progress of a long call', () => {
  it.skipIf(!hasScript)(
    'on a terminal: download and load progress on one stderr line, cleared before the answer',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-progress-'));
      onTestFinished(() => rm(dir, { recursive: true, force: true }));
      const answer = join(dir, 'answer.json');
      const command = `'${process.execPath}' '${bin}' call query_resource '${ARGS}' --offline > '${answer}'`;
      const { stdout: terminal } = await run('script', ['-qec', command, '/dev/null'], {
        // A cache of its own: a file an earlier call downloaded from the same fixture would not download again.
        env: { ...process.env, OPENDATA_MCP_LOG_LEVEL: 'warn', OPENDATA_MCP_CACHE_DIR: join(dir, 'cache') },
      });
      expect(terminal).toContain(`${CLEAR}Downloading: 100%`);
      expect(terminal).toMatch(/Loaded \d+ rows: 100%/);
      expect(terminal.endsWith(CLEAR)).toBe(true);
      expect(JSON.parse(readFileSync(answer, 'utf8'))).toMatchObject({ ok: true, rows: [[198]] });
    },
    60_000,
  );

  it('piped: the answer on stdout and nothing on stderr', async () => {
    const { stdout, stderr } = await run(
      process.execPath,
      [bin, 'call', 'query_resource', ARGS, '--offline'],
      {
        env: { ...process.env, OPENDATA_MCP_LOG_LEVEL: 'warn' },
      },
    );
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, rows: [[198]] });
    expect(stderr).toBe('');
  }, 60_000);
});
