import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isOpenDataError } from '@opendata-mcp/core';
import { fuzzParameters, fuzzTimeout } from '@opendata-mcp/core/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create-engine.js';
import type { TableLimits } from '../engine/table-limits.js';
import { openTable } from '../open-table.js';
import { watchChildMemory } from './child-memory.js';
import { type HostileFile, parquetArbitrary, textualHostileFile } from './hostile-file-arbitrary.js';

/** Tight limits, so every bound is reached quickly: 128 MiB for DuckDB, a 640 MiB process ceiling. */
const LIMITS: TableLimits = {
  maxRows: 50_000,
  memoryBytes: 128 * 1024 * 1024,
  processMemoryBytes: 640 * 1024 * 1024,
  queryTimeoutMs: 2_000,
  loadTimeoutMs: 8_000,
  maxDownloadBytes: 16 * 1024 * 1024,
  threads: 1,
};
/** Codes a hostile file may end in; anything else (internal errors above all) fails the property. */
const EXPECTED_CODES = ['unsupported_resource', 'resource_too_large', 'query_timeout', 'query_error'];
/** A load is killed at its deadline; the answer may take a little longer to travel back. */
const ANSWER_BOUND_MS = (LIMITS.loadTimeoutMs ?? 0) + LIMITS.queryTimeoutMs + 5_000;
/** The ceiling is polled every 25 ms, so a fast allocation can overshoot it by what grows in that time. */
const MEMORY_BOUND_BYTES = (LIMITS.processMemoryBytes ?? 0) + 256 * 1024 * 1024;

let scratch: string;
let parquetBases: Array<{ label: string; bytes: Buffer }> = [];

async function writeParquet(label: string, select: string): Promise<{ label: string; bytes: Buffer }> {
  const engine = await createEngine({ ...LIMITS, memoryBytes: 512 * 1024 * 1024 });
  const path = join(scratch, `${label}.parquet`);
  await engine.connection.run(`COPY (${select}) TO '${path}' (FORMAT parquet)`);
  engine.connection.closeSync();
  engine.instance.closeSync();
  return { label, bytes: await readFile(path) };
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'opendata-fuzz-files-'));
  const wide = Array.from({ length: 2_000 }, (_, i) => `${i} AS c${i}`).join(', ');
  let nested = 'i';
  for (let level = 0; level < 40; level++) nested = `{'k': [${nested}]}`;
  parquetBases = await Promise.all([
    writeParquet('plain', 'SELECT i, i::VARCHAR AS s FROM range(1000) t(i)'),
    writeParquet('wide', `SELECT ${wide}`),
    writeParquet('nested-40', `SELECT ${nested} AS n FROM range(10) t(i)`),
    writeParquet('long-strings', "SELECT repeat('x', 4000000) AS s FROM range(3)"),
  ]);
}, 60_000);

afterAll(() => rm(scratch, { recursive: true, force: true }));

async function loadAndQuery(file: HostileFile, index: number): Promise<string> {
  const path = join(scratch, `case-${index}.${file.format}`);
  await writeFile(path, file.bytes);
  try {
    const session = await openTable({ path, formatHint: file.format, limits: LIMITS });
    try {
      await session.query('SELECT count(*) AS n FROM data', { limit: 1 });
      return 'ok';
    } finally {
      await session.close();
    }
  } catch (error) {
    return isOpenDataError(error) ? error.code : `unexpected: ${String(error)}`;
  } finally {
    await rm(path, { force: true });
  }
}

/** A well-formed table opens and answers: nothing a hostile file did outlived its own process. */
async function stillServes(): Promise<void> {
  const path = join(scratch, 'good.csv');
  await writeFile(path, 'city,n\nBern,1\nBasel,2\n');
  const session = await openTable({ path, limits: LIMITS });
  expect((await session.query('SELECT sum(n) AS total FROM data', { limit: 1 })).rows).toEqual([
    { total: 3 },
  ]);
  await session.close();
}

describe('loading generated hostile files', () => {
  it.each([
    ['CSV, JSON and XLSX', () => textualHostileFile, 10],
    ['Parquet', () => parquetArbitrary(parquetBases), 6],
  ] as const)(
    '%s: every file ends in an answer or a known refusal within the bounds, and the engine keeps serving',
    async (_name, arbitrary, ciRuns) => {
      let index = 0;
      await fc.assert(
        fc.asyncProperty(arbitrary(), async (file) => {
          const started = performance.now();
          const memory = watchChildMemory();
          const outcome = await loadAndQuery(file, index++);
          const peak = memory.stop();
          expect(['ok', ...EXPECTED_CODES], `${file.label}: ${outcome}`).toContain(outcome);
          expect(performance.now() - started).toBeLessThan(ANSWER_BOUND_MS);
          expect(peak, `${file.label}: engine process peak`).toBeLessThan(MEMORY_BOUND_BYTES);
          await stillServes();
        }),
        fuzzParameters(ciRuns),
      );
    },
    fuzzTimeout(120_000),
  );
});
