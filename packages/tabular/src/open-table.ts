import type { TableLimits } from './engine/table-limits.js';
import type { RecordField } from './loading/portal-types.js';
import type { LoadProgress } from './local/open-local-table.js';
import type { TableSession } from './table-session.js';
import { openInEngine } from './worker/open-in-engine.js';

export interface OpenTableInput {
  /** A file on disk (downloaded through the guarded HTTP client). */
  path: string;
  /** The portal's declared format: only compared with what the bytes say, never trusted. */
  formatHint?: string | null;
  limits: TableLimits;
  /** Columns the publisher declares for a CSV (a DataStore dump): only these are kept, with these types. */
  declared?: RecordField[];
  signal?: AbortSignal;
  onProgress?: (progress: LoadProgress) => void;
}

/**
 * Loads one resource file into the table `data` of a fresh engine process, then locks that
 * engine. The format is sniffed from the bytes; what loading did is listed in `notes`.
 */
export function openTable(input: OpenTableInput): Promise<TableSession> {
  return openInEngine(
    input.limits,
    {
      op: 'open_file',
      path: input.path,
      formatHint: input.formatHint ?? null,
      declared: input.declared ?? null,
      limits: input.limits,
    },
    { signal: input.signal, onProgress: input.onProgress },
  );
}
