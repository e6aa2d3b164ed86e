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
// their ratio against the goals (SDMX-ML and CSV within 1.5x of the bare pass, SDMX-JSON within 2x),
// in wall time, in process CPU time, and paired (adapter and bare pass alternating in one process,
// the steadiest of the three on a busy machine).
// For the adapter, the peak heap growth while it parses too (sampled between the slices the parse
// yields at, over the heap each run starts with), against the goal of at most twice the message's
// size; for structure messages, also the heap the parsed result holds once the message itself is
// dropped (what a cached structure costs). Each measurement runs in its own
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

/** One parse, in a function of its own: a result left in the caller's frame would weigh on the next run. */
async function parseOnce(
  workload: Workload,
  body: string,
  structure: FlowStructure | null,
  impl: 'adapter' | 'plain',
): Promise<number> {
  if (impl === 'plain') return plainParse(body, workload.type);
  if (workload.kind === 'structure') return (await parseStructureMessage(body)).codelists.length;
  return (await parseDataMessage(body, workload.type, structure, 'en')).observations.length;
}

/**
 * One measurement, in this (child) process: median time over RUNS, peak RSS growth, and the peak
 * heap growth of a run over the heap it started with (the largest of the runs). For the adapter's
 * structure parse, also the heap its result still holds once the message itself is dropped.
 */
async function runTask(name: string, impl: 'adapter' | 'plain'): Promise<void> {
  const workload = WORKLOADS.find((w) => w.name === name);
  if (!workload) throw new Error(`no workload ${name}`);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const empty = process.memoryUsage().heapUsed;
  let body: string | undefined = workload.body();
  const bytes = Buffer.byteLength(body);
  const structure = workload.kind === 'data' ? await bisStructure() : null;
  gc?.();
  const baseline = process.memoryUsage.rss();
  let runPeak = 0;
  // The adapter's parse yields between slices, which is when this sampler runs.
  const sampler = setInterval(() => {
    runPeak = Math.max(runPeak, process.memoryUsage().heapUsed);
  }, 2);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let heapGrowth = 0;
  let count = 0;
  for (let i = 0; i < RUNS; i++) {
    gc?.();
    const runBase = process.memoryUsage().heapUsed;
    runPeak = runBase;
    const cpu = process.cpuUsage();
    const started = performance.now();
    count = await parseOnce(workload, body, structure, impl);
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
    runPeak = Math.max(runPeak, process.memoryUsage().heapUsed);
    heapGrowth = Math.max(heapGrowth, runPeak - runBase);
  }
  clearInterval(sampler);
  const peak = process.resourceUsage().maxRSS * 1024;
  let retained: number | null = null;
  if (impl === 'adapter' && workload.kind === 'structure') {
    const kept = await parseStructureMessage(body);
    body = undefined;
    gc?.();
    retained = process.memoryUsage().heapUsed - empty;
    count = kept.codelists.length;
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      ms: times[Math.floor(times.length / 2)],
      cpu_ms: cpuTimes[Math.floor(cpuTimes.length / 2)],
      peak_growth_mb: Math.max(0, (peak - baseline) / 1024 / 1024),
      heap_growth_mb: Math.max(0, heapGrowth / 1024 / 1024),
      retained_mb: retained === null ? null : retained / 1024 / 1024,
      bytes,
      count,
    }),
  );
}

const PAIRED_RUNS = 7;

/**
 * The time ratio measured in one process, adapter and bare pass taking turns (median of the pairs'
 * ratios): on a busy machine the load shifts between two processes run one after the other, much
 * less between two passes a few milliseconds apart.
 */
async function runPaired(name: string): Promise<void> {
  const workload = WORKLOADS.find((w) => w.name === name);
  if (!workload) throw new Error(`no workload ${name}`);
  const body = workload.body();
  const structure = workload.kind === 'data' ? await bisStructure() : null;
  const gc = (globalThis as { gc?: () => void }).gc;
  const ratios: number[] = [];
  for (let i = 0; i < PAIRED_RUNS; i++) {
    gc?.();
    let started = performance.now();
    plainParse(body, workload.type);
    const bare = performance.now() - started;
    gc?.();
    started = performance.now();
    if (workload.kind === 'structure') await parseStructureMessage(body);
    else await parseDataMessage(body, workload.type, structure, 'en');
    ratios.push((performance.now() - started) / bare);
  }
  ratios.sort((a, b) => a - b);
  console.log(JSON.stringify({ ratio: ratios[Math.floor(ratios.length / 2)] }));
}

interface TaskResult {
  ms: number;
  /** CPU time of the process (user and system, GC threads included): steadier than wall time on a busy machine. */
  cpu_ms: number;
  peak_growth_mb: number;
  heap_growth_mb: number;
  retained_mb: number | null;
  bytes: number;
  count: number;
}

function spawnTask<Result = TaskResult>(name: string, impl: 'adapter' | 'plain' | 'paired'): Result {
  const result = spawnSync(
    process.execPath,
    ['--conditions=@opendata-mcp/source', '--import', 'tsx', '--expose-gc', here, '--task', name, impl],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  if (result.status !== 0 || !line.startsWith('{'))
    throw new Error(`${name}/${impl} failed: ${result.stderr}`);
  return JSON.parse(line) as Result;
}

/** The time goal of each format: the adapter's parse against the bare pass of the same library. */
function goalOf(type: string): number {
  return type.includes('json') ? 2 : 1.5;
}

const met = (yes: boolean) => (yes ? 'met' : 'NOT met');

/** The parse section: every workload, adapter against the bare pass, side by side. */
function parseSection(): Record<string, unknown> {
  const figures: Record<string, unknown> = {};
  console.log(
    'parse: adapter vs a bare pass of the same library over the same bytes (median of 3 runs, wall time and process CPU time; paired: median ratio of 7 alternating runs in one process; peak RSS growth; adapter peak heap growth)',
  );
  for (const workload of WORKLOADS) {
    const adapter = spawnTask(workload.name, 'adapter');
    const plain = spawnTask(workload.name, 'plain');
    const timeRatio = adapter.ms / plain.ms;
    const cpuRatio = adapter.cpu_ms / plain.cpu_ms;
    const pairedRatio = spawnTask<{ ratio: number }>(workload.name, 'paired').ratio;
    const goal = goalOf(workload.type);
    const memoryRatio = adapter.peak_growth_mb / Math.max(plain.peak_growth_mb, 1);
    const heapRatio = adapter.heap_growth_mb / (adapter.bytes / 1024 / 1024);
    const retainedRatio =
      adapter.retained_mb === null ? null : adapter.retained_mb / (adapter.bytes / 1024 / 1024);
    console.log(
      `  ${workload.name.padEnd(38)} ${(adapter.bytes / 1024 / 1024).toFixed(2).padStart(6)} MB  ` +
        `${adapter.count.toString().padStart(6)} ${workload.kind === 'structure' ? 'lists' : 'obs  '}  ` +
        `adapter ${adapter.ms.toFixed(0).padStart(5)} ms ${adapter.peak_growth_mb.toFixed(0).padStart(4)} MB   ` +
        `bare ${plain.ms.toFixed(0).padStart(5)} ms ${plain.peak_growth_mb.toFixed(0).padStart(4)} MB   ` +
        `time x${timeRatio.toFixed(2)} (goal <= ${goal}: ${met(timeRatio <= goal)}; cpu x${cpuRatio.toFixed(2)}; paired x${pairedRatio.toFixed(2)}: ${met(pairedRatio <= goal)})  ` +
        `memory x${memoryRatio.toFixed(2)}  heap ${adapter.heap_growth_mb.toFixed(0)} MB = x${heapRatio.toFixed(2)} the message` +
        (workload.heapGoal ? ` (goal <= 2: ${heapRatio <= 2 ? 'met' : 'NOT met'})` : '') +
        (retainedRatio === null
          ? ''
          : `  kept after the message is dropped ${adapter.retained_mb?.toFixed(0)} MB = x${retainedRatio.toFixed(2)}`),
    );
    figures[workload.name] = {
      bytes: adapter.bytes,
      items: adapter.count,
      adapter_ms: Math.round(adapter.ms),
      bare_ms: Math.round(plain.ms),
      time_ratio: Number(timeRatio.toFixed(2)),
      time_goal: goal,
      time_goal_met: timeRatio <= goal,
      paired_goal_met: pairedRatio <= goal,
      cpu_ratio: Number(cpuRatio.toFixed(2)),
      paired_ratio: Number(pairedRatio.toFixed(2)),
      adapter_peak_growth_mb: Math.round(adapter.peak_growth_mb),
      bare_peak_growth_mb: Math.round(plain.peak_growth_mb),
      memory_ratio: Number(memoryRatio.toFixed(2)),
      adapter_heap_growth_mb: Math.round(adapter.heap_growth_mb),
      heap_to_message_ratio: Number(heapRatio.toFixed(2)),
      ...(retainedRatio === null
        ? {}
        : {
            adapter_retained_mb: Math.round(adapter.retained_mb ?? 0),
            retained_to_message_ratio: Number(retainedRatio.toFixed(2)),
          }),
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
    const [name = '', impl] = process.argv.slice(task + 1);
    if (impl === 'paired') await runPaired(name);
    else await runTask(name, impl === 'plain' ? 'plain' : 'adapter');
    return;
  }
  const wanted = process.argv.slice(2);
  const figures: Record<string, unknown> = {};
  for (const section of SECTIONS)
    if (wanted.length === 0 || wanted.includes(section.name)) figures[section.name] = await section.run();
  console.log(JSON.stringify({ bench: 'sdmx', ...figures }));
}

await main();
