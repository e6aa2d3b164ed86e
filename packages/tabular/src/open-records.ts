import type { TableLimits } from './engine/table-limits.js';
import type { RecordField } from './local/open-local-records.js';
import { remoteSession } from './remote-session.js';
import type { TableDescription, TableSession } from './table-session.js';
import { loadDeadline } from './worker/engine-limits.js';
import { startEngine } from './worker/engine-pool.js';

export type { RecordField };

export interface OpenRecordsInput {
  fields: RecordField[];
  records: Array<Record<string, unknown>>;
  limits: TableLimits;
  notes?: string[];
  signal?: AbortSignal;
}

/**
 * Loads records already in memory (a portal's DataStore pages) into `data` of a fresh engine
 * process with the portal's own column types, then locks the engine like `openTable`.
 */
export async function openRecords(input: OpenRecordsInput): Promise<TableSession> {
  const engine = startEngine(input.limits);
  try {
    const description = await engine.request<TableDescription>(
      {
        op: 'open_records',
        fields: input.fields,
        records: input.records,
        notes: input.notes ?? [],
        limits: input.limits,
      },
      {
        phase: 'load',
        deadlineMs: loadDeadline(input.limits),
        ...(input.signal ? { signal: input.signal } : {}),
      },
    );
    return remoteSession(engine, description, input.limits);
  } catch (error) {
    await engine.stop();
    throw error;
  }
}
