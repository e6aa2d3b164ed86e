// `pnpm bench answer-sizes`: what an agent pays in context. Starts the offline fixture backends, plays
// every demo journey and a list of typical calls, and prints the size of each answer (bytes of the JSON
// text a client sees), then the error texts for an unknown key, a wrong type and a missing required field.
// Ends with one JSON line.
import { buildRuntime, defaultRegistry } from '../packages/cli/src/index.js';
import type { Envelope, SuccessEnvelope } from '../packages/core/src/index.js';
import type { OpenDataServer } from '../packages/core/src/server/index.js';
import { startCkanFixture, startLindasFixture, startSdmxFixture } from '../packages/fixtures/src/index.js';

const FOREST_FIRE_CUBE = 'https://ld.synthetic.example/foen/waldbrandgefahr/2';
const NOISE_CUBE = 'https://environment.ld.admin.ch/foen/ubd003701/6';
const KYIV_DATASET = 'pzf-kyiv-city';
const KYIV_RESOURCE = 'fefc392b-d1ae-5706-939b-521da2cdd35f';
const CME_FILTERS = {
  REF_AREA: ['USA', 'BRA'],
  INDICATOR: ['CME_MRY0T4'],
  SEX: ['_T'],
  WEALTH_QUINTILE: ['_T'],
};
const { REF_AREA: _areas, ...EVERY_AREA } = CME_FILTERS;

/** Calls an agent makes in the first minutes with each backend, at the sizes it tends to ask for. */
const TYPICAL: Array<{ tool: string; args: Record<string, unknown> }> = [
  { tool: 'search_cubes', args: { query: 'waldbrand', limit: 20 } },
  { tool: 'get_cube_structure', args: { cube_id: FOREST_FIRE_CUBE } },
  { tool: 'query_cube_observations', args: { cube_id: FOREST_FIRE_CUBE, limit: 50 } },
  { tool: 'get_cube_structure', args: { cube_id: NOISE_CUBE } },
  { tool: 'query_cube_observations', args: { cube_id: NOISE_CUBE, limit: 50 } },
  { tool: 'list_dimension_values', args: { cube_id: FOREST_FIRE_CUBE, dimension: 'Warnregion' } },
  { tool: 'list_publishers', args: {} },
  { tool: 'search_datasets', args: { query: 'data', limit: 20 } },
  { tool: 'get_dataset', args: { dataset_id: KYIV_DATASET } },
  { tool: 'get_schema', args: { dataset_id: KYIV_DATASET, resource_id: KYIV_RESOURCE } },
  {
    tool: 'query_resource',
    args: { dataset_id: KYIV_DATASET, resource_id: KYIV_RESOURCE, sql: 'SELECT * FROM data' },
  },
  { tool: 'list_organizations', args: {} },
  { tool: 'search_dataflows', args: { limit: 100 } },
  { tool: 'get_dataflow_structure', args: { flow_id: 'CME' } },
  { tool: 'list_codes', args: { flow_id: 'CME', dimension: 'REF_AREA', limit: 100 } },
  { tool: 'search_all', args: { query: 'mortality' } },
  {
    tool: 'query_data',
    args: { flow_id: 'CME', filters: CME_FILTERS, start_period: '2020', end_period: '2020' },
  },
  {
    tool: 'query_data',
    args: {
      flow_id: 'CME',
      filters: { ...CME_FILTERS, REF_AREA: ['BRA'] },
      start_period: '1990',
      end_period: '2023',
      limit: 100,
    },
  },
  {
    tool: 'query_data',
    args: { flow_id: 'CME', filters: EVERY_AREA, start_period: '2020', end_period: '2020', limit: 100 },
  },
];

const ERRORS: Array<{ case: string; tool: string; args: Record<string, unknown> }> = [
  { case: 'unknown key', tool: 'search_dataflows', args: { query: 'mortality', offest: 20 } },
  { case: 'wrong type', tool: 'query_data', args: { flow_id: 'CME', limit: '10' } },
  { case: 'missing required field', tool: 'query_data', args: { filters: { REF_AREA: 'USA' } } },
];

function size(envelope: Envelope): number {
  return Buffer.byteLength(JSON.stringify(envelope));
}

function chars(envelope: Envelope): number {
  return JSON.stringify(envelope).length;
}

async function journeys(server: OpenDataServer): Promise<Array<{ name: string; bytes: number[] }>> {
  const out = [];
  for (const registration of defaultRegistry.values()) {
    const journey = registration.demo;
    if (!journey) continue;
    const answers: SuccessEnvelope[] = [];
    const bytes: number[] = [];
    for (const step of journey.steps) {
      const args = typeof step.args === 'function' ? step.args(answers) : step.args;
      const envelope = await server.callTool(step.tool, args);
      bytes.push(size(envelope));
      if (!envelope.ok) throw new Error(`${step.tool}: ${envelope.error.message}`);
      answers.push(envelope);
    }
    out.push({ name: `${registration.type}: ${journey.title}`, bytes });
  }
  return out;
}

const [lindas, ckan, sdmx] = await Promise.all([
  startLindasFixture(),
  startCkanFixture(),
  startSdmxFixture(),
]);
const at = (f: { url: string; hostPort: string }) => ({ url: f.url, trusted_hosts: [f.hostPort] });
const runtime = buildRuntime(
  {
    adapters: [
      { type: 'lindas', ...at(lindas) },
      { type: 'ckan', ...at(ckan) },
      { type: 'sdmx', registry: 'unicef', ...at(sdmx) },
    ],
    log_level: 'silent',
  },
  defaultRegistry,
);
try {
  const server = runtime.server;
  const played = await journeys(server);
  console.log('demo journeys (bytes per answer):');
  for (const j of played) console.log(`  ${j.name}: ${j.bytes.join(', ')} (max ${Math.max(...j.bytes)})`);

  const typical = [];
  for (const call of TYPICAL) {
    const envelope = await server.callTool(call.tool, call.args);
    typical.push({
      call: `${call.tool} ${JSON.stringify(call.args)}`,
      ok: envelope.ok,
      bytes: size(envelope),
      chars: chars(envelope),
    });
  }
  typical.sort((a, b) => b.bytes - a.bytes);
  console.log('\ntypical calls, largest first:');
  for (const t of typical)
    console.log(
      `  ${String(t.bytes).padStart(7)} B ${String(t.chars).padStart(6)} ch ${t.ok ? 'ok ' : 'ERR'} ${t.call.slice(0, 130)}`,
    );

  const errors = [];
  console.log('\nerror texts:');
  for (const e of ERRORS) {
    const envelope = await server.callTool(e.tool, e.args);
    const text = envelope.ok ? '(no error)' : `${envelope.error.message}\n    hint: ${envelope.error.hint}`;
    errors.push({ case: e.case, text });
    console.log(`  [${e.case}] ${e.tool} ${JSON.stringify(e.args)}\n    ${text}`);
  }
  console.log(
    JSON.stringify({
      journeys: played.map((j) => ({ name: j.name, max: Math.max(...j.bytes), bytes: j.bytes })),
      top10: typical
        .slice(0, 10)
        .map((t) => ({ call: t.call.slice(0, 100), bytes: t.bytes, chars: t.chars, ok: t.ok })),
      errors,
    }),
  );
} finally {
  await runtime.close();
  await Promise.all([lindas.close(), ckan.close(), sdmx.close()]);
}
