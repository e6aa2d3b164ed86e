export type { ColumnInfo } from './engine/read-rows.js';
export type { TableLimits } from './engine/table-limits.js';
export {
  type InspectedSql,
  type InspectSqlOptions,
  inspectSql,
  type ParsedStatement,
  stopSqlInspector,
} from './inspect-sql.js';
export { detectFormat, type FileFormat, normalizeFormatLabel } from './loading/detect-format.js';
export type { LoadProgress } from './local/open-local-table.js';
export { type OpenRecordsInput, openRecords, type RecordField } from './open-records.js';
export { type OpenTableInput, openTable } from './open-table.js';
export {
  type DerivedColumns,
  type OpenTablesInput,
  openTables,
  type TableColumn,
  type TableInput,
} from './open-tables.js';
export type {
  JsonQueryOptions,
  JsonRowsResult,
  NamedTable,
  QueryOptions,
  QueryResult,
  RowArrayResult,
  TableDescription,
  TableFormat,
  TableSession,
} from './table-session.js';
export { stopSpareEngine, warmEngine } from './worker/engine-pool.js';
