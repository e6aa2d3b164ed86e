// `pnpm bench lindas`: SPARQL requests and wall time per query_cube_observations call on synthetic
// cubes with 1..7 coded dimensions, cold (fresh server, structure not cached) and warm, against the
// loopback fixture endpoint. Side by side in the same run, the reference server's access pattern
// (3 + K requests: metadata, dimensions, observations, one code list per coded dimension) is
// replayed against the same endpoint. Prints a table and ratios, then one JSON line.

import { createLindasAdapter } from '../adapters/lindas/src/index.js';
import { createOpenDataServer, silentLogger } from '../packages/core/src/server/index.js';
import {
  type LindasFixture,
  startLindasFixture,
  syntheticBenchCubeUri,
} from '../packages/fixtures/src/index.js';

const COLD_RUNS = 7;
const WARM_RUNS = 25;
const LIMIT = 50;
const P =
  'PREFIX cube: <https://cube.link/> PREFIX schema: <http://schema.org/> PREFIX sh: <http://www.w3.org/ns/shacl#>';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timed(
  fixture: LindasFixture,
  run: () => Promise<void>,
): Promise<{ ms: number; requests: number }> {
  fixture.resetCount();
  const started = performance.now();
  await run();
  return { ms: performance.now() - started, requests: fixture.requestCount() };
}

function newServer(fixture: LindasFixture) {
  return createOpenDataServer({
    logger: silentLogger,
    adapters: [createLindasAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
  });
}

async function ours(fixture: LindasFixture, cube: string, server = newServer(fixture)): Promise<void> {
  const envelope = await server.callTool('query_cube_observations', { cube_id: cube, limit: LIMIT });
  if (!envelope.ok) throw new Error(`query_cube_observations failed: ${JSON.stringify(envelope.error)}`);
}

/** The reference's pattern: each query over the SPARQL protocol, one after the other. */
async function referencePattern(fixture: LindasFixture, cube: string, k: number): Promise<void> {
  const send = async (query: string) => {
    const res = await fetch(fixture.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/sparql-results+json',
      },
      body: new URLSearchParams({ query }).toString(),
    });
    if (!res.ok) throw new Error(`reference query failed: ${res.status}`);
    return (await res.json()) as { results: { bindings: Array<Record<string, { value: string }>> } };
  };
  await send(`${P} SELECT ?name ?desc ?creator ?version ?status ?license WHERE { <${cube}> a cube:Cube ; schema:name ?name .
    OPTIONAL { <${cube}> schema:description ?desc } OPTIONAL { <${cube}> <http://purl.org/dc/terms/creator> ?creator }
    OPTIONAL { <${cube}> schema:version ?version } OPTIONAL { <${cube}> schema:creativeWorkStatus ?status }
    OPTIONAL { <${cube}> <http://purl.org/dc/terms/license> ?license } } LIMIT 1`);
  const dims = await send(`${P} SELECT ?path ?name ?kind (BOUND(?list) AS ?has_codelist) WHERE {
    <${cube}> cube:observationConstraint/sh:property ?prop . ?prop sh:path ?path .
    OPTIONAL { ?prop schema:name ?name } OPTIONAL { ?prop a ?kind } OPTIONAL { ?prop sh:in ?list } }`);
  await send(
    `${P} SELECT ?obs ?p ?o WHERE { { SELECT ?obs WHERE { <${cube}> cube:observationSet/cube:observation ?obs } LIMIT ${LIMIT} } ?obs ?p ?o }`,
  );
  const coded = dims.results.bindings.filter((b) => b.has_codelist?.value === 'true').slice(0, k);
  for (const dim of coded) {
    await send(`${P} SELECT ?value ?label WHERE { <${cube}> cube:observationConstraint/sh:property ?prop .
      ?prop sh:path <${dim.path?.value}> ; sh:in/<http://www.w3.org/1999/02/22-rdf-syntax-ns#rest>*/<http://www.w3.org/1999/02/22-rdf-syntax-ns#first> ?value .
      OPTIONAL { ?value schema:name ?label FILTER(LANGMATCHES(LANG(?label), "de")) } }`);
  }
}

const fixture = await startLindasFixture();
// Warm the store's WebAssembly so the first cube does not pay for it.
for (let k = 1; k <= 7; k++) await ours(fixture, syntheticBenchCubeUri(k));

const rows = [];
for (let k = 1; k <= 7; k++) {
  const cube = syntheticBenchCubeUri(k);
  const cold = [];
  for (let i = 0; i < COLD_RUNS; i++) cold.push(await timed(fixture, () => ours(fixture, cube)));
  const server = newServer(fixture);
  await ours(fixture, cube, server);
  const warm = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await timed(fixture, () => ours(fixture, cube, server)));
  const reference = [];
  for (let i = 0; i < COLD_RUNS; i++)
    reference.push(await timed(fixture, () => referencePattern(fixture, cube, k)));
  rows.push({
    coded_dimensions: k,
    requests_cold: Math.max(...cold.map((r) => r.requests)),
    requests_warm: Math.max(...warm.map((r) => r.requests)),
    requests_reference: 3 + k,
    requests_reference_measured: Math.max(...reference.map((r) => r.requests)),
    ms_cold_p50: Number(median(cold.map((r) => r.ms)).toFixed(1)),
    ms_warm_p50: Number(median(warm.map((r) => r.ms)).toFixed(1)),
    ms_reference_p50: Number(median(reference.map((r) => r.ms)).toFixed(1)),
  });
}
await fixture.close();

console.log(
  'K  req cold  req warm  req ref(3+K)  ms cold  ms warm  ms ref   req ratio warm/ref  ms ratio warm/ref',
);
for (const r of rows) {
  console.log(
    [
      String(r.coded_dimensions).padEnd(2),
      String(r.requests_cold).padStart(8),
      String(r.requests_warm).padStart(9),
      String(r.requests_reference_measured).padStart(13),
      r.ms_cold_p50.toFixed(1).padStart(8),
      r.ms_warm_p50.toFixed(1).padStart(8),
      r.ms_reference_p50.toFixed(1).padStart(7),
      (r.requests_warm / r.requests_reference).toFixed(2).padStart(19),
      (r.ms_warm_p50 / r.ms_reference_p50).toFixed(2).padStart(18),
    ].join(' '),
  );
}
const constant = rows.every((r) => r.requests_warm === 1 && r.requests_cold <= 2);
console.log(
  constant ? 'constant cost: 1 request warm, at most 2 cold, for every K' : 'constant cost VIOLATED',
);
console.log(JSON.stringify({ bench: 'lindas', limit: LIMIT, constant_cost: constant, rows }));
process.exitCode = constant ? 0 : 1;
