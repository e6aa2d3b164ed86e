// `pnpm bench results`: two SYNTHETIC 100k-row tables generated in memory (nothing is downloaded).
// Side by side in one run: keeping a 100k-row answer (a tool answers one page and hands core the whole
// table), query_results joining the two kept results (first call: read, load and join; repeated call:
// the loaded set reused), and DuckDB doing the same join on the same rows directly, in a process of
// its own (the floor: rows read from local JSON files, joined, all result rows read back). Time and
// peak resident memory of the engine process against the floor's process. Neither time counts starting
// a process: the floor's clock starts inside its process, and the server has a spare engine started, as
// it has after its first table. Three rounds, each side by side; the goals are judged on the medians.
// One JSON line at the end.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { z } from 'zod';
import { analysisExtension } from '../packages/analysis/src/index.js';
import { type Adapter, defineTool, READ_ONLY_OPEN_WORLD } from '../packages/core/src/index.js';
import { createOpenDataServer, silentLogger } from '../packages/core/src/server/index.js';
import { watchChildMemory } from '../packages/tabular/src/fuzz/child-memory.js';
import { warmEngine } from '../packages/tabular/src/index.js';

const ROWS = 100_000;
const REGIONS = Array.from({ length: 26 }, (_, i) => `region_${String.fromCharCode(97 + i)}`);
const JOIN_SQL =
  'SELECT a.id, a.region, a.period, a.amount, b.rate, a.amount * b.rate AS product FROM a JOIN b USING (id)';

/** Deterministic synthetic rows: a has id, region, quarter and amount; b has id and a rate. */
function tableA(): unknown[][] {
  return Array.from({ length: ROWS }, (_, i) => [
    i,
    REGIONS[i % 26],
    `${2000 + (i % 24)}-Q${(i % 4) + 1}`,
    ((i * 7919) % 1_000_000) / 100,
  ]);
}
function tableB(): unknown[][] {
  return Array.from({ length: ROWS }, (_, i) => [ROWS - 1 - i, ((i * 104_729) % 10_000) / 1000]);
}
const COLUMNS_A = ['id', 'region', 'period', 'amount'];
const COLUMNS_B = ['id', 'rate'];

/** The floor, run in a child process of its own: DuckDB reads both files, joins, and hands every row back. */
async function floorChild(dir: string): Promise<void> {
  const started = performance.now();
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const connection = await instance.connect();
  await connection.run(
    `CREATE TABLE a AS SELECT * FROM read_json('${join(dir, 'a.ndjson')}', columns={'id': 'BIGINT', 'region': 'VARCHAR', 'period': 'VARCHAR', 'amount': 'DOUBLE'})`,
  );
  await connection.run(
    `CREATE TABLE b AS SELECT * FROM read_json('${join(dir, 'b.ndjson')}', columns={'id': 'BIGINT', 'rate': 'DOUBLE'})`,
  );
  const reader = await connection.runAndReadAll(JOIN_SQL);
  // Column by column, DuckDB's fastest conversion to JavaScript values.
  const rows = reader.getColumnsJson()[0]?.length ?? 0;
  const ms = performance.now() - started;
  process.send?.({ ms, rows, peakRssMb: process.resourceUsage().maxRSS / 1024 });
  connection.closeSync();
  instance.closeSync();
}

function runFloor(dir: string): Promise<{ ms: number; rows: number; peakRssMb: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url).pathname, ['--floor', dir], {
      execArgv: ['--conditions=@opendata-mcp/source', '--import', 'tsx'],
    });
    child.once('message', (message) => resolve(message as { ms: number; rows: number; peakRssMb: number }));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`floor exited ${code}`)));
  });
}

/** A tool that answers one page of a 100k-row table and hands core the whole of it to keep. */
function syntheticAdapter(tables: Record<string, { columns: string[]; rows: unknown[][] }>): Adapter {
  return {
    specificationVersion: 1,
    id: 'synthetic',
    backend: 'synthetic',
    title: 'Synthetic tables',
    endpoint: 'memory',
    instructions: 'Synthetic tables for the benchmark.',
    tools: [
      defineTool({
        name: 'get_table',
        title: 'A synthetic table',
        description: 'Answers the first rows of a synthetic 100k-row table and keeps all of it.',
        input: z.object({ table: z.enum(['a', 'b']).describe('Which table.') }).strict(),
        output: z.object({}).loose(),
        annotations: READ_ONLY_OPEN_WORLD,
        async execute({ table }) {
          const { columns, rows } = tables[table] as { columns: string[]; rows: unknown[][] };
          return {
            data: { columns, rows: rows.slice(0, 5), returned: 5, truncated: true },
            source: {
              backend: 'synthetic',
              adapter_id: 'synthetic',
              endpoint: 'memory',
              identifiers: { table },
              title: `Synthetic table ${table}`,
              publisher: null,
              url: null,
              query: null,
              access_method: 'memory',
              retrieved_at: new Date().toISOString(),
              metadata_retrieved_at: null,
              source_modified_at: null,
              license: null,
              cache: { hit: false, revalidated: false, first_fetched_at: null },
            },
            keep: { table: { columns, rows } },
          };
        },
      }),
    ],
  };
}

async function time<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

/** Rounds of the whole comparison: a noisy, shared machine gives one sample in several an outlier. */
const ROUNDS = 3;

interface Round {
  keepMs: number;
  floor: { ms: number; rows: number; peakRssMb: number };
  firstMs: number;
  repeatedMs: number;
  enginePeakMb: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/**
 * One round: the floor in its own process, then both tables kept anew (fresh result ids, so the
 * join loads them: a true first call) and joined twice.
 */
async function round(server: ReturnType<typeof createOpenDataServer>, dir: string): Promise<Round> {
  // A server that has opened a table keeps a spare engine process started; so does this one. The
  // spare does not hold the process open, so a timer does while it boots.
  const awake = setInterval(() => {}, 1_000);
  await warmEngine();
  clearInterval(awake);
  const floor = await runFloor(dir);
  const keepA = await time(() => server.callTool('get_table', { table: 'a' }));
  const keepB = await time(() => server.callTool('get_table', { table: 'b' }));
  if (!keepA.value.ok || !keepB.value.ok || !keepA.value.result_id || !keepB.value.result_id)
    throw new Error('a table was not kept');
  const args = { results: { a: keepA.value.result_id, b: keepB.value.result_id }, sql: JOIN_SQL, limit: 5 };
  const engineMemory = watchChildMemory(10);
  const first = await time(() => server.callTool('query_results', args));
  const repeated = await time(() => server.callTool('query_results', args));
  const enginePeakMb = engineMemory.stop() / 1048576;
  for (const run of [first, repeated]) {
    if (!run.value.ok)
      throw new Error(`query_results failed: ${run.value.error.code} ${run.value.error.message}`);
    if (run.value.total_matched !== floor.rows || typeof run.value.result_id !== 'string')
      throw new Error('wrong answer');
  }
  return { keepMs: keepA.ms, floor, firstMs: first.ms, repeatedMs: repeated.ms, enginePeakMb };
}

async function main(): Promise<void> {
  const a = tableA();
  const b = tableB();
  const dir = mkdtempSync(join(tmpdir(), 'results-bench-'));
  const ndjson = (columns: string[], rows: unknown[][]) =>
    rows.map((row) => JSON.stringify(Object.fromEntries(columns.map((c, i) => [c, row[i]])))).join('\n');
  writeFileSync(join(dir, 'a.ndjson'), ndjson(COLUMNS_A, a));
  writeFileSync(join(dir, 'b.ndjson'), ndjson(COLUMNS_B, b));
  const server = createOpenDataServer({
    adapters: [syntheticAdapter({ a: { columns: COLUMNS_A, rows: a }, b: { columns: COLUMNS_B, rows: b } })],
    extensions: [analysisExtension],
    logger: silentLogger,
    results: { maxResultBytes: 64 * 1024 * 1024 },
  });
  try {
    const rssBefore = process.memoryUsage().rss;
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await round(server, dir));
    const serverGrowthMb = (process.memoryUsage().rss - rssBefore) / 1048576;
    const ratios = (pick: (r: Round) => number) => rounds.map((r) => pick(r) / r.floor.ms);
    const timeRatio = median(ratios((r) => r.firstMs));
    const repeatedRatio = median(ratios((r) => r.repeatedMs));
    const memoryRatio = median(rounds.map((r) => r.enginePeakMb / r.floor.peakRssMb));
    const fixed = (values: number[], digits = 2) => values.map((v) => v.toFixed(digits)).join(', ');
    const line = (label: string, values: number[]) => `${label.padEnd(56)} ${fixed(values, 0)} ms`;
    console.log(
      `synthetic tables: 2 × ${ROWS} rows, joined on id into ${rounds[0]?.floor.rows} rows (generated in memory); ${ROUNDS} rounds`,
    );
    console.log(
      line(
        'keeping a 100k-row answer (table a)',
        rounds.map((r) => r.keepMs),
      ),
    );
    console.log(
      line(
        'DuckDB: load both tables, join, read every row (floor)',
        rounds.map((r) => r.floor.ms),
      ),
    );
    console.log(
      line(
        'query_results join, first call',
        rounds.map((r) => r.firstMs),
      ),
    );
    console.log(
      line(
        'query_results join, repeated call',
        rounds.map((r) => r.repeatedMs),
      ),
    );
    console.log(
      `first call / floor          = ${fixed(ratios((r) => r.firstMs))}; median ${timeRatio.toFixed(2)}  (goal <= 1.5)`,
    );
    console.log(
      `repeated call / floor       = ${fixed(ratios((r) => r.repeatedMs))}; median ${repeatedRatio.toFixed(2)}`,
    );
    console.log(
      `peak RSS, engine / floor    = ${fixed(rounds.map((r) => r.enginePeakMb / r.floor.peakRssMb))}; median ${memoryRatio.toFixed(2)} (goal <= 1.5); server grew ${serverGrowthMb.toFixed(0)} MB`,
    );
    console.log(
      JSON.stringify({
        bench: 'results',
        rows: ROWS,
        rounds: ROUNDS,
        keep_ms: Math.round(median(rounds.map((r) => r.keepMs))),
        floor_ms: Math.round(median(rounds.map((r) => r.floor.ms))),
        first_ms: Math.round(median(rounds.map((r) => r.firstMs))),
        repeated_ms: Math.round(median(rounds.map((r) => r.repeatedMs))),
        first_vs_floor: Number(timeRatio.toFixed(3)),
        repeated_vs_floor: Number(repeatedRatio.toFixed(3)),
        engine_peak_rss_mb: Math.round(median(rounds.map((r) => r.enginePeakMb))),
        floor_peak_rss_mb: Math.round(median(rounds.map((r) => r.floor.peakRssMb))),
        engine_vs_floor_rss: Number(memoryRatio.toFixed(3)),
        server_rss_growth_mb: Math.round(serverGrowthMb),
        goals_met: timeRatio <= 1.5 && memoryRatio <= 1.5,
      }),
    );
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--floor') await floorChild(process.argv[3] as string);
else await main();
