import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { OpenDataError, shorten } from '@opendata-mcp/core/errors';
import { detectEncoding } from './detect-encoding.js';
import type { FileBytes } from './file-bytes.js';
import { findFooter } from './find-footer.js';
import { isOutOfMemory, tooLargeForMemory } from './load-errors.js';
import { loadIconv } from './load-iconv.js';
import { duckType, type RecordField } from './portal-types.js';
import { sniffCsvLayout } from './sniff-csv-layout.js';
import { sqlIdentifier, sqlString } from './sql-literal.js';

export interface LoadCsvInput {
  connection: DuckDBConnection;
  /** The original file: its ends at once, every byte only when needed. DuckDB reads it in place when it can. */
  file: FileBytes;
  tempDir: string;
  /** Text already decoded (XLSX sheets come in as CSV text). */
  text?: string;
  /** Columns the publisher declares (a DataStore dump): only these are kept, with their declared types. */
  declared?: RecordField[];
}

export const HEAD_BYTES = 256 * 1024;
/**
 * Above this size a file whose first bytes are UTF-8 is not read whole to check the rest: DuckDB checks
 * every byte as it reads and stops on the first invalid one, and only then is the whole file examined.
 */
const SAMPLED_ENCODING_BYTES = 8 * 1024 * 1024;

interface ReadPlan {
  /** The file DuckDB reads and the lines it skips before the header. */
  path: string;
  skip: number;
  /** True when the encoding was judged from the head only (DuckDB's UTF-8 check covers the rest). */
  sampled: boolean;
}

/** The head up to its last line break, so a character cut at the sample's end does not look invalid. */
function completeLines(head: Buffer): Buffer {
  const end = head.lastIndexOf(0x0a);
  return end > 0 ? head.subarray(0, end + 1) : head;
}

async function chooseEncoding(input: LoadCsvInput, wholeFile: boolean) {
  if (input.text !== undefined) return { encoding: null, sampled: false };
  if (!wholeFile && input.file.size > SAMPLED_ENCODING_BYTES) {
    const fromHead = detectEncoding(completeLines(input.file.head));
    if (fromHead.encoding === 'utf-8') return { encoding: fromHead, sampled: true };
  }
  return { encoding: detectEncoding(await input.file.all()), sampled: false };
}

/** Writes a tidy UTF-8 copy when the bytes need transcoding or a footer must be cut off. */
async function planRead(input: LoadCsvInput, notes: string[], wholeFile: boolean) {
  const { file } = input;
  const { encoding, sampled } = await chooseEncoding(input, wholeFile);
  if (encoding) notes.push(encoding.note);
  const bom = encoding?.bomBytes ?? 0;
  const decodeAll = async () =>
    input.text ?? (await loadIconv()).decode((await file.all()).subarray(bom), encoding?.encoding ?? 'utf-8');
  // Valid UTF-8 that needs no cutting is read by DuckDB in place: no copy of a large file.
  const inPlace = input.text === undefined && encoding?.encoding === 'utf-8' && file.size - bom > HEAD_BYTES;
  let text = inPlace ? undefined : await decodeAll();
  const head = text ?? new TextDecoder().decode(file.head.subarray(bom));
  const layout = sniffCsvLayout(head, !inPlace);
  notes.push(...layout.notes);
  const tail = text ?? new TextDecoder().decode(file.tail);
  let footer = findFooter(tail, layout.delimiter, layout.fieldCount, text ? layout.headerOffset : null);
  if (footer && !text) {
    text = await decodeAll();
    footer = findFooter(text, layout.delimiter, layout.fieldCount, layout.headerOffset);
  }
  if (footer) {
    notes.push(
      `${footer.lines} line(s) after the table were left out as notes/footnotes (starting "${footer.preview}").`,
    );
  }
  if (!text) return { plan: { path: file.path, skip: layout.headerLine, sampled }, layout };
  const path = join(input.tempDir, 'table.csv');
  await writeFile(path, text.slice(layout.headerOffset, footer?.start ?? text.length), 'utf8');
  return { plan: { path, skip: 0, sampled: false }, layout };
}

function readCsvSql(
  plan: ReadPlan,
  layout: ReturnType<typeof sniffCsvLayout>,
  extra: string[],
  declared: RecordField[] | undefined,
) {
  const asText = extra.includes('all_varchar=true');
  const kept = declared ? declared.filter((field) => layout.names.includes(field.id)) : null;
  const types = kept
    ? asText
      ? []
      : kept.map((field) => `${sqlString(field.id)}: '${duckType(field.type)}'`)
    : layout.textColumns.map((name) => `${sqlString(name)}: 'VARCHAR'`);
  const options = [
    `delim=${sqlString(layout.delimiter)}`,
    `quote='"'`,
    `escape='"'`,
    'header=true',
    `skip=${plan.skip}`,
    `names=[${layout.names.map(sqlString).join(', ')}]`,
    'null_padding=true',
    ...(layout.decimalComma ? [`decimal_separator=','`] : []),
    ...(types.length > 0 ? [`types={${types.join(', ')}}`] : []),
    ...extra,
  ];
  const columns = (kept ? kept.map((field) => field.id) : layout.names).map(sqlIdentifier).join(', ');
  return `CREATE TABLE data AS SELECT ${columns} FROM read_csv(${sqlString(plan.path)}, ${options.join(', ')})`;
}

// Type sniffing samples rows; a late odd value fails the cast, so widen the sample, then give up on types.
const ATTEMPTS: Array<{ extra: string[]; note?: string }> = [
  { extra: [] },
  {
    extra: ['sample_size=-1'],
    note: 'Column types were inferred from the whole file (a late value broke the sample).',
  },
  {
    extra: ['all_varchar=true'],
    note: 'Columns were loaded as text: values did not fit one type per column.',
  },
];

function isInvalidUnicode(error: unknown): boolean {
  return error instanceof Error && /invalid unicode/i.test(error.message);
}

const WHOLE_FILE = Symbol('judge the encoding over the whole file');

async function readWithAttempts(
  input: LoadCsvInput,
  wholeFile: boolean,
): Promise<string[] | typeof WHOLE_FILE> {
  const notes: string[] = [];
  const { plan, layout } = await planRead(input, notes, wholeFile);
  let lastError: unknown;
  for (const attempt of ATTEMPTS) {
    try {
      await input.connection.run(readCsvSql(plan, layout, attempt.extra, input.declared));
      if (attempt.note) notes.push(attempt.note);
      return notes;
    } catch (error) {
      if (isOutOfMemory(error)) throw tooLargeForMemory();
      await input.connection.run('DROP TABLE IF EXISTS data');
      if (plan.sampled && isInvalidUnicode(error)) return WHOLE_FILE;
      lastError = error;
    }
  }
  throw unreadable(lastError);
}

export async function loadCsv(input: LoadCsvInput): Promise<string[]> {
  const notes = await readWithAttempts(input, false);
  // The head looked like UTF-8 but a later byte is not: the slow path reads and judges every byte.
  if (notes !== WHOLE_FILE) return notes;
  const retried = await readWithAttempts(input, true);
  // A whole-file read judges every byte itself, so it never asks for another one.
  if (retried === WHOLE_FILE) throw unreadable(new Error('the encoding could not be decided'));
  return retried;
}

function unreadable(lastError: unknown): OpenDataError {
  const reason = lastError instanceof Error ? lastError.message.split('\n')[0] : String(lastError);
  return new OpenDataError(
    'unsupported_resource',
    `The CSV could not be read as a table: ${shorten(reason ?? '', 300)}`,
    {
      hint: 'The file may not be a regular table (merged cells, several tables in one file). Try another resource.',
    },
  );
}
