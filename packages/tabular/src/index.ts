export type { TableLimits } from './engine/table-limits.js';
export { detectFormat, type FileFormat, normalizeFormatLabel } from './loading/detect-format.js';
export { type OpenRecordsInput, openRecords, type RecordField } from './open-records.js';
export { type LoadProgress, type OpenTableInput, openTable } from './open-table.js';
export { type CheckedSql, type CheckSqlOptions, checkSql } from './sql-guard/check-sql.js';
export type { QueryOptions, QueryResult, TableFormat, TableSession } from './table-session.js';
