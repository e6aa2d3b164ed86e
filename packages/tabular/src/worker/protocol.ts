import type { TableLimits } from '../engine/table-limits.js';
import type { RecordField } from '../local/open-local-records.js';
import type { LoadProgress } from '../local/open-local-table.js';
import type { SerialisedTable } from '../local/open-local-tables.js';
import type { JsonRowsResult, QueryResult, TableDescription } from '../table-session.js';
import type { InspectReply } from './inspect-here.js';

/** What the server asks of a table's engine process. Each request but `interrupt` gets one reply. */
export type WorkerRequest =
  | {
      id: number;
      op: 'open_file';
      path: string;
      formatHint: string | null;
      declared: RecordField[] | null;
      limits: TableLimits;
    }
  | {
      id: number;
      op: 'open_records';
      fields: RecordField[];
      records: Array<Record<string, unknown>>;
      notes: string[];
      limits: TableLimits;
    }
  | { id: number; op: 'open_tables'; tables: SerialisedTable[]; limits: TableLimits }
  | { id: number; op: 'query'; sql: string; limit: number; offset?: number }
  | {
      id: number;
      op: 'query_json';
      sql: string;
      limit: number;
      page: { offset: number; limit: number };
      maxKeptBytes: number;
    }
  | { id: number; op: 'sample'; n: number }
  | { id: number; op: 'check_notes' }
  | { id: number; op: 'inspect'; sql: string; maxTreeChars: number }
  | { op: 'interrupt'; id: number };

/** An error crossing the process boundary: an OpenDataError's public fields, or a bare message. */
export interface WireError {
  code: string | null;
  message: string;
  hint?: string | null;
  details?: Record<string, unknown>;
}

export type WorkerReply =
  | {
      id: number;
      ok: true;
      value:
        | TableDescription
        | QueryResult
        | JsonRowsResult
        | Record<string, unknown>[]
        | string[]
        | InspectReply;
    }
  | { id: number; ok: false; error: WireError }
  | { id: number; progress: LoadProgress };

/** Sent once by a new engine process when DuckDB is imported and it can take a table. */
export interface WorkerReady {
  ready: true;
}
