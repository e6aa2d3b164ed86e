import type { TableLimits } from './engine/table-limits.js';
import type { LoadProgress } from './local/open-local-table.js';
import { remoteSession } from './remote-session.js';
import type { TableDescription, TableSession } from './table-session.js';
import { loadDeadline } from './worker/engine-limits.js';
import { startEngine } from './worker/engine-pool.js';

export interface OpenTableInput {
  /** A file on disk (downloaded through the guarded HTTP client). */
  path: string;
  /** The portal's declared format: only compared with what the bytes say, never trusted. */
  formatHint?: string | null;
  limits: TableLimits;
  signal?: AbortSignal;
  onProgress?: (progress: LoadProgress) => void;
}

/**
 * Loads one resource file into the table `data` of a fresh engine process, then locks that
 * engine. The format is sniffed from the bytes; what loading did is listed in `notes`.
 */
export async function openTable(input: OpenTableInput): Promise<TableSession> {
  const engine = startEngine(input.limits);
  try {
    const description = await engine.request<TableDescription>(
      { op: 'open_file', path: input.path, formatHint: input.formatHint ?? null, limits: input.limits },
      {
        phase: 'load',
        deadlineMs: loadDeadline(input.limits),
        ...(input.signal ? { signal: input.signal } : {}),
        ...(input.onProgress ? { onProgress: input.onProgress } : {}),
      },
    );
    return remoteSession(engine, description, input.limits);
  } catch (error) {
    await engine.stop();
    throw error;
  }
}
