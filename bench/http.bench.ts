// `pnpm bench http`: a 50 MB synthetic resource from a loopback server, fetched through the guarded
// client three ways in one run: first fetch (streamed to the disk cache), cached reuse (fresh copy,
// no request) and revalidated reuse (conditional request answered 304). A 200 MB synthetic resource
// is then downloaded once, so the output shows whether peak RSS growth stays flat as the size grows
// (streaming) or scales with it (buffering). Prints times, ratios and peak RSS growth, then one JSON line. Imports core from its sources: the workspace root does not depend on it.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fileURLToPath } from 'node:url';
import { createHttpClient } from '../packages/core/src/http/create-http-client.js';
import { DEFAULT_LIMITS } from '../packages/core/src/index.js';
import { silentLogger } from '../packages/core/src/server/index.js';

const SIZE = 50 * 1024 * 1024;
const LARGE_SIZE = 200 * 1024 * 1024;
const REUSE_RUNS = 5;
const here = dirname(fileURLToPath(import.meta.url));
const dataDir = join(here, '.data');
const resource = join(dataDir, 'synthetic-50mb.csv');
const largeResource = join(dataDir, 'synthetic-200mb.csv');
const cacheDir = join(dataDir, `http-cache-${process.pid}`);

/** Writes a deterministic synthetic CSV of exactly `size` bytes, in chunks so the bench starts lean. */
async function ensureResource(file: string, size: number): Promise<void> {
  if (existsSync(file) && (await stat(file)).size === size) return;
  await mkdir(dataDir, { recursive: true });
  const out = createWriteStream(file);
  let written = 0;
  let row = 0;
  while (written < size) {
    let chunk = '';
    while (chunk.length < 1 << 20) {
      chunk += `${row},canton_${row % 26},${(row * 7919) % 100000},2026-${String((row % 12) + 1).padStart(2, '0')}-01\n`;
      row++;
    }
    const piece = chunk.slice(0, Math.min(chunk.length, size - written));
    written += piece.length;
    if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Runs `task`, sampling RSS every 5 ms; returns its duration and the peak RSS seen. */
async function measure<T>(task: () => Promise<T>): Promise<{ ms: number; peakRss: number; value: T }> {
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  try {
    const value = await task();
    return { ms: performance.now() - started, peakRss: Math.max(peakRss, process.memoryUsage.rss()), value };
  } finally {
    clearInterval(sampler);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

// The portal runs in a child process, so the RSS measured here is the client's alone.
const SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const files = process.argv.slice(1);
let requests = 0;
const server = http.createServer((req, res) => {
  requests++;
  if (req.url === '/requests') return res.end(String(requests));
  const file = files.find((f) => f.endsWith(req.url));
  if (!file) { res.writeHead(404); return res.end(); }
  const size = fs.statSync(file).size;
  const etag = '"synthetic-' + size + '"';
  if (req.headers['if-none-match'] === etag) { res.writeHead(304, { etag }); return res.end(); }
  res.writeHead(200, { 'content-type': 'text/csv', 'content-length': size, etag });
  fs.createReadStream(file).pipe(res);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function startPortal(): Promise<{ origin: string; hostPort: string; stop(): void }> {
  const child = spawn(process.execPath, ['-e', SERVER, resource, largeResource], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()));
    child.once('exit', (code) => reject(new Error(`portal exited with ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, hostPort: `127.0.0.1:${port}`, stop: () => child.kill() };
}

/** The floor: the same bytes streamed to a file with plain fetch, no guard and no cache. */
async function plainStreamToFile(url: string, target: string): Promise<void> {
  const response = await fetch(url);
  if (!response.body) throw new Error('no body');
  await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(target));
}

await ensureResource(resource, SIZE);
await ensureResource(largeResource, LARGE_SIZE);
const portal = await startPortal();
await rm(cacheDir, { recursive: true, force: true });
await mkdir(cacheDir, { recursive: true });
const http = createHttpClient({
  limits: DEFAULT_LIMITS,
  logger: silentLogger,
  policy: { trustedHosts: [portal.hostPort] },
  cacheDir,
});
const url = `${portal.origin}/synthetic-50mb.csv`;

try {
  gc();
  const plainBaseline = process.memoryUsage.rss();
  const plain = await measure(() => plainStreamToFile(url, join(cacheDir, 'plain-copy.csv')));
  await rm(join(cacheDir, 'plain-copy.csv'));
  gc();
  const baselineRss = process.memoryUsage.rss();
  const first = await measure(() => http.download({ url }));
  gc();
  const retainedRss = process.memoryUsage.rss();
  if (first.value.bytes !== SIZE || first.value.fromCache) throw new Error('first fetch did not download');

  const cached: number[] = [];
  const revalidated: number[] = [];
  let reusePeak = 0;
  for (let run = 0; run < REUSE_RUNS; run++) {
    const hit = await measure(() => http.download({ url, cacheTtlMs: 60_000 }));
    if (!hit.value.fromCache || hit.value.revalidated) throw new Error('cached reuse did not hit');
    const confirmed = await measure(() => http.download({ url }));
    if (!confirmed.value.revalidated) throw new Error('revalidated reuse did not revalidate');
    cached.push(hit.ms);
    revalidated.push(confirmed.ms);
    reusePeak = Math.max(reusePeak, hit.peakRss, confirmed.peakRss);
  }

  // Measured the same way as the 50 MB first fetch: baseline after a GC, peak while it streams.
  // Every socket read is a fresh ArrayBuffer that V8 frees only when young backing stores reach
  // 2 x its default semi-space (32 MB on 64-bit), so any Node HTTP client peaks near +32 MB of
  // dead read buffers whatever the size; growth that scales with the size would mean buffering.
  gc();
  const largeBaselineRss = process.memoryUsage.rss();
  const large = await measure(() => http.download({ url: `${portal.origin}/synthetic-200mb.csv` }));
  if (large.value.bytes !== LARGE_SIZE || large.value.fromCache)
    throw new Error('200 MB fetch did not download');
  const largeGrowth = large.peakRss - largeBaselineRss;

  const figures = {
    resource_mb: mb(SIZE),
    plain_stream_ms: Math.round(plain.ms),
    plain_stream_rss_growth_mb: Number(mb(plain.peakRss - plainBaseline).toFixed(1)),
    first_fetch_ms: Math.round(first.ms),
    first_fetch_mb_per_s: Math.round(mb(SIZE) / (first.ms / 1000)),
    cached_reuse_ms: Number(median(cached).toFixed(2)),
    revalidated_reuse_ms: Number(median(revalidated).toFixed(2)),
    cached_ratio: Number((median(cached) / first.ms).toFixed(4)),
    revalidated_ratio: Number((median(revalidated) / first.ms).toFixed(4)),
    baseline_rss_mb: Number(mb(baselineRss).toFixed(1)),
    peak_rss_growth_mb: Number(mb(Math.max(first.peakRss, reusePeak) - baselineRss).toFixed(1)),
    retained_rss_growth_mb: Number(mb(retainedRss - baselineRss).toFixed(1)),
    // Streaming garbage V8 has not collected yet shows in both; the difference is the client's own cost.
    rss_growth_over_plain_mb: Number(
      mb(Math.max(first.peakRss, reusePeak) - baselineRss - (plain.peakRss - plainBaseline)).toFixed(1),
    ),
    large_resource_mb: mb(LARGE_SIZE),
    large_fetch_ms: Math.round(large.ms),
    large_fetch_mb_per_s: Math.round(mb(LARGE_SIZE) / (large.ms / 1000)),
    large_peak_rss_growth_mb: Number(mb(largeGrowth).toFixed(1)),
    // Near 1 when memory does not scale with the resource; near 4 (the size ratio) when it does.
    large_over_small_growth: Number((largeGrowth / Math.max(first.peakRss - baselineRss, 1)).toFixed(2)),
    // Minus the floor's own request and the 200 MB download.
    upstream_requests: Number(await (await fetch(`${portal.origin}/requests`)).text()) - 3,
  };
  const goals = {
    revalidated_within_5pct: figures.revalidated_ratio <= 0.05,
    rss_growth_under_quarter: figures.peak_rss_growth_mb < mb(SIZE) / 4,
    large_rss_growth_under_quarter: figures.large_peak_rss_growth_mb < mb(LARGE_SIZE) / 4,
  };
  console.log(`resource            ${figures.resource_mb} MB (synthetic CSV, loopback server)`);
  console.log(
    `plain stream        ${figures.plain_stream_ms} ms, peak RSS +${figures.plain_stream_rss_growth_mb} MB (fetch to file, unguarded floor)`,
  );
  console.log(
    `first fetch         ${figures.first_fetch_ms} ms (${figures.first_fetch_mb_per_s} MB/s) = ${(first.ms / plain.ms).toFixed(2)}x the plain stream`,
  );
  console.log(
    `cached reuse        ${figures.cached_reuse_ms} ms  = ${(figures.cached_ratio * 100).toFixed(2)}% of first`,
  );
  console.log(
    `revalidated (304)   ${figures.revalidated_reuse_ms} ms  = ${(figures.revalidated_ratio * 100).toFixed(2)}% of first (goal <= 5%: ${goals.revalidated_within_5pct ? 'met' : 'MISSED'})`,
  );
  console.log(
    `peak RSS growth     ${figures.peak_rss_growth_mb} MB over ${figures.baseline_rss_mb} MB (goal < ${mb(SIZE) / 4} MB: ${goals.rss_growth_under_quarter ? 'met' : 'MISSED'}); ${figures.rss_growth_over_plain_mb} MB over the plain stream; after GC ${figures.retained_rss_growth_mb} MB retained`,
  );
  console.log(
    `200 MB first fetch  ${figures.large_fetch_ms} ms (${figures.large_fetch_mb_per_s} MB/s), peak RSS +${figures.large_peak_rss_growth_mb} MB (goal < ${mb(LARGE_SIZE) / 4} MB: ${goals.large_rss_growth_under_quarter ? 'met' : 'MISSED'}); ${figures.large_over_small_growth}x the 50 MB first-fetch growth for 4x the bytes`,
  );
  console.log(`upstream requests   ${figures.upstream_requests} (1 full + ${REUSE_RUNS} conditional, 50 MB)`);
  console.log(JSON.stringify({ bench: 'http', ...figures, goals }));
} finally {
  portal.stop();
  await rm(cacheDir, { recursive: true, force: true });
}
