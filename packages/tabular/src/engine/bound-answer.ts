import { OpenDataError } from '@opendata-mcp/core/errors';
import type { ColumnInfo } from './read-rows.js';

/**
 * Characters of one cell an answer shows. Longer than any title, name or description a portal
 * publishes as a field, so such values arrive whole; a model reads no more of one value than this
 * usefully (about 500 tokens), and 20 rows of 20 such columns still fit well within the answer budget.
 */
export const MAX_CELL_CHARS = 2_000;

/** Bytes the rest of an answer (columns, the SQL twice, notes, provenance) may take besides its rows. */
export const ENVELOPE_HEADROOM_BYTES = 128 * 1024;

interface CutColumn {
  cells: number;
  longest: number;
  nested: boolean;
}

export interface BoundOptions {
  /** Bytes of JSON the rows may take. */
  maxBytes: number;
  /** The answer's whole budget, which the refusal states (default `maxBytes`). */
  statedBytes?: number;
  /** Mark a cut value inside itself (a sample has no notes to say it). */
  markCuts?: boolean;
}

const MIB = 1024 * 1024;
const size = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;
const count = (n: number) => n.toLocaleString('en-US');

/** The first `MAX_CELL_CHARS` of a text, never splitting a surrogate pair. */
function head(text: string): string {
  const end = /[\uD800-\uDBFF]/.test(text.charAt(MAX_CELL_CHARS - 1)) ? MAX_CELL_CHARS - 1 : MAX_CELL_CHARS;
  return text.slice(0, end);
}

function cutNote(column: string, cut: CutColumn): string {
  const name = JSON.stringify(column);
  const shown = cut.nested
    ? `shown as the first ${count(MAX_CELL_CHARS)} characters of their JSON text`
    : `cut to their first ${count(MAX_CELL_CHARS)} characters`;
  return (
    `Column ${name}: ${count(cut.cells)} value(s) longer than ${count(MAX_CELL_CHARS)} characters were ${shown} ` +
    `(the longest has ${count(cut.longest)}). Read one in parts with substr(${name}, start, ${MAX_CELL_CHARS}) or measure it with length(${name}).`
  );
}

function tooLarge(maxBytes: number, rows: number, columns: number): OpenDataError {
  return new OpenDataError(
    'resource_too_large',
    `The answer is larger than the ${size(maxBytes)} one answer may take (it passed that within its first ${count(rows)} row(s) of ${columns} column(s), long values already cut to ${count(MAX_CELL_CHARS)} characters).`,
    {
      hint: 'Narrow it: select fewer columns, ask for fewer rows (limit, or LIMIT in the SQL), filter with WHERE, or aggregate (count, sum, avg … GROUP BY) instead of listing rows.',
      details: { max_answer_bytes: maxBytes },
    },
  );
}

/**
 * Holds rows to a byte budget inside the engine process, before they are sent anywhere: values
 * longer than `MAX_CELL_CHARS` are cut (a nested value is shown as the start of its JSON text),
 * each column with cut values gets a note, and rows still over `maxBytes` are refused.
 * Rows are changed in place.
 */
export function boundRows(
  rows: unknown[][],
  columns: ColumnInfo[],
  options: BoundOptions,
): { rows: unknown[][]; notes: string[] } {
  const cuts = new Map<number, CutColumn>();
  let bytes = 2;
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as unknown[];
    for (let c = 0; c < row.length; c++) {
      const value = row[c];
      const nested = value !== null && typeof value === 'object';
      const text = nested ? JSON.stringify(value) : value;
      if (typeof text !== 'string' || text.length <= MAX_CELL_CHARS) continue;
      row[c] = options.markCuts ? `${head(text)} … (cut: ${count(text.length)} characters)` : head(text);
      const cut = cuts.get(c) ?? { cells: 0, longest: 0, nested };
      cut.cells++;
      cut.longest = Math.max(cut.longest, text.length);
      cuts.set(c, cut);
    }
    bytes += Buffer.byteLength(JSON.stringify(row)) + 1;
    if (bytes > options.maxBytes)
      throw tooLarge(options.statedBytes ?? options.maxBytes, r + 1, columns.length);
  }
  const notes = [...cuts].map(([c, cut]) => cutNote(columns[c]?.name ?? `#${c + 1}`, cut));
  return { rows, notes };
}
