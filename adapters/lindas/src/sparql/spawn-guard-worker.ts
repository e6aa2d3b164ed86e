import type { Worker } from 'node:worker_threads';
import { startIsolatedThread } from '@opendata-mcp/core';

/** Heap of the parsing thread: a query is at most 8 KB, its tree a few MB at worst. */
const HEAP_MB = 64;

/** Starts a thread running guard-worker. */
export function spawnGuardWorker(): Worker {
  return startIsolatedThread(import.meta.url, 'guard-worker', HEAP_MB);
}
