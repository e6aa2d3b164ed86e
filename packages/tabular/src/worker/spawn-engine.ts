import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface SpawnedEngine {
  child: ChildProcess;
  /** Settles once the process has DuckDB imported (or has exited). */
  ready: Promise<void>;
}

/** Names the directory each engine process runs in (and removes when it outlives the server). */
export const ENGINE_DIR_PREFIX = 'opendata-engine-';

/** Heap for the process's own JavaScript (sniffing, decoding, workbook reading); DuckDB's memory is separate. */
const HEAP_MB = 1024;

// Variables the engine may read (time zone and locale); tokens and keys of the server stay behind.
const PASSED_ENV = ['TZ', 'LANG', 'LC_ALL', 'SystemRoot'];

/**
 * From the TypeScript sources (tests, development) the entry is a .ts file run through tsx with the
 * workspace's source condition; a built package runs the compiled .js directly.
 */
function entryAndFlags(): { entry: string; flags: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(`./worker-main.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource) return { entry: fileURLToPath(entry), flags: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { entry: fileURLToPath(entry), flags: ['--conditions=@opendata-mcp/source', '--import', tsx] };
}

function childEnv(dir: string): NodeJS.ProcessEnv {
  // Its temporary files (a load's decoded text) go in its own directory, removed with it.
  const env: NodeJS.ProcessEnv = { TMPDIR: dir };
  for (const name of PASSED_ENV) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

/**
 * Starts one engine process in an empty directory of its own: even a relative path the engine
 * might resolve points at nothing. Its IPC channel is its lifeline: it dies with the server. The
 * directory is removed when the process ends: by the server, or by the process itself when the
 * server ended first (see worker-main.ts).
 */
export function spawnEngine(): SpawnedEngine {
  const { entry, flags } = entryAndFlags();
  const cwd = mkdtempSync(join(tmpdir(), ENGINE_DIR_PREFIX));
  const child = fork(entry, [], {
    cwd,
    env: childEnv(cwd),
    execArgv: [`--max-old-space-size=${HEAP_MB}`, ...flags],
    serialization: 'advanced',
    // Nothing of the engine's reaches the server's stdout (protocol frames) or stderr (JSON-line logs).
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  child.once('exit', () => rmSync(cwd, { recursive: true, force: true }));
  const ready = new Promise<void>((resolve) => {
    const onReady = (message: unknown) => {
      if ((message as { ready?: unknown }).ready !== true) return;
      child.off('message', onReady);
      resolve();
    };
    child.on('message', onReady);
    child.once('exit', () => resolve());
  });
  return { child, ready };
}
