import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface SpawnedRenderer {
  child: ChildProcess;
  /** Settles once the process has its modules loaded (or has exited). */
  ready: Promise<void>;
}

/** Heap for Vega's scenegraph and the SVG text of the largest chart within the caps, with room. */
const HEAP_MB = 512;

// Variables the renderer may read (locale); tokens and keys of the server stay behind.
const PASSED_ENV = ['TZ', 'LANG', 'LC_ALL', 'SystemRoot'];

/**
 * From the TypeScript sources (tests, development) the entry is a .ts file run through tsx with the
 * workspace's source condition; a built package runs the compiled .js directly.
 */
function entryAndFlags(): { entry: string; flags: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(`./renderer-main.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource) return { entry: fileURLToPath(entry), flags: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { entry: fileURLToPath(entry), flags: ['--conditions=@opendata-mcp/source', '--import', tsx] };
}

function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of PASSED_ENV) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

/** Starts one renderer process. Its IPC channel is its lifeline: it dies with the server. */
export function spawnRenderer(): SpawnedRenderer {
  const { entry, flags } = entryAndFlags();
  const child = fork(entry, [], {
    // It reads only its own modules and font files, found from its own location.
    cwd: tmpdir(),
    env: childEnv(),
    execArgv: [`--max-old-space-size=${HEAP_MB}`, ...flags],
    serialization: 'advanced',
    // Nothing of the renderer's reaches the server's stdout (protocol frames) or stderr (JSON-line logs).
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
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
