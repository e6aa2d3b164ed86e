import type { TableLimits } from '../engine/table-limits.js';

/** How long loading one resource may take when the caller sets no bound of its own. */
const DEFAULT_LOAD_TIMEOUT_MS = 120_000;
/** Headroom over DuckDB's own memory limit for Node, DuckDB's code and the loaders' buffers. */
const PROCESS_OVERHEAD_BYTES = 512 * 1024 * 1024;
const DEFAULT_ANSWER_BYTES = 3 * 1024 * 1024;
const DEFAULT_MAX_ENGINES = 4;
const DEFAULT_ENGINE_MEMORY_BYTES = 6 * 1024 * 1024 * 1024;

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

/** Bytes of JSON one query answer may take (the whole envelope is held to the same bound). */
export function answerBytes(limits: TableLimits): number {
  return limits.maxAnswerBytes ?? DEFAULT_ANSWER_BYTES;
}

/** How many engine processes, and how much memory between them, a server may hold at once. */
export function engineBudget(limits: TableLimits): { engines: number; memoryBytes: number } {
  return {
    engines: Math.max(1, limits.maxEngines ?? DEFAULT_MAX_ENGINES),
    memoryBytes: limits.maxEngineMemoryBytes ?? DEFAULT_ENGINE_MEMORY_BYTES,
  };
}
