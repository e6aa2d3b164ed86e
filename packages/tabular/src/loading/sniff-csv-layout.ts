import { type CsvRecord, parseCsvRecords } from './parse-csv-records.js';

export interface CsvLayout {
  delimiter: string;
  /** Fields of a regular table row. */
  fieldCount: number;
  /** Offset in the text where the header record starts. */
  headerOffset: number;
  /** Physical lines before the header (title rows, preamble, blank lines). */
  headerLine: number;
  /** Column names: trimmed, never empty, unique regardless of case. */
  names: string[];
  decimalComma: boolean;
  /** Columns to read as text so a later check can decide what their digit groups mean. */
  textColumns: string[];
  notes: string[];
}

const DELIMITERS = [',', ';', '\t', '|'];
const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };
const SNIFF_RECORDS = 200;

function nonEmpty(fields: string[]): string[] {
  return fields.map((field) => field.trim()).filter((field) => field !== '' && !/^\u00a0+$/.test(field));
}

function modalCount(records: CsvRecord[]): { count: number; support: number } {
  const tally = new Map<number, number>();
  for (const { fields } of records) {
    if (fields.length > 1) tally.set(fields.length, (tally.get(fields.length) ?? 0) + 1);
  }
  let best = { count: 1, support: 0 };
  for (const [count, support] of tally) {
    if (support > best.support || (support === best.support && count > best.count)) best = { count, support };
  }
  return best;
}

/** A header has the table's width, at least half its cells filled, and mostly distinct names. */
function looksLikeHeader(record: CsvRecord, width: number): boolean {
  if (record.fields.length !== width) return false;
  const filled = nonEmpty(record.fields);
  const distinct = new Set(filled.map((name) => name.toLowerCase())).size;
  return filled.length >= Math.max(1, Math.ceil(width / 2)) && distinct >= Math.ceil(filled.length / 2);
}

function tidyNames(fields: string[], width: number, notes: string[]): string[] {
  const seen = new Set<string>();
  let changed = 0;
  const names = Array.from({ length: width }, (_, index) => {
    const raw = fields[index] ?? '';
    let name = raw.replace(/[\s\u00a0]+/g, ' ').trim() || `column_${index + 1}`;
    const base = name;
    for (let suffix = 2; seen.has(name.toLowerCase()); suffix++) name = `${base}_${suffix}`;
    seen.add(name.toLowerCase());
    if (name !== raw) changed++;
    return name;
  });
  if (changed > 0) {
    notes.push(
      `Column names tidied (${changed} of ${width}): spaces trimmed, empty names became column_N, duplicates numbered.`,
    );
  }
  return names;
}

function countLines(text: string, end: number): number {
  let lines = 0;
  for (let index = 0; index < end; index++) {
    const char = text.charCodeAt(index);
    if (char === 10 || (char === 13 && text.charCodeAt(index + 1) !== 10)) lines++;
  }
  return lines;
}

function detectDecimalComma(records: CsvRecord[], delimiter: string): boolean {
  if (delimiter === ',') return false;
  let comma = 0;
  let dot = 0;
  for (const { fields } of records) {
    for (const field of fields) {
      if (/^\s*-?\d+,\d+\s*$/.test(field)) comma++;
      else if (/^\s*-?\d+\.\d+\s*$/.test(field)) dot++;
    }
  }
  return comma > 0 && comma >= dot;
}

const DOT_GROUPED = /^[-+]?[1-9]\d{0,2}(\.\d{3})+$/;
const PLAIN_INTEGER = /^[-+]?(0|[1-9]\d*)$/;

/**
 * In a file that is not comma-separated, "1.613" next to "379" is most likely 1613 (dot thousands),
 * but DuckDB would read it as 1.613. Such columns are loaded as text; the table review then
 * converts them or says why it cannot.
 */
function dotGroupedColumns(records: CsvRecord[], names: string[], delimiter: string): string[] {
  if (delimiter === ',') return [];
  return names.filter((_, index) => {
    const values = records.map(({ fields }) => (fields[index] ?? '').trim()).filter(Boolean);
    return (
      values.some((value) => DOT_GROUPED.test(value)) &&
      values.every((value) => DOT_GROUPED.test(value) || PLAIN_INTEGER.test(value))
    );
  });
}

/** Finds delimiter, header row and decimal mark from the head of a decoded CSV file. */
export function sniffCsvLayout(head: string, complete: boolean): CsvLayout {
  let best = { delimiter: ',', count: 1, support: -1, records: [] as CsvRecord[] };
  for (const delimiter of DELIMITERS) {
    const records = parseCsvRecords(head, delimiter, SNIFF_RECORDS);
    if (!complete && records.length > 1) records.pop();
    const mode = modalCount(records);
    if (mode.support > best.support) best = { delimiter, ...mode, records };
  }
  const { delimiter, count: width, records } = best;
  const headerIndex = Math.max(
    0,
    records.findIndex((record) => looksLikeHeader(record, width)),
  );
  const header = records[headerIndex] ?? { fields: [], start: 0, end: 0 };
  const notes = [`Delimiter: ${DELIMITER_NAMES[delimiter]}; ${width} columns.`];
  const headerLine = countLines(head, header.start);
  if (headerLine > 0) {
    const title = records
      .slice(0, headerIndex)
      .map((record) => nonEmpty(record.fields).join(' '))
      .find(Boolean);
    notes.push(
      `Header found on line ${headerLine + 1}; the ${headerLine} line(s) above it were skipped as title/preamble${title ? ` (starting "${title.slice(0, 80)}")` : ''}.`,
    );
  }
  const names = tidyNames(header.fields, width, notes);
  const decimalComma = detectDecimalComma(records.slice(headerIndex + 1), delimiter);
  if (decimalComma)
    notes.push('Decimal commas detected (e.g. 4525,52): numbers were read with "," as the decimal mark.');
  const textColumns = dotGroupedColumns(records.slice(headerIndex + 1), names, delimiter);
  return {
    delimiter,
    fieldCount: width,
    headerOffset: header.start,
    headerLine,
    names,
    decimalComma,
    textColumns,
    notes,
  };
}
