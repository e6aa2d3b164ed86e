import { z } from 'zod';

export type Cell = string | number | boolean | null;

/** A value with the name a portal gives it, e.g. code "USA" labelled "United States". */
export interface LabelledCell {
  code: string;
  label: string | null;
}

export type RecordCell = Cell | LabelledCell;

/**
 * The tabular answer form of every adapter: column names once, rows as arrays, a column whose value
 * is the same in every row given once in `fixed`, and each code's label once in `labels` rather
 * than on every row. An agent pays for each repeated byte with context.
 */
export interface ColumnarTable {
  columns: string[];
  rows: Cell[][];
  fixed: Record<string, Cell>;
  labels: Record<string, Record<string, string>>;
}

const CellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * What each column measures, by column name: the unit as the source words it, e.g.
 * `{ "value": "Deaths per 1,000 live births" }`. Only columns whose unit the source states appear;
 * a column whose unit varies by row has it in a column of its own instead.
 */
export const UnitsSchema = z
  .record(z.string(), z.string())
  .describe('Unit by column, as the source states it.');

export const ColumnarTableShape = {
  columns: z.array(z.string()).describe('Column names, in the order of every row.'),
  rows: z.array(z.array(CellSchema)).describe('One array per row, cells in the order of columns.'),
  fixed: z.record(z.string(), CellSchema).describe('Columns with one value in every row, given once here.'),
  labels: z
    .record(z.string(), z.record(z.string(), z.string()))
    .describe('Name of each code, per column, e.g. labels.REF_AREA.USA = "United States".'),
  units: UnitsSchema.optional(),
};

function isLabelled(cell: RecordCell): cell is LabelledCell {
  return cell !== null && typeof cell === 'object';
}

/**
 * Builds the columnar form from records. `columns` fixes the order; a column missing from a record
 * is null in its row. Columns move to `fixed` only when there are two rows or more.
 */
export function toColumnarTable(
  records: Array<Record<string, RecordCell>>,
  columns: string[],
): ColumnarTable {
  const labels: Record<string, Record<string, string>> = {};
  const plain = records.map((record) =>
    columns.map((column) => {
      const cell = record[column] ?? null;
      if (!isLabelled(cell)) return cell;
      if (cell.label !== null) {
        labels[column] ??= {};
        labels[column][cell.code] = cell.label;
      }
      return cell.code;
    }),
  );
  const fixed: Record<string, Cell> = {};
  const varying: number[] = [];
  columns.forEach((column, i) => {
    const first = plain[0]?.[i] ?? null;
    if (plain.length >= 2 && plain.every((row) => row[i] === first)) fixed[column] = first;
    else varying.push(i);
  });
  return {
    columns: varying.map((i) => columns[i] as string),
    rows: plain.map((row) => varying.map((i) => row[i] ?? null)),
    fixed,
    labels,
  };
}

/** The records back from a columnar answer, fixed columns included: for readers and for tests. */
export function fromColumnarTable(
  table: Pick<ColumnarTable, 'columns' | 'rows' | 'fixed'>,
): Array<Record<string, Cell>> {
  return table.rows.map((row) => ({
    ...table.fixed,
    ...Object.fromEntries(table.columns.map((column, i) => [column, row[i] ?? null])),
  }));
}
