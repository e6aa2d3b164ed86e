import { createRequire } from 'node:module';
import { finished } from 'node:stream/promises';
import { breathe, SLICE_CHARS } from '../registry/breathe.js';

// csv-parse is required on the first data answer rather than at server start.
const require = createRequire(import.meta.url);

/**
 * Streams CSV text through csv-parse, SLICE_CHARS at a time with a turn of the event loop and a
 * check of the call's signal in between; each record goes to `onRow` as soon as it is complete, so
 * only the records of one slice are ever waiting. A parse error, or one thrown by `onRow`, ends the
 * read and is thrown as the same error.
 */
export async function readCsvRows(
  text: string,
  onRow: (row: string[]) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { Parser } = require('csv-parse') as typeof import('csv-parse');
  const parser = new Parser({ bom: true, skip_empty_lines: true, relax_column_count: false });
  let failure: { error: unknown } | null = null;
  parser.on('data', (row: string[]) => {
    if (failure) return;
    try {
      onRow(row);
    } catch (error) {
      failure = { error };
    }
  });
  const done = finished(parser);
  // Awaited below; until then a parse error must not count as unhandled.
  done.catch(() => {});
  try {
    for (let at = 0; at < text.length && !failure && !parser.destroyed; at += SLICE_CHARS) {
      if (at > 0) await breathe(signal);
      parser.write(text.slice(at, at + SLICE_CHARS));
    }
    parser.end();
    await done;
  } finally {
    parser.destroy();
  }
  // `failure` is set from the data handler, which TypeScript cannot see.
  const failed = failure as { error: unknown } | null;
  if (failed) throw failed.error;
}
