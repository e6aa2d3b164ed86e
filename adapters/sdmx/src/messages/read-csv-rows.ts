import { createRequire } from 'node:module';
import { breathe, SLICE_CHARS } from '../registry/breathe.js';

// csv-parse is required on the first data answer rather than at server start.
const require = createRequire(import.meta.url);

/**
 * Where the slice starting at `from` ends: just after the first line break past `from + size`
 * that lies outside quotes (an even number of `"` since `from`: an escaped quote counts twice).
 */
function sliceEnd(text: string, from: number, size: number): number {
  if (from + size >= text.length) return text.length;
  let quotes = 0;
  let at = from;
  for (
    let newline = text.indexOf('\n', from + size);
    newline >= 0;
    newline = text.indexOf('\n', newline + 1)
  ) {
    for (let q = text.indexOf('"', at); q >= 0 && q < newline; q = text.indexOf('"', q + 1)) quotes++;
    if (quotes % 2 === 0) return newline + 1;
    at = newline;
  }
  return text.length;
}

/**
 * Reads CSV text with csv-parse, SLICE_CHARS at a time cut at line breaks outside quotes, giving
 * the event loop a turn and checking the call's signal between slices; each record goes to
 * `onRow` in order. Every record must have as many fields as the first, as csv-parse requires
 * within one slice. A parse error, or one thrown by `onRow`, is thrown as it is.
 */
export async function readCsvRows(
  text: string,
  onRow: (row: string[]) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { parse } = require('csv-parse/sync') as typeof import('csv-parse/sync');
  let width = -1;
  for (let from = 0; from < text.length; ) {
    if (from > 0) await breathe(signal);
    const end = sliceEnd(text, from, SLICE_CHARS);
    const rows: string[][] = parse(text.slice(from, end), {
      bom: from === 0,
      skip_empty_lines: true,
      relax_column_count: false,
    });
    for (const row of rows) {
      if (width < 0) width = row.length;
      else if (row.length !== width) throw new Error('Invalid Record Length');
      onRow(row);
    }
    from = end;
  }
}
