// `pnpm bench sdmx`: the SDMX adapter measured side by side in one run. Each section adds its
// figures to one JSON line printed at the end; sections run in order and can be added below.
//
// Section "parse": the UNICEF CME structure (about 1 MB of SDMX-ML, 23 code lists) and a large data
// message in every format (SDMX-ML structure-specific and generic, SDMX-JSON 1.0, SDMX-CSV 1.0),
// each read by the adapter's parser and by a plain parse of the same bytes with the same library
// (fast-xml-parser, csv-parse, JSON.parse): time and peak RSS growth, and their ratio. Each
// measurement runs in its own child process, so one's garbage does not weigh on the next. The
// large data messages are SYNTHETIC, built in memory from the 1,000 recorded BIS observations
// (replicated over more periods); the real BIS messages are measured too.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The plain parsers are the very libraries (and versions) the adapter uses.
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { parseDataMessage } from '../adapters/sdmx/src/messages/parse-data-message.js';
import { type FlowStructure, resolveFlow } from '../adapters/sdmx/src/registry/flow-structure.js';
import { parseStructureMessage } from '../adapters/sdmx/src/registry/parse-structure-message.js';
import { SDMX_FIXTURE_DATA_DIR } from '../packages/fixtures/src/index.js';
import { answersSection } from './sdmx-answers-section.js';

const REPLICAS = 20;
const RUNS = 3;
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

// ---- Synthetic large messages, from the recorded BIS observations.

interface Row {
  cells: Record<string, string>;
}

function bisRows(): { header: string[]; rows: Row[] } {
  const [head = '', ...lines] = read('bis/data_sdmxcsv1.csv').trim().split('\n');
  const header = head.split(',');
  // The recording has no quoted cells, so a split is exact here.
  const rows = lines.map((line) => {
    const values = line.split(',');
    return { cells: Object.fromEntries(header.map((h, i) => [h, values[i] ?? ''])) };
  });
  return { header, rows };
}

/** The recorded rows, each repeated for REPLICAS shifted years (SYNTHETIC). */
function replicated(): { header: string[]; rows: Row[] } {
  const { header, rows } = bisRows();
  const out: Row[] = [];
  for (let k = 0; k < REPLICAS; k++) {
    for (const row of rows) {
      const year = Number(row.cells.TIME_PERIOD?.slice(0, 4) ?? 2000) + 100 * (k + 1);
      out.push({ cells: { ...row.cells, TIME_PERIOD: `${year}${row.cells.TIME_PERIOD?.slice(4) ?? ''}` } });
    }
  }
  return { header, rows: out };
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function syntheticMessages(): Record<string, { body: string; type: string }> {
  const { header, rows } = replicated();
  const components = header.filter((h) => h !== 'DATAFLOW');
  const csv = `${header.join(',')}\n${rows.map((r) => header.map((h) => r.cells[h]).join(',')).join('\n')}\n`;
  const ssObs = rows
    .map(
      (r) =>
        `<Obs ${components
          .filter((c) => r.cells[c] !== '')
          .map((c) => `${c}="${escapeXml(r.cells[c] ?? '')}"`)
          .join(' ')}/>`,
    )
    .join('\n');
  const ml = (root: string, body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><message:${root} xmlns:message="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message" xmlns:generic="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/generic"><message:Header><message:ID>SYNTHETIC</message:ID></message:Header><message:DataSet>\n${body}\n</message:DataSet></message:${root}>`;
  const dims = components.filter(
    (c) => c !== 'OBS_VALUE' && !['AVAILABILITY', 'COLLECTION', 'OBS_STATUS', 'OBS_CONF'].includes(c),
  );
  const attrs = ['AVAILABILITY', 'COLLECTION', 'OBS_STATUS', 'OBS_CONF'];
  const genericObs = rows
    .map(
      (r) =>
        `<generic:Obs><generic:ObsKey>${dims.map((d) => `<generic:Value id="${d}" value="${escapeXml(r.cells[d] ?? '')}"/>`).join('')}</generic:ObsKey>` +
        `<generic:ObsValue value="${r.cells.OBS_VALUE === '' ? 'NaN' : r.cells.OBS_VALUE}"/>` +
        `<generic:Attributes>${attrs.map((a) => `<generic:Value id="${a}" value="${escapeXml(r.cells[a] ?? '')}"/>`).join('')}</generic:Attributes></generic:Obs>`,
    )
    .join('\n');
  // SDMX-JSON 1.0, flat: every dimension at observation level, values by index.
  const valueIndex = (ids: string[]) =>
    ids.map(
      (id) => new Map<string, number>([...new Set(rows.map((r) => r.cells[id] ?? ''))].map((v, i) => [v, i])),
    );
  const dimIndex = valueIndex(dims);
  const attrIndex = valueIndex(attrs);
  const observations: Record<string, unknown[]> = {};
  for (const r of rows) {
    const key = dims.map((d, i) => dimIndex[i]?.get(r.cells[d] ?? '')).join(':');
    const value = r.cells.OBS_VALUE === '' ? null : Number(r.cells.OBS_VALUE);
    observations[key] = [value, ...attrs.map((a, i) => attrIndex[i]?.get(r.cells[a] ?? '') ?? null)];
  }
  const json = JSON.stringify({
    header: { id: 'SYNTHETIC' },
    structure: {
      dimensions: {
        observation: dims.map((d, i) => ({
          id: d,
          keyPosition: i,
          values: [...(dimIndex[i]?.keys() ?? [])].map((id) => ({ id })),
        })),
      },
      attributes: {
        observation: attrs.map((a, i) => ({
          id: a,
          values: [...(attrIndex[i]?.keys() ?? [])].map((id) => ({ id })),
        })),
      },
    },
    dataSets: [{ action: 'Information', observations }],
  });
  return {
    'synthetic-sdmx-ml-structure-specific': {
      body: ml('StructureSpecificData', ssObs),
      type: 'application/xml',
    },
    'synthetic-sdmx-ml-generic': { body: ml('GenericData', genericObs), type: 'application/xml' },
    'synthetic-sdmx-json-1.0': { body: json, type: 'application/json' },
    'synthetic-sdmx-csv-1.0': { body: csv, type: 'text/csv' },
  };
}

// ---- Workloads: what is parsed, by the adapter and by the plain library.

interface Workload {
  name: string;
  body: () => { body: string; type: string };
  kind: 'structure' | 'data';
}

const WORKLOADS: Workload[] = [
  {
    name: 'unicef-cme-structure',
    body: () => ({ body: read('unicef/dataflow_CME_references_all.xml'), type: 'application/xml' }),
    kind: 'structure',
  },
  {
    name: 'bis-sdmx-ml-structure-specific',
    body: () => ({ body: read('bis/data_structurespecific.xml'), type: 'application/xml' }),
    kind: 'data',
  },
  {
    name: 'bis-sdmx-csv-1.0',
    body: () => ({ body: read('bis/data_sdmxcsv1.csv'), type: 'text/csv' }),
    kind: 'data',
  },
  ...['structure-specific', 'generic'].map(
    (v): Workload => ({
      name: `synthetic-sdmx-ml-${v}`,
      body: () => syntheticMessages()[`synthetic-sdmx-ml-${v}`] as { body: string; type: string },
      kind: 'data',
    }),
  ),
  ...['sdmx-json-1.0', 'sdmx-csv-1.0'].map(
    (v): Workload => ({
      name: `synthetic-${v}`,
      body: () => syntheticMessages()[`synthetic-${v}`] as { body: string; type: string },
      kind: 'data',
    }),
  ),
];

function plainParse(body: string, type: string): number {
  if (type.includes('xml')) {
    const tree = new XMLParser({ ignoreAttributes: false }).parse(body);
    return Object.keys(tree).length;
  }
  if (type.includes('json')) return Object.keys(JSON.parse(body)).length;
  return parseCsv(body).length;
}

/** One measurement, in this (child) process: median time over RUNS and peak RSS growth. */
async function runTask(name: string, impl: 'adapter' | 'plain'): Promise<void> {
  const workload = WORKLOADS.find((w) => w.name === name);
  if (!workload) throw new Error(`no workload ${name}`);
  const { body, type } = workload.body();
  const structure = workload.kind === 'data' ? await bisStructure() : null;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const baseline = process.memoryUsage.rss();
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    if (impl === 'plain') count = plainParse(body, type);
    else if (workload.kind === 'structure') count = (await parseStructureMessage(body)).codelists.length;
    else count = (await parseDataMessage(body, type, structure, 'en')).observations.length;
    times.push(performance.now() - started);
  }
  const peak = process.resourceUsage().maxRSS * 1024;
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      ms: times[Math.floor(times.length / 2)],
      peak_growth_mb: Math.max(0, (peak - baseline) / 1024 / 1024),
      bytes: Buffer.byteLength(body),
      count,
    }),
  );
}

interface TaskResult {
  ms: number;
  peak_growth_mb: number;
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

/** The parse section: every workload, adapter against plain, side by side. */
function parseSection(): Record<string, unknown> {
  const figures: Record<string, unknown> = {};
  console.log('parse: adapter vs plain parse of the same bytes (median of 3 runs; peak RSS growth)');
  for (const workload of WORKLOADS) {
    const adapter = spawnTask(workload.name, 'adapter');
    const plain = spawnTask(workload.name, 'plain');
    const timeRatio = adapter.ms / plain.ms;
    const memoryRatio = adapter.peak_growth_mb / Math.max(plain.peak_growth_mb, 1);
    console.log(
      `  ${workload.name.padEnd(38)} ${(adapter.bytes / 1024 / 1024).toFixed(2).padStart(6)} MB  ` +
        `${adapter.count.toString().padStart(6)} ${workload.kind === 'structure' ? 'lists' : 'obs  '}  ` +
        `adapter ${adapter.ms.toFixed(0).padStart(5)} ms ${adapter.peak_growth_mb.toFixed(0).padStart(4)} MB   ` +
        `plain ${plain.ms.toFixed(0).padStart(5)} ms ${plain.peak_growth_mb.toFixed(0).padStart(4)} MB   ` +
        `time x${timeRatio.toFixed(2)}  memory x${memoryRatio.toFixed(2)}`,
    );
    figures[workload.name] = {
      bytes: adapter.bytes,
      items: adapter.count,
      adapter_ms: Math.round(adapter.ms),
      plain_ms: Math.round(plain.ms),
      time_ratio: Number(timeRatio.toFixed(2)),
      adapter_peak_growth_mb: Math.round(adapter.peak_growth_mb),
      plain_peak_growth_mb: Math.round(plain.peak_growth_mb),
      memory_ratio: Number(memoryRatio.toFixed(2)),
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
];

async function main(): Promise<void> {
  const task = process.argv.indexOf('--task');
  if (task >= 0) {
    await runTask(process.argv[task + 1] ?? '', process.argv[task + 2] === 'plain' ? 'plain' : 'adapter');
    return;
  }
  const figures: Record<string, unknown> = {};
  for (const section of SECTIONS) figures[section.name] = await section.run();
  console.log(JSON.stringify({ bench: 'sdmx', ...figures }));
}

await main();
