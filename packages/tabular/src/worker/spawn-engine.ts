import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forkIsolated, type IsolatedProcess } from '@opendata-mcp/core';
import { ENGINE_DIR_PREFIX } from './engine-dir.js';

/** Heap for the process's own JavaScript (sniffing, decoding, workbook reading); DuckDB's memory is separate. */
const HEAP_MB = 1024;

/**
 * Starts one engine process in an empty directory of its own: even a relative path the engine
 * might resolve points at nothing, and its temporary files (a load's decoded text) go there too.
 * The directory is removed when the process ends: by the server, or by the process itself when the
 * server ended first (see worker-main.ts). The process makes it its TMPDIR as it starts.
 */
export function spawnEngine(): IsolatedProcess {
  const cwd = mkdtempSync(join(tmpdir(), ENGINE_DIR_PREFIX));
  const spawned = forkIsolated({
    callerUrl: import.meta.url,
    entry: 'worker-main',
    heapMb: HEAP_MB,
    cwd,
  });
  spawned.child.once('exit', () => rmSync(cwd, { recursive: true, force: true }));
  return spawned;
}
