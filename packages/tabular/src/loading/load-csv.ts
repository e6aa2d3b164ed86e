import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { OpenDataError, shorten } from '@opendata-mcp/core/errors';
import { detectEncoding } from './detect-encoding.js';
import { findFooter } from './find-footer.js';
import { isOutOfMemory, tooLargeForMemory } from './load-errors.js';
import { loadIconv } from './load-iconv.js';
import { sniffCsvLayout } from './sniff-csv-layout.js';
import { sqlIdentifier, sqlString } from './sql-literal.js';

export interface LoadCsvInput {
  connection: DuckDBConnection;
  bytes: Buffer;
  /** The original file; read directly when it needs no rewriting. */
  path: string;
  tempDir: string;
  /** Rows to read at most (the cap plus one, so an oversized file shows). */
  /** Text already decoded (XLSX sheets come in as CSV text). */
  text?: string;
}

const HEAD_BYTES = 256 * 1024;

interface ReadPlan {
  /** The file DuckDB reads and the lines it skips before the header. */
  path: string;
  skip: number;
}

/** Writes a tidy UTF-8 copy when the bytes need transcoding or a footer must be cut off. */
async function planRead(input: LoadCsvInput, notes: string[]) {
  const { bytes } = input;
  const encoding = input.text === undefined ? detectEncoding(bytes) : null;
  if (encoding) notes.push(encoding.note);
  const body = bytes.subarray(encoding?.bomBytes ?? 0);
  const decodeAll = async () => input.text ?? (await loadIconv()).decode(body, encoding?.encoding ?? 'utf-8');
  // Valid UTF-8 that needs no cutting is read by DuckDB in place: no copy of a large file.
  const inPlace = input.text === undefined && encoding?.encoding === 'utf-8' && body.length > HEAD_BYTES;
  let text = inPlace ? undefined : await decodeAll();
  const head = text ?? new TextDecoder().decode(body.subarray(0, HEAD_BYTES));
  const layout = sniffCsvLayout(head, !inPlace);
  notes.push(...layout.notes);
  const tail = text ?? new TextDecoder().decode(body.subarray(body.length - HEAD_BYTES));
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
  if (!text) return { plan: { path: input.path, skip: layout.headerLine }, layout };
  const path = join(input.tempDir, 'table.csv');
  await writeFile(path, text.slice(layout.headerOffset, footer?.start ?? text.length), 'utf8');
  return { plan: { path, skip: 0 }, layout };
}

function readCsvSql(plan: ReadPlan, layout: ReturnType<typeof sniffCsvLayout>, extra: string[]) {
  const options = [
    `delim=${sqlString(layout.delimiter)}`,
    `quote='"'`,
    `escape='"'`,
    'header=true',
    `skip=${plan.skip}`,
    `names=[${layout.names.map(sqlString).join(', ')}]`,
    'null_padding=true',
    ...(layout.decimalComma ? [`decimal_separator=','`] : []),
    ...(layout.textColumns.length > 0
      ? [`types={${layout.textColumns.map((name) => `${sqlString(name)}: 'VARCHAR'`).join(', ')}}`]
      : []),
    ...extra,
  ];
  const columns = layout.names.map(sqlIdentifier).join(', ');
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

export async function loadCsv(input: LoadCsvInput): Promise<string[]> {
  const notes: string[] = [];
  const { plan, layout } = await planRead(input, notes);
  let lastError: unknown;
  for (const attempt of ATTEMPTS) {
    try {
      await input.connection.run(readCsvSql(plan, layout, attempt.extra));
      if (attempt.note) notes.push(attempt.note);
      return notes;
    } catch (error) {
      if (isOutOfMemory(error)) throw tooLargeForMemory();
      lastError = error;
      await input.connection.run('DROP TABLE IF EXISTS data');
    }
  }
  const reason = lastError instanceof Error ? lastError.message.split('\n')[0] : String(lastError);
  throw new OpenDataError(
    'unsupported_resource',
    `The CSV could not be read as a table: ${shorten(reason ?? '', 300)}`,
    {
      hint: 'The file may not be a regular table (merged cells, several tables in one file). Try another resource.',
    },
  );
}
