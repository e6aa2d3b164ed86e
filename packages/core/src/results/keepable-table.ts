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

/** The units of a table: only string entries of a record, anything else states none. */
export function unitsOf(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The table in a tool's answer, when it has one: `columns` (names, or `{ name, type }`) and `rows`
 * (arrays), with optional `fixed`, `labels` and `units`. Any other answer has none and is not kept.
 */
export function keepableTableOf(data: Record<string, unknown>): KeepableTable | undefined {
  const { columns, rows, fixed, labels } = data;
  if (!Array.isArray(columns) || !Array.isArray(rows)) return undefined;
  if (!columns.every(isColumn) || !rows.every(Array.isArray)) return undefined;
  const units = unitsOf(data.units);
  return {
    columns,
    rows: rows as unknown[][],
    ...(isRecord(fixed) ? { fixed } : {}),
    ...(isRecord(labels) ? { labels: labels as KeepableTable['labels'] & object } : {}),
    ...(Object.keys(units).length > 0 ? { units } : {}),
  };
}

function toCell(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  // Nested values (lists, structs) are kept as their JSON text.
  return JSON.stringify(value);
}

/** Counts of a column's kinds of values, from which its type is read. */
class TypeCount {
  numbers = 0;
  integers = 0;
  booleans = 0;
  others = 0;

  add(value: Cell): void {
    if (value === null) return;
    if (typeof value === 'number') {
      this.numbers++;
      if (Number.isSafeInteger(value)) this.integers++;
    } else if (typeof value === 'boolean') this.booleans++;
    else this.others++;
  }

  type(): string {
    if (this.others > 0 || (this.numbers > 0 && this.booleans > 0)) return 'VARCHAR';
    if (this.numbers > 0) return this.integers === this.numbers ? 'BIGINT' : 'DOUBLE';
    if (this.booleans > 0) return 'BOOLEAN';
    return 'VARCHAR';
  }
}

/** The type of a column from its values: numbers, whole numbers, booleans, else text. */
export function inferType(values: Iterable<Cell>): string {
  const count = new TypeCount();
  for (const value of values) count.add(value);
  return count.type();
}

function isCell(value: unknown): value is Cell {
  return (
    value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
  );
}

/**
 * The typed table kept for an answer: answer columns first (with their stated type, or one read
 * from the values), then each `fixed` column, whose one value is repeated on every row. One pass
 * reads the types and checks the cells; rows that are already plain cells, as wide as the columns,
 * are kept as they are rather than copied.
 */
export function toKeptTable(input: KeepableTable): KeptTable {
  const width = input.columns.length;
  const counts = input.columns.map(() => new TypeCount());
  let plain = true;
  for (const row of input.rows) {
    if (row.length !== width) plain = false;
    for (let i = 0; i < width; i++) {
      const value = row[i];
      if (isCell(value)) (counts[i] as TypeCount).add(value);
      else {
        plain = false;
        (counts[i] as TypeCount).add(toCell(value));
      }
    }
  }
  const columns: KeptColumn[] = input.columns.map((column, i) =>
    typeof column === 'string'
      ? { name: column, type: (counts[i] as TypeCount).type() }
      : { name: column.name, type: column.type },
  );
  const named = new Set(columns.map((column) => column.name));
  const fixed = Object.entries(input.fixed ?? {})
    .filter(([name]) => !named.has(name))
    .map(([name, value]) => ({ name, cell: toCell(value) }));
  for (const { name, cell } of fixed) columns.push({ name, type: inferType([cell]) });
  const rows =
    plain && fixed.length === 0
      ? (input.rows as Cell[][])
      : input.rows.map((row) => [
          ...input.columns.map((_, i) => toCell(row[i])),
          ...fixed.map(({ cell }) => cell),
        ]);
  // A unit is kept only for a column the table has.
  const units = Object.fromEntries(
    Object.entries(unitsOf(input.units)).filter(([name]) => columns.some((c) => c.name === name)),
  );
  return { columns, rows, labels: input.labels ?? {}, units };
}
