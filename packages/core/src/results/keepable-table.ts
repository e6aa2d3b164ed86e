import type { Cell } from '../envelope/columnar-table.js';
import type { KeepableTable, KeptColumn, KeptTable } from './kept-table.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isColumn(value: unknown): value is string | KeptColumn {
  return (
    typeof value === 'string' ||
    (isRecord(value) && typeof value.name === 'string' && typeof value.type === 'string')
  );
}

/**
 * The table in a tool's answer, when it has one: `columns` (names, or `{ name, type }`) and `rows`
 * (arrays), with optional `fixed` and `labels`. Any other answer has none and is not kept.
 */
export function keepableTableOf(data: Record<string, unknown>): KeepableTable | undefined {
  const { columns, rows, fixed, labels } = data;
  if (!Array.isArray(columns) || !Array.isArray(rows)) return undefined;
  if (!columns.every(isColumn) || !rows.every(Array.isArray)) return undefined;
  return {
    columns,
    rows: rows as unknown[][],
    ...(isRecord(fixed) ? { fixed } : {}),
    ...(isRecord(labels) ? { labels: labels as KeepableTable['labels'] & object } : {}),
  };
}

function toCell(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  // Nested values (lists, structs) are kept as their JSON text.
  return JSON.stringify(value);
}

/** The type of a column from its values: numbers, whole numbers, booleans, else text. */
export function inferType(values: Iterable<Cell>): string {
  let numbers = 0;
  let integers = 0;
  let booleans = 0;
  let others = 0;
  for (const value of values) {
    if (value === null) continue;
    if (typeof value === 'number') {
      numbers++;
      if (Number.isSafeInteger(value)) integers++;
    } else if (typeof value === 'boolean') booleans++;
    else others++;
  }
  if (others > 0 || (numbers > 0 && booleans > 0)) return 'VARCHAR';
  if (numbers > 0) return integers === numbers ? 'BIGINT' : 'DOUBLE';
  if (booleans > 0) return 'BOOLEAN';
  return 'VARCHAR';
}

/**
 * The typed table kept for an answer: answer columns first (with their stated type, or one read
 * from the values), then each `fixed` column, whose one value is repeated on every row.
 */
export function toKeptTable(input: KeepableTable): KeptTable {
  const rows = input.rows.map((row) => input.columns.map((_, i) => toCell(row[i])));
  const columns: KeptColumn[] = input.columns.map((column, i) =>
    typeof column === 'string'
      ? { name: column, type: inferType(rows.map((row) => row[i] ?? null)) }
      : { name: column.name, type: column.type },
  );
  const named = new Set(columns.map((column) => column.name));
  for (const [name, value] of Object.entries(input.fixed ?? {})) {
    if (named.has(name)) continue;
    const cell = toCell(value);
    columns.push({ name, type: inferType([cell]) });
    for (const row of rows) row.push(cell);
  }
  return { columns, rows, labels: input.labels ?? {} };
}
