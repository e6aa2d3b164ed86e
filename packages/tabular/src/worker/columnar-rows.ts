import type { RowArrayResult } from '../table-session.js';

/**
 * Query rows as they cross from the engine process: one array per column. The IPC channel clones
 * a few long arrays far faster than a hundred thousand short ones (a kept 100k-row join spent more
 * time crossing the channel than being computed), and turning columns into rows on either side is
 * a plain loop.
 */
export interface ColumnarRows extends Omit<RowArrayResult, 'rows'> {
  cells: unknown[][];
  rowCount: number;
}

export function toColumnarRows({ rows, ...rest }: RowArrayResult): ColumnarRows {
  const cells = rest.columns.map((_, c) => {
    const column = new Array(rows.length);
    for (let r = 0; r < rows.length; r++) column[r] = rows[r]?.[c];
    return column;
  });
  return { ...rest, cells, rowCount: rows.length };
}

export function fromColumnarRows({ cells, rowCount, ...rest }: ColumnarRows): RowArrayResult {
  const rows: unknown[][] = new Array(rowCount);
  for (let r = 0; r < rowCount; r++) {
    const row = new Array(cells.length);
    for (let c = 0; c < cells.length; c++) row[c] = cells[c]?.[r];
    rows[r] = row;
  }
  return { ...rest, rows };
}
