import type { TableLimits } from '../engine/table-limits.js';
import type { LoadProgress } from '../local/open-local-table.js';
import { remoteSession } from '../remote-session.js';
import type { TableDescription, TableSession } from '../table-session.js';
import { loadDeadline } from './engine-limits.js';
import { startEngine } from './engine-pool.js';
import type { RequestBody } from './engine-process.js';

/** Loads a table in a fresh engine process; the process is stopped if the load fails. */
export async function openInEngine(
  limits: TableLimits,
  load: Extract<RequestBody, { op: 'open_file' | 'open_records' | 'open_tables' }>,
  options: { signal?: AbortSignal | undefined; onProgress?: ((progress: LoadProgress) => void) | undefined },
): Promise<TableSession> {
  const engine = await startEngine(limits, options.signal);
  try {
    const description = await engine.request<TableDescription>(load, {
      phase: 'load',
      deadlineMs: loadDeadline(limits),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    return remoteSession(engine, description, limits);
  } catch (error) {
    await engine.stop();
    throw error;
  }
}
