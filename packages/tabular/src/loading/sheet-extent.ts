import { OpenDataError } from '@opendata-mcp/core/errors';

/**
 * Cells the worksheets of one workbook may span together. The reader fills every sheet as a dense
 * grid from A1 to its last cell, so a single cell at XFD1048576 asks for 17 billion; ten million
 * (100,000 rows of 100 columns) is more than any workbook a portal publishes as a table.
 */
export const MAX_SHEET_CELLS = 10_000_000;

// A cell reference: column letters, then a row number. A row's own `r` is digits only.
const CELL_REFERENCE = /\br="([A-Z]{1,3})([0-9]{1,7})"/g;
// Kept from the end of a chunk, so a reference split between two chunks is still read.
const CARRY = 32;

function columnNumber(letters: string): number {
  let n = 0;
  for (const letter of letters) n = n * 26 + (letter.charCodeAt(0) - 64);
  return n;
}

function columnLetters(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

interface Extent {
  columns: number;
  rows: number;
  carry: string;
}

/**
 * Reads the cell references of worksheet XML as it is unpacked (a linear scan, nothing kept but the
 * largest row and column per sheet) and refuses a workbook whose sheets span more than
 * `MAX_SHEET_CELLS` before the reader lays them out.
 */
export function sheetExtent() {
  const sheets = new Map<string, Extent>();
  return {
    inspect(name: string, chunk: Buffer): void {
      if (!/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) return;
      const extent = sheets.get(name) ?? { columns: 0, rows: 0, carry: '' };
      const text = extent.carry + chunk.toString('latin1');
      for (const match of text.matchAll(CELL_REFERENCE)) {
        extent.columns = Math.max(extent.columns, columnNumber(match[1] as string));
        extent.rows = Math.max(extent.rows, Number(match[2]));
      }
      extent.carry = text.slice(-CARRY);
      sheets.set(name, extent);
    },
    check(): void {
      let cells = 0;
      let widest: Extent | undefined;
      for (const extent of sheets.values()) {
        cells += extent.columns * extent.rows;
        if (!widest || extent.columns * extent.rows > widest.columns * widest.rows) widest = extent;
      }
      if (cells <= MAX_SHEET_CELLS || !widest) return;
      const corner = `${columnLetters(widest.columns)}${widest.rows}`;
      throw new OpenDataError(
        'resource_too_large',
        `The XLSX workbook spans ${cells.toLocaleString('en-US')} cells (a sheet reaches cell ${corner}: ${widest.columns.toLocaleString('en-US')} columns by ${widest.rows.toLocaleString('en-US')} rows), over the ${MAX_SHEET_CELLS.toLocaleString('en-US')} a workbook may span.`,
        {
          hint: 'Workbooks are laid out in memory as whole grids, so one that far is refused before it is read. Pick a CSV or Parquet resource of the same dataset.',
          details: { cells, max_cells: MAX_SHEET_CELLS },
        },
      );
    },
  };
}
