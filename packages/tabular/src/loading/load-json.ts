import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { OpenDataError, shorten } from '@opendata-mcp/core/errors';
import { detectEncoding } from './detect-encoding.js';
import { jsonNestingDepth } from './json-depth.js';
import { isOutOfMemory, tooLargeForMemory } from './load-errors.js';
import { loadIconv } from './load-iconv.js';
import { sqlString } from './sql-literal.js';

/** Records nest a few levels (GeoJSON coordinates about eight); far deeper is a hostile file. */
export const MAX_JSON_DEPTH = 64;

function notRecords(what: string): OpenDataError {
  return new OpenDataError(
    'unsupported_resource',
    `The JSON resource is ${what}, not an array of flat records.`,
    {
      hint: 'Only JSON arrays of objects (or one object per line) load as a table. Pick a CSV or another resource.',
    },
  );
}

/** Loads a JSON array of records, or newline-delimited records, into `data`. */
export async function loadJson(input: {
  connection: DuckDBConnection;
  bytes: Buffer;
  path: string;
  tempDir: string;
}): Promise<string[]> {
  const notes: string[] = [];
  const encoding = detectEncoding(input.bytes);
  let path = input.path;
  let utf8 = input.bytes;
  if (encoding.encoding !== 'utf-8') {
    notes.push(encoding.note);
    path = join(input.tempDir, 'table.json');
    const iconv = await loadIconv();
    utf8 = Buffer.from(iconv.decode(input.bytes.subarray(encoding.bomBytes), encoding.encoding), 'utf8');
    await writeFile(path, utf8);
  }
  const depth = jsonNestingDepth(utf8, MAX_JSON_DEPTH);
  if (depth > MAX_JSON_DEPTH) {
    throw new OpenDataError(
      'unsupported_resource',
      `The JSON resource nests values more than ${MAX_JSON_DEPTH} levels deep, past what loads as a table.`,
      {
        hint: 'Pick another resource of the dataset (a CSV if there is one).',
        details: { max_depth: MAX_JSON_DEPTH },
      },
    );
  }
  const text = input.bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^[\s\uFEFF]+/, '');
  const array = text.startsWith('[');
  const lines = input.bytes.toString('utf8', 0, Math.min(input.bytes.length, 1 << 20)).split('\n');
  if (!array && lines.filter((line) => line.trim().startsWith('{')).length < 2)
    throw notRecords('a single object');
  notes.push(array ? 'JSON: an array of records.' : 'JSON: one record per line.');
  const format = array ? 'array' : 'newline_delimited';
  try {
    await input.connection.run(
      `CREATE TABLE data AS SELECT * FROM read_json(${sqlString(path)}, format='${format}', records=true, maximum_object_size=16777216)`,
    );
  } catch (error) {
    if (isOutOfMemory(error)) throw tooLargeForMemory();
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    throw new OpenDataError(
      'unsupported_resource',
      `The JSON could not be read as records: ${shorten(reason, 300)}`,
      {
        hint: 'Only JSON arrays of flat objects load as a table. Pick a CSV or another resource.',
      },
    );
  }
  const nested = await input.connection.runAndReadAll(
    `SELECT count(*) FROM (DESCRIBE data) WHERE column_type LIKE 'STRUCT%' OR column_type LIKE 'MAP%' OR column_type LIKE '%[]'`,
  );
  const nestedCount = Number(nested.getRows()[0]?.[0] ?? 0);
  if (nestedCount > 0)
    notes.push(`${nestedCount} column(s) hold nested values (STRUCT/LIST), kept as they are.`);
  return notes;
}
