import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isolatedEntry, SOURCE_CONDITION } from './isolated-entry.js';

export interface ForkIsolatedOptions {
  /** The caller's `import.meta.url`; the entry is its sibling. */
  callerUrl: string;
  /** The entry's file name without extension. */
  entry: string;
  /** Heap of the child's JavaScript, in MB. */
  heapMb: number;
  /** The directory the child runs in: one that holds nothing it could misuse. */
  cwd: string;
  /** Variables set for the child besides the passed-through locale ones. */
  env?: Readonly<Record<string, string>>;
}

export interface IsolatedProcess {
  child: ChildProcess;
  /** Settles once the child reports `{ ready: true }` (its modules loaded), or has exited. */
  ready: Promise<void>;
}

// The only variables of the server a child sees (time zone, locale): tokens and keys stay behind.
const PASSED_ENV = ['TZ', 'LANG', 'LC_ALL', 'SystemRoot'];

function childEnv(extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...extra };
  for (const name of PASSED_ENV) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

/**
 * Forks a child process for work that must not share the server's thread or heap. Its IPC channel
 * is its lifeline (the child should exit when it closes), and nothing it prints reaches the
 * server's stdout (protocol frames) or stderr (JSON-line logs).
 */
export function forkIsolated(options: ForkIsolatedOptions): IsolatedProcess {
  const entry = isolatedEntry(options.callerUrl, options.entry);
  const sourceFlags = entry.fromSource
    ? [SOURCE_CONDITION, '--import', pathToFileURL(createRequire(options.callerUrl).resolve('tsx')).href]
    : [];
  const child = fork(fileURLToPath(entry.url), [], {
    cwd: options.cwd,
    env: childEnv(options.env ?? {}),
    execArgv: [`--max-old-space-size=${options.heapMb}`, ...sourceFlags],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  const ready = new Promise<void>((resolve) => {
    const onReady = (message: unknown) => {
      if ((message as { ready?: unknown } | null)?.ready !== true) return;
      child.off('message', onReady);
      resolve();
    };
    child.on('message', onReady);
    child.once('exit', () => resolve());
  });
  return { child, ready };
}
