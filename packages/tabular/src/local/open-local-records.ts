import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenDataError, shorten } from '@opendata-mcp/core/errors';
import { createEngine } from '../engine/create-engine.js';
import type { TableLimits } from '../engine/table-limits.js';
import { isOutOfMemory, tooLargeForMemory, tooManyRows } from '../loading/load-errors.js';
import { duckType, type RecordField } from '../loading/portal-types.js';
import { sqlIdentifier, sqlString } from '../loading/sql-literal.js';
import type { TableSession } from '../table-session.js';
import { createLocalSession } from './local-session.js';

export type { RecordField };

export interface OpenLocalRecordsInput {
  fields: RecordField[];
  records: Array<Record<string, unknown>>;
  limits: TableLimits;
  notes?: string[];
}

function jsonLine(fields: RecordField[], record: Record<string, unknown>): string {
  const row: Record<string, unknown> = {};
  for (const { id } of fields) {
    const value = record[id];
    row[id] = value !== null && typeof value === 'object' ? JSON.stringify(value) : (value ?? null);
  }
  return JSON.stringify(row);
}

/**
 * Loads records already in memory (a portal's DataStore pages) into `data` with the portal's own
 * column types, then locks the engine like `openLocalTable`.
 */
export async function openLocalRecords(input: OpenLocalRecordsInput): Promise<TableSession> {
  if (input.records.length > input.limits.maxRows) throw tooManyRows(input.limits.maxRows);
  const engine = await createEngine(input.limits);
  const tempDir = await mkdtemp(join(tmpdir(), 'opendata-records-'));
  const notes = [
    ...(input.notes ?? []),
    `Loaded ${input.records.length} records with the portal's column types.`,
  ];
  try {
    const path = join(tempDir, 'records.ndjson');
    await writeFile(path, input.records.map((record) => jsonLine(input.fields, record)).join('\n'), 'utf8');
    const typed = input.fields.map(({ id, type }) => `${sqlString(id)}: '${duckType(type)}'`);
    const text = input.fields.map(({ id }) => `${sqlString(id)}: 'VARCHAR'`);
    const read = (columns: string[]) =>
      `CREATE OR REPLACE TABLE data AS SELECT ${input.fields.map(({ id }) => sqlIdentifier(id)).join(', ')} FROM read_json(${sqlString(path)}, format='newline_delimited', columns={${columns.join(', ')}})`;
    try {
      await engine.connection.run(read(typed));
    } catch (error) {
      if (isOutOfMemory(error)) throw tooLargeForMemory();
      await engine.connection.run(read(text));
      notes.push(
        `Values did not match the declared types (${shorten(String(error), 120)}); all columns loaded as text.`,
      );
    }
    return await createLocalSession(engine, { format: 'records', notes, limits: input.limits });
  } catch (error) {
    engine.connection.closeSync();
    engine.instance.closeSync();
    if (error instanceof OpenDataError) throw error;
    throw new OpenDataError('unsupported_resource', 'The records could not be loaded as a table.', {
      cause: error,
    });
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}
