import { parseCsvRecords } from './parse-csv-records.js';

export interface Footer {
  /** Offset in `text` where the footer starts (the table ends there). */
  start: number;
  lines: number;
  preview: string;
}

const MAX_FOOTER_RECORDS = 20;
const TAIL_CHARS = 64 * 1024;

/**
 * Statistical exports end with notes ("Fußnoten", "****", sources) that are not table rows: a
 * short run of records at the very end whose width differs from the table's. Returns null when
 * the file simply ends with table rows.
 */
export function findFooter(
  text: string,
  delimiter: string,
  width: number,
  tableStart: number | null,
): Footer | null {
  // `tableStart` null: `text` is only the end of the file and may begin in the middle of a record.
  const first = tableStart ?? 0;
  let from = Math.max(first, text.length - TAIL_CHARS);
  if (from > first || tableStart === null) from = text.indexOf('\n', from) + 1 || text.length;
  const records = parseCsvRecords(text, delimiter, Number.POSITIVE_INFINITY, from);
  let end = records.length;
  const isBlank = (fields: string[]) => fields.every((field) => field.trim() === '');
  let lastTable = end - 1;
  while (lastTable >= 0 && (records[lastTable] as { fields: string[] }).fields.length !== width) lastTable--;
  if (lastTable < 0) return null;
  const footer = records.slice(lastTable + 1).filter((record) => !isBlank(record.fields));
  if (footer.length === 0 || footer.length > MAX_FOOTER_RECORDS) return null;
  end = lastTable + 1;
  const start = (records[end - 1] as { end: number }).end;
  const preview = footer
    .map((record) => record.fields.join(' ').trim())
    .find(Boolean)
    ?.slice(0, 80);
  return { start, lines: footer.length, preview: preview ?? '' };
}
