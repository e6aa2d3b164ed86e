// `pnpm bench ckan`: a generated 1M-row (~100 MB) SYNTHETIC CSV published by the CKAN fixture portal.
// Side by side in one run: query_resource with COUNT + GROUP BY (first call: download + load + query;
// repeated call: revalidation + cached table) on a server whose spare engine process is up, the same aggregate by DuckDB reading the local file
// directly in this process (the floor), and a plain loopback download of the file; peak memory of this
// process and of the engine process that holds the table. One JSON line at the end.
import { createWriteStream, existsSync, mkdtempSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { createCkanAdapter } from '../adapters/ckan/src/index.js';
import { createOpenDataServer, silentLogger } from '../packages/core/src/server/index.js';
import {
  CKAN_SYNTHETIC_CSV,
  CKAN_SYNTHETIC_DATASET_ID,
  CKAN_SYNTHETIC_RESOURCE_ID,
  startCkanFixture,
} from '../packages/fixtures/src/index.js';
import { watchChildMemory } from '../packages/tabular/src/fuzz/child-memory.js';
import { warmEngine } from '../packages/tabular/src/index.js';

const ROWS = 1_000_000;
const REGIONS = Array.from({ length: 25 }, (_, i) => `region_${String(i + 1).padStart(2, '0')}`);
const CATEGORIES = ['health', 'education', 'transport', 'housing', 'culture', 'energy', 'water', 'waste'];

/** Deterministic synthetic rows: id, region, category, date, amount, a free-text note. */
async function ensureCsv(path: string): Promise<void> {
  if (existsSync(path) && (await stat(path)).size > 90_000_000) return;
  await mkdir(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  out.write('id,region,category,date,amount,note\n');
  for (let start = 0; start < ROWS; start += 10_000) {
    let chunk = '';
    for (let i = start; i < start + 10_000; i++) {
      const day = String((i % 28) + 1).padStart(2, '0');
      const month = String((i % 12) + 1).padStart(2, '0');
      const amount = ((i * 7919) % 1_000_000) / 100;
      chunk += `${i},${REGIONS[i % 25]},${CATEGORIES[(i * 31) % 8]},2025-${month}-${day},${amount},synthetic note ${i % 977} for row ${i} of the benchmark table\n`;
    }
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

async function time<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

async function floor(path: string): Promise<number> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const reader = await connection.runAndReadAll(
    `SELECT region, count(*) AS n, sum(amount) AS total FROM read_csv('${path.replace(/'/g, "''")}') GROUP BY region ORDER BY region`,
  );
  const rows = reader.getRows().length;
  connection.closeSync();
  instance.closeSync();
  return rows;
}

await ensureCsv(CKAN_SYNTHETIC_CSV);
const bytes = (await stat(CKAN_SYNTHETIC_CSV)).size;
const fixture = await startCkanFixture({ syntheticCsvPath: CKAN_SYNTHETIC_CSV });
const cacheDir = mkdtempSync(join(tmpdir(), 'ckan-bench-'));
const server = createOpenDataServer({
  adapters: [createCkanAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
  logger: silentLogger,
  http: { cacheDir },
});
const args = {
  dataset_id: CKAN_SYNTHETIC_DATASET_ID,
  resource_id: CKAN_SYNTHETIC_RESOURCE_ID,
  sql: 'SELECT region, count(*) AS n, sum(amount) AS total FROM data GROUP BY region ORDER BY region',
  limit: 100,
};

try {
  // The floor runs in a process that has DuckDB loaded already; so does a server that is up: its spare
  // engine process boots once, not per call. Timing starts once it is ready.
  await warmEngine();
  const floorRun = await time(() => floor(CKAN_SYNTHETIC_CSV));
  const download = await time(async () => {
    const response = await fetch(
      `${fixture.url}/files/${encodeURIComponent(CKAN_SYNTHETIC_CSV.split('/').pop() ?? '')}`,
    );
    return (await response.arrayBuffer()).byteLength;
  });
  // The table lives in an engine process: its memory counts as much as this process's.
  const engineMemory = watchChildMemory(20);
  const first = await time(() => server.callTool('query_resource', args));
  const repeated = await time(() => server.callTool('query_resource', args));
  for (const run of [first, repeated]) {
    if (!run.value.ok)
      throw new Error(`query_resource failed: ${run.value.error.code} ${run.value.error.message}`);
    if ((run.value.rows as unknown[]).length !== 25 || run.value.rows_in_resource !== ROWS)
      throw new Error('wrong answer');
  }
  const enginePeakMb = engineMemory.stop() / 1048576;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const firstVsFloor = first.ms / (floorRun.ms + download.ms);
  const repeatedVsFirst = repeated.ms / first.ms;
  const line = (label: string, ms: number) => `${label.padEnd(44)} ${ms.toFixed(0).padStart(7)} ms`;
  console.log(`synthetic CSV: ${ROWS} rows, ${(bytes / 1e6).toFixed(1)} MB (bench/.data, generated)`);
  console.log(line('DuckDB read_csv on the local file (floor)', floorRun.ms));
  console.log(line('plain loopback download of the file', download.ms));
  console.log(line('query_resource, first call', first.ms));
  console.log(line('query_resource, repeated call', repeated.ms));
  console.log(`first / (floor + download) = ${firstVsFloor.toFixed(2)}  (goal <= 1.5)`);
  console.log(`repeated / first           = ${(repeatedVsFirst * 100).toFixed(1)} %  (goal <= 15 %)`);
  console.log(
    `peak RSS                   = ${peakRssMb.toFixed(0)} MB here, ${enginePeakMb.toFixed(0)} MB in the engine process  (goal <= 1536 MB each)`,
  );
  console.log(
    JSON.stringify({
      bench: 'ckan',
      rows: ROWS,
      bytes,
      floor_ms: Math.round(floorRun.ms),
      download_ms: Math.round(download.ms),
      first_ms: Math.round(first.ms),
      repeated_ms: Math.round(repeated.ms),
      first_vs_floor_plus_download: Number(firstVsFloor.toFixed(3)),
      repeated_vs_first: Number(repeatedVsFirst.toFixed(4)),
      peak_rss_mb: Math.round(peakRssMb),
      engine_peak_rss_mb: Math.round(enginePeakMb),
      goals_met: firstVsFloor <= 1.5 && repeatedVsFirst <= 0.15 && peakRssMb <= 1536 && enginePeakMb <= 1536,
    }),
  );
} finally {
  await server.close();
  await fixture.close();
  await rm(cacheDir, { recursive: true, force: true });
}
