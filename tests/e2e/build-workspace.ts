import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
const lock = fileURLToPath(new URL('../../node_modules/.opendata-build.lock', import.meta.url));
const STALE_MS = 10 * 60_000;

/**
 * Builds every package (`tsc -b`) for suites that drive the built output. Test files run in
 * parallel, so one build at a time: a directory created atomically is the lock, and a second
 * caller's build then finds everything up to date.
 */
export async function buildWorkspace(): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - lockAge() > STALE_MS) rmSync(lock, { recursive: true, force: true });
      await sleep(250);
    }
  }
  try {
    execFileSync(process.execPath, [tsc, '-b'], { cwd: root, stdio: 'inherit' });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function lockAge(): number {
  try {
    return statSync(lock).mtimeMs;
  } catch {
    return Date.now();
  }
}
