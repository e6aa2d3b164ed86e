import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertTable, describeTable } from '../checks/review-table.js';
import { createEngine, type Engine } from '../engine/create-engine.js';
import type { TableLimits } from '../engine/table-limits.js';
import { detectFormat, type FileFormat, normalizeFormatLabel } from '../loading/detect-format.js';
import { type FileBytes, readFileBytes } from '../loading/file-bytes.js';
import { HEAD_BYTES, loadCsv } from '../loading/load-csv.js';
import { tooManyRows } from '../loading/load-errors.js';
import { loadJson } from '../loading/load-json.js';
import { loadParquet } from '../loading/load-parquet.js';
import { xlsxToCsv } from '../loading/load-xlsx.js';
import type { RecordField } from '../loading/portal-types.js';
import { refuseBlankFile } from '../loading/refuse-blank-file.js';
import type { TableSession } from '../table-session.js';
import { createLocalSession } from './local-session.js';

export interface LoadProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface OpenLocalTableInput {
  /** A file on disk (downloaded through the guarded HTTP client). */
  path: string;
  /** The portal's declared format: only compared with what the bytes say, never trusted. */
  formatHint?: string | null;
  limits: TableLimits;
  /** Columns the publisher declares for a CSV (a DataStore dump): only these are kept, with these types. */
  declared?: RecordField[] | null;
  signal?: AbortSignal;
  onProgress?: (progress: LoadProgress) => void;
}

const STEPS = 4;

async function loadInto(
  engine: Engine,
  format: FileFormat,
  file: FileBytes,
  tempDir: string,
  limits: TableLimits,
  declared: RecordField[] | undefined,
) {
  // No LIMIT on the load: it would cost DuckDB its parallel scan. The row cap is enforced on the
  // count right after loading, and the memory limit bounds what a huge file can take meanwhile.
  const connection = engine.connection;
  const { path } = file;
  if (format === 'parquet') return loadParquet({ connection, path });
  if (format === 'xlsx') {
    const sheet = await xlsxToCsv(path, limits);
    return [...sheet.notes, ...(await loadCsv({ connection, file, tempDir, text: sheet.text }))];
  }
  if (format === 'json') return loadJson({ connection, bytes: await file.all(), path, tempDir });
  return loadCsv({ connection, file, tempDir, ...(declared ? { declared } : {}) });
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new Error('aborted');
}

/**
 * Loads one resource file into the in-memory table `data`, then locks the engine. The format is
 * sniffed from the bytes; what loading did is listed in `notes`.
 */
export async function openLocalTable(input: OpenLocalTableInput): Promise<TableSession> {
  const report = (step: number, message: string) =>
    input.onProgress?.({ progress: step, total: STEPS, message });
  report(0, 'Detecting the file format');
  // The ends of the file only: a large UTF-8 CSV is never read whole into this process.
  const file = await readFileBytes(input.path, (await stat(input.path)).size, HEAD_BYTES);
  refuseBlankFile(file);
  const format = detectFormat(file.head.subarray(0, 64 * 1024));
  const declared = normalizeFormatLabel(input.formatHint);
  const notes: string[] = [];
  if (declared && declared !== format && !(declared === 'xls' && format === 'xlsx')) {
    notes.push(
      `Declared format "${input.formatHint}", but the content is ${format.toUpperCase()}; read as ${format.toUpperCase()}.`,
    );
  }
  checkAborted(input.signal);
  const engine = await createEngine(input.limits);
  const tempDir = await mkdtemp(join(tmpdir(), 'opendata-tabular-'));
  try {
    report(1, `Loading ${format.toUpperCase()} into the query engine`);
    const declared = input.declared ?? undefined;
    notes.push(...(await loadInto(engine, format, file, tempDir, input.limits, declared)));
    checkAborted(input.signal);
    report(2, 'Checking the loaded table');
    const counted = await engine.connection.runAndReadAll('SELECT count(*) FROM data');
    const rowCount = Number(counted.getRows()[0]?.[0]);
    if (rowCount > input.limits.maxRows) throw tooManyRows(input.limits.maxRows);
    // Parquet columns and declared columns carry the publisher's own types: no digit-group guessing.
    if (format !== 'parquet' && !declared) notes.push(...(await convertTable(engine.connection)));
    const session = await createLocalSession(engine, {
      format,
      notes,
      limits: input.limits,
      describe: (connection) => describeTable(connection, rowCount),
    });
    report(STEPS, `Loaded ${session.rowCount} rows`);
    return session;
  } catch (error) {
    engine.connection.closeSync();
    engine.instance.closeSync();
    throw error;
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}
