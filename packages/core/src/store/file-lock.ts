import { lstat, open, rm } from 'node:fs/promises';

export interface FileLocksOptions {
  /** A lock file older than this was left by a process that died holding it, and is broken. */
  staleMs: number;
  /** Longest wait for a lock before the operation fails. */
  waitMs: number;
}

/** Runs work while holding the lock of one path, against this process and every other one. */
export type FileLocks = <T>(path: string, work: () => Promise<T>) => Promise<T>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Locks by exclusive creation of `<path>.lock`: only one process can create the file, and the others
 * poll until it is removed. Callers in this process queue in memory first, so many concurrent
 * operations on one key do not poll the disk against each other.
 *
 * The limit: a lock is broken when it is older than `staleMs`, so a holder paused for longer than that
 * (the work under a lock is one small read and a rename) may overlap with the next one, and two
 * processes breaking the same stale lock at the same moment may both go ahead.
 */
export function createFileLocks(options: FileLocksOptions): FileLocks {
  const queues = new Map<string, Promise<void>>();

  async function acquire(lockPath: string): Promise<void> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        const handle = await open(lockPath, 'wx', 0o600);
        await handle.writeFile(String(process.pid)).finally(() => handle.close());
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const held = await lstat(lockPath).catch(() => undefined);
      if (held && Date.now() - held.mtimeMs > options.staleMs) {
        await rm(lockPath, { force: true });
        continue;
      }
      if (Date.now() - started > options.waitMs) {
        throw new Error(`The store entry ${lockPath} stayed locked for over ${options.waitMs} ms.`);
      }
      // Jittered, growing pauses: contenders do not retry in step.
      await pause(Math.min(50, 1 + attempt) * (0.5 + Math.random()));
    }
  }

  return async (path, work) => {
    const before = queues.get(path) ?? Promise.resolve();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const mine = before.then(() => held);
    queues.set(path, mine);
    await before;
    const lockPath = `${path}.lock`;
    try {
      await acquire(lockPath);
      try {
        return await work();
      } finally {
        await rm(lockPath, { force: true });
      }
    } finally {
      release();
      if (queues.get(path) === mine) queues.delete(path);
    }
  };
}
