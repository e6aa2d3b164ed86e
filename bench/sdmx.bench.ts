// `pnpm bench sdmx`: the SDMX adapter measured side by side in one run. Each section adds its
// figures to one JSON line printed at the end; sections run in order and can be added below.
//
// `pnpm bench sdmx parse` (or `answers`, `index`) runs the named sections only; any other word
// keeps the parse workloads whose name holds it (`pnpm bench sdmx parse bis`). Section "index"
// (sdmx-index-section.ts) measures discovery against a synthetic registry of 8,000 flows.
//
// Section "parse": the UNICEF CME structure (about 1 MB of SDMX-ML, 23 code lists), a 40 MB structure
// message and a large data message in every format (SDMX-ML structure-specific and generic, SDMX-JSON
// 1.0, SDMX-CSV 1.0), each read by the adapter's parser and by a bare pass over the same bytes with the
// same library (a saxes pass with no-op handlers, csv-parse, JSON.parse; structure messages are read
// from their bytes on both sides, as the adapter reads a registry's answer, the bare pass decoding
// them with a streaming UTF-8 decoder before saxes): time, peak RSS growth, and
// their ratio against the goals (SDMX-ML and CSV within 1.5x of the bare pass, SDMX-JSON within 2x),
// in process CPU time (the steadiest on a busy machine; the goal is judged on it) and in wall time.
// The two sides run in separate processes, taken in turns over ROUNDS rounds (the median of the
// rounds' ratios is shown), so neither runs on code the other had compiled; the bare saxes pass keeps
// its parser across runs, as the adapter keeps its parsers. The bare saxes pass is saxes as published,
// which fills a dictionary of each element's attributes; the adapter's parse has saxes hand each
// attribute to a reused list instead (see gather-attributes.ts), so part of what it saves on is the
// library's own work.
// Each side's minor page faults a run: what a parse keeps needs memory the process touches for the
// first time (or again, once the collector has given it back), which the bare pass, keeping
// nothing, never does; on a machine where a fault is slow they weigh on the adapter's time.
// For the adapter, the peak heap growth while it parses too (heap and the buffers typed arrays use,
// sampled between the slices the parse yields at, over what each run starts with), against the
// goal of at most twice the message's size; for structure messages, also what the parsed result
// holds once the message itself is dropped (what a cached structure costs), and what making every
// code list's codes into objects then adds (the parse keeps them as a table until a list's codes
// are first read). Each
// measurement runs in its own child process, so one's garbage does not weigh on the next. The
// large messages are SYNTHETIC (see sdmx-synthetic-messages.ts); the real BIS messages are
// measured too.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// The plain parsers are the very libraries (and versions) the adapter uses.
import { setImmediate } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parse as parseCsv } from 'csv-parse/sync';
import { SaxesParser } from 'saxes';
import { parseDataMessage } from '../adapters/sdmx/src/messages/parse-data-message.js';
import { SLICE_CHARS } from '../adapters/sdmx/src/registry/breathe.js';
import { type FlowStructure, resolveFlow } from '../adapters/sdmx/src/registry/flow-structure.js';
import { parseStructureMessage } from '../adapters/sdmx/src/registry/parse-structure-message.js';
import { SDMX_FIXTURE_DATA_DIR } from '../packages/fixtures/src/index.js';
import { syntheticMessages, syntheticStructureMessage } from './sdmx-synthetic-messages.js';

/**
 * Measured runs per process, after the warm-up runs. A server compiles its parsers' code once and
 * then reads message after message with it, so what is compared is that steady state, on both sides
 * alike: the first runs of a process pay for compiling, and on a small message they are most of
 * what a few runs would measure (the BIS data message reaches its steady pace after about eight).
 */
const RUNS = 5;
/** Runs that measure memory, after the timed ones (see `runTask`). */
const MEMORY_RUNS = 2;
/** Warm-up runs, unmeasured: about 20 MB of the message read, at least 2 runs and at most 20. */
const WARM_UP_BYTES = 20 * 1024 * 1024;
const warmUpRuns = (bytes: number) => Math.min(20, Math.max(2, Math.ceil(WARM_UP_BYTES / bytes)));
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

let bareParser: { parser: SaxesParser; elements: number; tag: unknown } | null = null;

/** A saxes parser made once and kept across runs, as the adapter keeps its own (see feed-xml.ts). */
function bareXml(): { parser: SaxesParser; elements: number; tag: unknown } {
  if (bareParser) return bareParser;
  const bare = {
    parser: new SaxesParser({ xmlns: false, position: false }),
    elements: 0,
    tag: null as unknown,
  };
  // A tag kept, as the adapter keeps one (see feed-xml.ts), spares this side too the loss of its
  // optimized code at each full collection.
  bare.parser.on('opentag', (tag) => {
    bare.elements++;
    bare.tag ??= tag;
  });
  bare.parser.on('closetag', () => {});
  bare.parser.on('text', () => {});
  bareParser = bare;
  return bare;
}

/**
 * Bytes decoded at a time by the bare pass over a structure message's bytes: the decoding any
 * streaming reader of UTF-8 does, and the quickest here (one call over a 40 MB message costs
 * several times as much).
 */
const BARE_DECODE_BYTES = 32 * 1024;

/**
 * The bare pass: the same library over the same bytes, keeping nothing. Over a structure message's
 * bytes it gives the event loop a turn after each SLICE_CHARS bytes, as the adapter's read does and
 * as any reader in a server must, so that both run the engine's tasks at the same points.
 */
async function plainParse(body: string | Uint8Array, type: string): Promise<number> {
  if (typeof body !== 'string') {
    const bare = bareXml();
    bare.elements = 0;
    const decoder = new TextDecoder();
    for (let at = 0; at < body.length; at += BARE_DECODE_BYTES) {
      if (at > 0 && at % SLICE_CHARS === 0) await setImmediate();
      bare.parser.write(decoder.decode(body.subarray(at, at + BARE_DECODE_BYTES), { stream: true }));
    }
    bare.parser.write(decoder.decode()).close();
    return bare.elements;
  }
  if (type.includes('xml')) {
    const bare = bareXml();
    bare.elements = 0;
    bare.parser.write(body).close();
    return bare.elements;
  }
  if (type.includes('json')) return Object.keys(JSON.parse(body)).length;
  return parseCsv(body).length;
}

/**
 * A workload's message as the adapter receives it: a structure message as the bytes a registry
 * sent, which the adapter decodes as it reads them; a data message as text, as the adapter reads
 * every data format.
 */
function messageOf(workload: Workload): string | Uint8Array {
  const text = workload.body();
  return workload.kind === 'structure' ? Buffer.from(text) : text;
}

/** One parse, in a function of its own: a result left in the caller's frame would weigh on the next run. */
async function parseOnce(
  workload: Workload,
  body: string | Uint8Array,
  structure: FlowStructure | null,
  impl: 'adapter' | 'plain',
): Promise<number> {
  if (impl === 'plain') return plainParse(body, workload.type);
  if (workload.kind === 'structure') return (await parseStructureMessage(body)).codelists.length;
  return (await parseDataMessage(body as string, workload.type, structure, 'en')).observations.length;
}

/**
 * The memory the process holds for JavaScript: its heap, and the buffers outside it that typed
 * arrays use (a code list's table keeps its text and columns there).
 */
function heldBytes(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * A full collection, and time for the memory of the buffers it found dead to be given back: the
 * engine frees them after the collection, on another thread.
 */
async function released(gc: (() => void) | undefined): Promise<void> {
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc?.();
}

/**
 * One measurement, in this (child) process: median time over RUNS timed runs, peak RSS growth, and
 * the peak heap growth of a run over the heap it started with (the largest of MEMORY_RUNS runs
 * that follow the timed ones: the sampler that watches the heap runs whenever a parse yields, which
 * only the adapter's does, so it stays out of the timed runs). For the adapter's structure parse,
 * also the heap its result still holds once the message itself is dropped.
 */
async function runTask(name: string, impl: 'adapter' | 'plain'): Promise<void> {
  const workload = WORKLOADS.find((w) => w.name === name);
  if (!workload) throw new Error(`no workload ${name}`);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const empty = heldBytes();
  let body: string | Uint8Array | undefined = messageOf(workload);
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  const structure = workload.kind === 'data' ? await bisStructure() : null;
  gc?.();
  const baseline = process.memoryUsage.rss();
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const faults: number[] = [];
  let count = 0;
  for (let i = 0; i < warmUpRuns(bytes); i++) count = await parseOnce(workload, body, structure, impl);
  for (let i = 0; i < RUNS; i++) {
    gc?.();
    const faulted = process.resourceUsage().minorPageFault;
    const cpu = process.cpuUsage();
    const started = performance.now();
    count = await parseOnce(workload, body, structure, impl);
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
    faults.push(process.resourceUsage().minorPageFault - faulted);
  }
  let runPeak = 0;
  // The adapter's parse yields between slices, which is when this sampler runs.
  const sampler = setInterval(() => {
    runPeak = Math.max(runPeak, heldBytes());
  }, 2);
  let heapGrowth = 0;
  for (let i = 0; i < MEMORY_RUNS; i++) {
    gc?.();
    const runBase = heldBytes();
    runPeak = runBase;
    count = await parseOnce(workload, body, structure, impl);
    runPeak = Math.max(runPeak, heldBytes());
    heapGrowth = Math.max(heapGrowth, runPeak - runBase);
  }
  clearInterval(sampler);
  const peak = process.resourceUsage().maxRSS * 1024;
  let retained: number | null = null;
  let codes: { ms: number; retained: number } | null = null;
  if (impl === 'adapter' && workload.kind === 'structure') {
    const kept = await parseStructureMessage(body);
    body = undefined;
    await released(gc);
    retained = heldBytes() - empty;
    count = kept.codelists.length;
    // Code lists keep their codes as a table until they are first read as objects: what reading
    // every list's codes costs on top, once.
    const started = performance.now();
    for (const list of kept.codelists) list.codes.at(0);
    codes = { ms: performance.now() - started, retained: 0 };
    await released(gc);
    codes.retained = heldBytes() - empty;
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      ms: times[Math.floor(times.length / 2)],
      cpu_ms: cpuTimes[Math.floor(cpuTimes.length / 2)],
      faults: median(faults),
      peak_growth_mb: Math.max(0, (peak - baseline) / 1024 / 1024),
      heap_growth_mb: Math.max(0, heapGrowth / 1024 / 1024),
      retained_mb: retained === null ? null : retained / 1024 / 1024,
      codes_ms: codes?.ms ?? null,
      retained_with_codes_mb: codes === null ? null : codes.retained / 1024 / 1024,
      bytes,
      count,
    }),
  );
}

interface TaskResult {
  ms: number;
  /** CPU time of the process (user and system, GC threads included): steadier than wall time on a busy machine. */
  cpu_ms: number;
  /**
   * Minor page faults in a run (median): memory the process touched for the first time, or again
   * after giving it back. What a parse keeps needs such memory; a bare pass keeps nothing.
   */
  faults: number;
  peak_growth_mb: number;
  heap_growth_mb: number;
  retained_mb: number | null;
  /** Structures: the time to make every code list's codes into objects, and the heap kept once they are. */
  codes_ms: number | null;
  retained_with_codes_mb: number | null;
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

const ROUNDS = 3;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * Both sides of a workload, each in processes of its own taken in turns: the median of the rounds'
 * times and CPU times, the rounds' median ratios, and the first round's memory figures.
 */
function measureSides(name: string): {
  adapter: TaskResult;
  plain: TaskResult;
  timeRatio: number;
  cpuRatio: number;
} {
  const rounds: Array<{ adapter: TaskResult; plain: TaskResult }> = [];
  for (let i = 0; i < ROUNDS; i++)
    rounds.push({ adapter: spawnTask(name, 'adapter'), plain: spawnTask(name, 'plain') });
  const side = (pick: (round: { adapter: TaskResult; plain: TaskResult }) => TaskResult): TaskResult => ({
    ...pick(rounds[0] as { adapter: TaskResult; plain: TaskResult }),
    ms: median(rounds.map((r) => pick(r).ms)),
    cpu_ms: median(rounds.map((r) => pick(r).cpu_ms)),
    faults: median(rounds.map((r) => pick(r).faults)),
  });
  return {
    adapter: side((r) => r.adapter),
    plain: side((r) => r.plain),
    timeRatio: median(rounds.map((r) => r.adapter.ms / r.plain.ms)),
    cpuRatio: median(rounds.map((r) => r.adapter.cpu_ms / r.plain.cpu_ms)),
  };
}

/** The parse section: every workload, adapter against the bare pass, side by side. */
function parseSection(only: string[]): Record<string, unknown> {
  const figures: Record<string, unknown> = {};
  console.log(
    `parse: adapter vs a bare pass of the same library over the same bytes, each side in its own processes taken in turns (${ROUNDS} rounds of ${RUNS} runs after 2 to 20 warm-up runs: median process CPU time, on which the goal is judged, and wall time, and the median of the rounds' ratios; peak RSS growth; adapter peak heap growth over ${MEMORY_RUNS} more runs)`,
  );
  for (const workload of WORKLOADS) {
    if (only.length > 0 && !only.some((part) => workload.name.includes(part))) continue;
    const { adapter, plain, timeRatio, cpuRatio } = measureSides(workload.name);
    const goal = goalOf(workload.type);
    const memoryRatio = adapter.peak_growth_mb / Math.max(plain.peak_growth_mb, 1);
    const heapRatio = adapter.heap_growth_mb / (adapter.bytes / 1024 / 1024);
    const retainedRatio =
      adapter.retained_mb === null ? null : adapter.retained_mb / (adapter.bytes / 1024 / 1024);
    console.log(
      `  ${workload.name.padEnd(38)} ${(adapter.bytes / 1024 / 1024).toFixed(2).padStart(6)} MB  ` +
        `${adapter.count.toString().padStart(6)} ${workload.kind === 'structure' ? 'lists' : 'obs  '}  ` +
        `adapter ${adapter.cpu_ms.toFixed(0).padStart(5)} ms cpu ${adapter.ms.toFixed(0).padStart(5)} ms wall ${adapter.peak_growth_mb.toFixed(0).padStart(4)} MB   ` +
        `bare ${plain.cpu_ms.toFixed(0).padStart(5)} ms cpu ${plain.ms.toFixed(0).padStart(5)} ms wall ${plain.peak_growth_mb.toFixed(0).padStart(4)} MB   ` +
        `cpu x${cpuRatio.toFixed(2)} (goal <= ${goal}: ${cpuRatio <= goal ? 'met' : 'NOT met'}; wall x${timeRatio.toFixed(2)})  ` +
        `page faults a run ${adapter.faults} vs ${plain.faults}  ` +
        `memory x${memoryRatio.toFixed(2)}  heap ${adapter.heap_growth_mb.toFixed(0)} MB = x${heapRatio.toFixed(2)} the message` +
        (workload.heapGoal ? ` (goal <= 2: ${heapRatio <= 2 ? 'met' : 'NOT met'})` : '') +
        (retainedRatio === null
          ? ''
          : `  kept after the message is dropped ${adapter.retained_mb?.toFixed(0)} MB = x${retainedRatio.toFixed(2)}` +
            `, ${adapter.retained_with_codes_mb?.toFixed(0)} MB once every list's codes are read as objects (${adapter.codes_ms?.toFixed(0)} ms)`),
    );
    figures[workload.name] = {
      bytes: adapter.bytes,
      items: adapter.count,
      adapter_cpu_ms: Math.round(adapter.cpu_ms),
      bare_cpu_ms: Math.round(plain.cpu_ms),
      adapter_ms: Math.round(adapter.ms),
      bare_ms: Math.round(plain.ms),
      cpu_ratio: Number(cpuRatio.toFixed(2)),
      time_ratio: Number(timeRatio.toFixed(2)),
      time_goal: goal,
      time_goal_met: cpuRatio <= goal,
      adapter_page_faults: adapter.faults,
      bare_page_faults: plain.faults,
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
            codes_as_objects_ms: Math.round(adapter.codes_ms ?? 0),
            retained_with_codes_mb: Math.round(adapter.retained_with_codes_mb ?? 0),
          }),
      ...(workload.heapGoal ? { heap_goal_met: heapRatio <= 2 } : {}),
    };
  }
  return figures;
}

/** Sections of this bench, in order; each returns its figures for the JSON line. */
const SECTIONS: Array<{
  name: string;
  run: (only: string[]) => Record<string, unknown> | Promise<Record<string, unknown>>;
}> = [
  { name: 'parse', run: parseSection },
  // Imported when run: a parse measurement's process then holds none of the servers, clients and
  // fixtures these load, whose heap every full collection in the adapter's runs would mark again.
  { name: 'answers', run: async () => (await import('./sdmx-answers-section.js')).answersSection() },
  { name: 'index', run: async () => (await import('./sdmx-index-section.js')).indexSection() },
];

async function main(): Promise<void> {
  const task = process.argv.indexOf('--task');
  if (task >= 0) {
    const [name = '', impl] = process.argv.slice(task + 1);
    await runTask(name, impl === 'plain' ? 'plain' : 'adapter');
    return;
  }
  // Section names pick sections; any other word picks the parse workloads whose name holds it.
  const words = process.argv.slice(2);
  const wanted = words.filter((word) => SECTIONS.some((section) => section.name === word));
  const only = words.filter((word) => !wanted.includes(word));
  const figures: Record<string, unknown> = {};
  for (const section of SECTIONS)
    if (wanted.length === 0 || wanted.includes(section.name)) figures[section.name] = await section.run(only);
  console.log(JSON.stringify({ bench: 'sdmx', ...figures }));
}

await main();
