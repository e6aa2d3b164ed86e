// `pnpm bench sdmx`: the SDMX adapter measured side by side in one run. Each section adds its
// figures to one JSON line printed at the end; sections run in order and can be added below.
//
// `pnpm bench sdmx parse` (or `answers`, `index`) runs the named sections only. Section "index"
// (sdmx-index-section.ts) measures discovery against a synthetic registry of 8,000 flows.
//
// Section "parse": the UNICEF CME structure (about 1 MB of SDMX-ML, 23 code lists), a 40 MB structure
// message and a large data message in every format (SDMX-ML structure-specific and generic, SDMX-JSON
// 1.0, SDMX-CSV 1.0), each read by the adapter's parser and by a bare pass over the same bytes with the
// same library (a saxes pass with no-op handlers, csv-parse, JSON.parse): time, peak RSS growth, and
// their ratio against the goals (SDMX-ML and CSV within 1.5x of the bare pass, SDMX-JSON within 2x).
// For the adapter, the peak heap growth while it parses too (sampled between the slices the parse
// yields at), against the goal of at most twice the message's size. Each measurement runs in its own
// child process, so one's garbage does not weigh on the next. The large messages are SYNTHETIC (see
// sdmx-synthetic-messages.ts); the real BIS messages are measured too.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The plain parsers are the very libraries (and versions) the adapter uses.
import { parse as parseCsv } from 'csv-parse/sync';
import { SaxesParser } from 'saxes';
import { parseDataMessage } from '../adapters/sdmx/src/messages/parse-data-message.js';
import { type FlowStructure, resolveFlow } from '../adapters/sdmx/src/registry/flow-structure.js';
import { parseStructureMessage } from '../adapters/sdmx/src/registry/parse-structure-message.js';
import { SDMX_FIXTURE_DATA_DIR } from '../packages/fixtures/src/index.js';
import { answersSection } from './sdmx-answers-section.js';
import { indexSection } from './sdmx-index-section.js';
import { syntheticMessages, syntheticStructureMessage } from './sdmx-synthetic-messages.js';

const RUNS = 3;
const LARGE_STRUCTURE_BYTES = 40 * 1024 * 1024;
const here = fileURLToPath(import.meta.url);
const read = (file: string) => readFileSync(join(SDMX_FIXTURE_DATA_DIR, file), 'utf8');

async function bisStructure(): Promise<FlowStructure> {
  const message = await parseStructureMessage(read('bis/datastructure_descendants.xml'));
  return {
    ...resolveFlow(message, 'WEBSTATS_DER_DATAFLOW', 'BIS', 'en', {
      url: 'bench',
      fetchedAt: new Date(0).toISOString(),
    }),
    fromCache: false,
  };
}

// ---- Workloads: what is parsed, by the adapter and by the plain library.

interface Workload {
  name: string;
  type: string;
  body: () => string;
  kind: 'structure' | 'data';
  /** Whether the "heap at most twice the message" goal applies (the large structure message). */
  heapGoal?: boolean;
}

const synthetic = (name: string) => () => syntheticMessages()[name]?.body ?? '';

const WORKLOADS: Workload[] = [
  {
    name: 'unicef-cme-structure',
    type: 'application/xml',
    body: () => read('unicef/dataflow_CME_references_all.xml'),
    kind: 'structure',
  },
  {
    name: 'synthetic-structure-40mb',
    type: 'application/xml',
    body: () => syntheticStructureMessage(LARGE_STRUCTURE_BYTES),
    kind: 'structure',
    heapGoal: true,
  },
  {
    name: 'bis-sdmx-ml-structure-specific',
    type: 'application/xml',
    body: () => read('bis/data_structurespecific.xml'),
    kind: 'data',
  },
  { name: 'bis-sdmx-csv-1.0', type: 'text/csv', body: () => read('bis/data_sdmxcsv1.csv'), kind: 'data' },
  ...[
    ['synthetic-sdmx-ml-structure-specific', 'application/xml'],
    ['synthetic-sdmx-ml-generic', 'application/xml'],
    ['synthetic-sdmx-json-1.0', 'application/json'],
    ['synthetic-sdmx-csv-1.0', 'text/csv'],
  ].map(([name = '', type = '']): Workload => ({ name, type, body: synthetic(name), kind: 'data' })),
];

/** The bare pass: the same library over the same bytes, keeping nothing. */
function plainParse(body: string, type: string): number {
  if (type.includes('xml')) {
    const parser = new SaxesParser({ xmlns: false, position: false });
    let elements = 0;
    parser.on('opentag', () => elements++);
    parser.on('closetag', () => {});
    parser.on('text', () => {});
    parser.write(body).close();
    return elements;
  }
  if (type.includes('json')) return Object.keys(JSON.parse(body)).length;
  return parseCsv(body).length;
}

/** One measurement, in this (child) process: median time over RUNS, peak RSS and heap growth. */
async function runTask(name: string, impl: 'adapter' | 'plain'): Promise<void> {
  const workload = WORKLOADS.find((w) => w.name === name);
  if (!workload) throw new Error(`no workload ${name}`);
  const { type } = workload;
  const body = workload.body();
  const structure = workload.kind === 'data' ? await bisStructure() : null;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const baseline = process.memoryUsage.rss();
  const heapBaseline = process.memoryUsage().heapUsed;
  let heapPeak = heapBaseline;
  // The adapter's parse yields between slices, which is when this sampler runs.
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 2);
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < RUNS; i++) {
    gc?.();
    const started = performance.now();
    if (impl === 'plain') count = plainParse(body, type);
    else if (workload.kind === 'structure') count = (await parseStructureMessage(body)).codelists.length;
    else count = (await parseDataMessage(body, type, structure, 'en')).observations.length;
    times.push(performance.now() - started);
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  clearInterval(sampler);
  const peak = process.resourceUsage().maxRSS * 1024;
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      ms: times[Math.floor(times.length / 2)],
      peak_growth_mb: Math.max(0, (peak - baseline) / 1024 / 1024),
      heap_growth_mb: Math.max(0, (heapPeak - heapBaseline) / 1024 / 1024),
      bytes: Buffer.byteLength(body),
      count,
    }),
  );
}

interface TaskResult {
  ms: number;
  peak_growth_mb: number;
  heap_growth_mb: number;
  bytes: number;
  count: number;
}

function spawnTask(name: string, impl: 'adapter' | 'plain'): TaskResult {
  const result = spawnSync(
    process.execPath,
    ['--conditions=@opendata-mcp/source', '--import', 'tsx', '--expose-gc', here, '--task', name, impl],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  if (result.status !== 0 || !line.startsWith('{'))
    throw new Error(`${name}/${impl} failed: ${result.stderr}`);
  return JSON.parse(line) as TaskResult;
}

/** The time goal of each format: the adapter's parse against the bare pass of the same library. */
function goalOf(type: string): number {
  return type.includes('json') ? 2 : 1.5;
}

/** The parse section: every workload, adapter against the bare pass, side by side. */
function parseSection(): Record<string, unknown> {
  const figures: Record<string, unknown> = {};
  console.log(
    'parse: adapter vs a bare pass of the same library over the same bytes (median of 3 runs; peak RSS growth; adapter peak heap growth)',
  );
  for (const workload of WORKLOADS) {
    const adapter = spawnTask(workload.name, 'adapter');
    const plain = spawnTask(workload.name, 'plain');
    const timeRatio = adapter.ms / plain.ms;
    const goal = goalOf(workload.type);
    const memoryRatio = adapter.peak_growth_mb / Math.max(plain.peak_growth_mb, 1);
    const heapRatio = adapter.heap_growth_mb / (adapter.bytes / 1024 / 1024);
    console.log(
      `  ${workload.name.padEnd(38)} ${(adapter.bytes / 1024 / 1024).toFixed(2).padStart(6)} MB  ` +
        `${adapter.count.toString().padStart(6)} ${workload.kind === 'structure' ? 'lists' : 'obs  '}  ` +
        `adapter ${adapter.ms.toFixed(0).padStart(5)} ms ${adapter.peak_growth_mb.toFixed(0).padStart(4)} MB   ` +
        `bare ${plain.ms.toFixed(0).padStart(5)} ms ${plain.peak_growth_mb.toFixed(0).padStart(4)} MB   ` +
        `time x${timeRatio.toFixed(2)} (goal <= ${goal}: ${timeRatio <= goal ? 'met' : 'NOT met'})  ` +
        `memory x${memoryRatio.toFixed(2)}  heap ${adapter.heap_growth_mb.toFixed(0)} MB = x${heapRatio.toFixed(2)} the message` +
        (workload.heapGoal ? ` (goal <= 2: ${heapRatio <= 2 ? 'met' : 'NOT met'})` : ''),
    );
    figures[workload.name] = {
      bytes: adapter.bytes,
      items: adapter.count,
      adapter_ms: Math.round(adapter.ms),
      bare_ms: Math.round(plain.ms),
      time_ratio: Number(timeRatio.toFixed(2)),
      time_goal: goal,
      time_goal_met: timeRatio <= goal,
      adapter_peak_growth_mb: Math.round(adapter.peak_growth_mb),
      bare_peak_growth_mb: Math.round(plain.peak_growth_mb),
      memory_ratio: Number(memoryRatio.toFixed(2)),
      adapter_heap_growth_mb: Math.round(adapter.heap_growth_mb),
      heap_to_message_ratio: Number(heapRatio.toFixed(2)),
      ...(workload.heapGoal ? { heap_goal_met: heapRatio <= 2 } : {}),
    };
  }
  return figures;
}

/** Sections of this bench, in order; each returns its figures for the JSON line. */
const SECTIONS: Array<{
  name: string;
  run: () => Record<string, unknown> | Promise<Record<string, unknown>>;
}> = [
  { name: 'parse', run: parseSection },
  { name: 'answers', run: answersSection },
  { name: 'index', run: indexSection },
];

async function main(): Promise<void> {
  const task = process.argv.indexOf('--task');
  if (task >= 0) {
    await runTask(process.argv[task + 1] ?? '', process.argv[task + 2] === 'plain' ? 'plain' : 'adapter');
    return;
  }
  const wanted = process.argv.slice(2);
  const figures: Record<string, unknown> = {};
  for (const section of SECTIONS)
    if (wanted.length === 0 || wanted.includes(section.name)) figures[section.name] = await section.run();
  console.log(JSON.stringify({ bench: 'sdmx', ...figures }));
}

await main();
