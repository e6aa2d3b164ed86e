import type { TableLimits } from '../engine/table-limits.js';

/** How long loading one resource may take when the caller sets no bound of its own. */
const DEFAULT_LOAD_TIMEOUT_MS = 120_000;
/** Headroom over DuckDB's own memory limit for Node, DuckDB's code and the loaders' buffers. */
const PROCESS_OVERHEAD_BYTES = 512 * 1024 * 1024;

export function loadDeadline(limits: TableLimits): number {
  return limits.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
}

/** The resident-memory ceiling of one engine process under these limits. */
export function memoryCeiling(limits: TableLimits): number {
  return limits.processMemoryBytes ?? limits.memoryBytes + PROCESS_OVERHEAD_BYTES;
}

/** Queries one table runs at once, each on a connection of its own (interrupts target a connection). */
export function readConnections(limits: TableLimits): number {
  return Math.max(1, limits.readConnections ?? 4);
}
