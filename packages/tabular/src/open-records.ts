import type { TableLimits } from './engine/table-limits.js';
import type { RecordField } from './local/open-local-records.js';
import type { TableSession } from './table-session.js';
import { openInEngine } from './worker/open-in-engine.js';

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
export function openRecords(input: OpenRecordsInput): Promise<TableSession> {
  return openInEngine(
    input.limits,
    {
      op: 'open_records',
      fields: input.fields,
      records: input.records,
      notes: input.notes ?? [],
      limits: input.limits,
    },
    { signal: input.signal },
  );
}
