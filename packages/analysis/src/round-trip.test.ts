import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Cell, Envelope, SuccessEnvelope } from '@opendata-mcp/core';
import type { OpenDataServer } from '@opendata-mcp/core/server';
import { CKAN_FIXTURE_DATA_DIR, loadLindasStore, SDMX_FIXTURE_DATA_DIR } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureServer, startFixtureServer } from './fixture-server.test-support.js';

type Row = Record<string, unknown>;

/** The rows of an answer as records, in either table form: `fixed` columns included. */
function answerRecords(answer: SuccessEnvelope): Row[] {
  const columns = (answer.columns as Array<string | { name: string }>).map((c) =>
    typeof c === 'string' ? c : c.name,
  );
  const fixed = (answer.fixed ?? {}) as Record<string, Cell>;
  return (answer.rows as unknown[][]).map((row) => ({
    ...fixed,
    ...Object.fromEntries(columns.map((name, i) => [name, row[i] ?? null])),
  }));
}

/**
 * `SELECT * FROM <name>` over one of a set of kept results, every page of it, as records. The
 * whole set is named in each call, so the server loads it once for all of them.
 */
async function readBack(
  server: OpenDataServer,
  results: Record<string, string>,
  name: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page: Envelope = await server.callTool('query_results', {
      results,
      sql: `SELECT * FROM ${name}`,
      limit: 100,
      offset,
    });
    if (!page.ok) throw new Error(`${page.error.code}: ${page.error.message}`);
    const names = (page.columns as Array<{ name: string }>).map((c) => c.name);
    for (const row of page.rows as unknown[][])
      rows.push(Object.fromEntries(names.map((n, i) => [n, row[i]])));
    offset = page.next_offset as number | null;
  }
  return rows;
}

interface Case {
  name: string;
  tool: string;
  args: Record<string, unknown>;
}

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';

async function lindasCases(): Promise<Case[]> {
  const store = await loadLindasStore();
  const cubes = store
    .match(null, null, null, null)
    .filter((q) => q.predicate.value === RDF_TYPE && q.object.value === 'https://cube.link/Cube')
    .map((q) => q.subject.value);
  return [...new Set(cubes)].map((cube) => ({
    name: cube,
    tool: 'query_cube_observations',
    args: { cube_id: cube, limit: 500 },
  }));
}

const CME_DIMENSIONS = ['REF_AREA', 'INDICATOR', 'SEX', 'WEALTH_QUINTILE'];

/** One query_data call per recorded UNICEF answer, rebuilt from the URL it was recorded with. */
function sdmxCases(): Case[] {
  const manifest = JSON.parse(
    readFileSync(join(SDMX_FIXTURE_DATA_DIR, 'unicef', 'upstream_manifest.json'), 'utf8'),
  ) as { files: Record<string, { url?: string }> };
  return Object.entries(manifest.files).flatMap(([file, entry]) => {
    const match = /\/data\/UNICEF,CME,1\.0\/([^?]*)\?(.*)$/.exec(entry.url ?? '');
    if (!match || !file.endsWith('.csv')) return [];
    const segments = (match[1] ?? '').split('.');
    const filters = Object.fromEntries(
      CME_DIMENSIONS.flatMap((dim, i) => (segments[i] ? [[dim, (segments[i] ?? '').split('+')]] : [])),
    );
    const params = new URLSearchParams(match[2]);
    // The default page: a long answer is cut, and the whole of it is kept.
    const periods = { start_period: params.get('startPeriod'), end_period: params.get('endPeriod') };
    const args = {
      flow_id: 'CME',
      filters,
      ...Object.fromEntries(Object.entries(periods).filter(([, value]) => value !== null)),
    };
    return [{ name: file, tool: 'query_data', args }];
  });
}

/** Every queryable resource of the recorded catalogue, read whole by SQL (one page of it answered). */
function ckanCases(): Case[] {
  const catalogue = JSON.parse(
    readFileSync(join(CKAN_FIXTURE_DATA_DIR, 'derived-catalogue.json'), 'utf8'),
  ) as {
    packages: Array<{ name: string; resources: Array<{ id: string; format?: string }> }>;
  };
  return catalogue.packages.flatMap((pkg) =>
    pkg.resources
      .filter((resource) => resource.format !== 'HTML')
      .map((resource) => ({
        name: `${pkg.name}/${resource.id}`,
        tool: 'query_resource',
        args: { dataset_id: pkg.name, resource_id: resource.id, sql: 'SELECT * FROM data', limit: 100 },
      })),
  );
}

const PXWEB_CASES: Case[] = [
  { name: 'POP01', tool: 'query_table', args: { table_id: 'POP01' } },
  { name: 'POP01 one region', tool: 'query_table', args: { table_id: 'POP01', filters: { Region: '03' } } },
  { name: 'ENE01', tool: 'query_table', args: { table_id: 'ENE01' } },
  { name: 'POP01 paged', tool: 'query_table', args: { table_id: 'POP01', limit: 5 } },
];

let fixture: FixtureServer;
const sweeps: Record<string, Case[]> = {};

beforeAll(async () => {
  fixture = await startFixtureServer();
  sweeps.lindas = await lindasCases();
  sweeps.sdmx = sdmxCases();
  sweeps.ckan = ckanCases();
  sweeps.pxweb = PXWEB_CASES;
}, 120_000);
afterAll(() => fixture?.close());

describe('round trip: a kept result read back with SELECT * equals the answer, value by value', () => {
  for (const backend of ['lindas', 'sdmx', 'ckan', 'pxweb']) {
    it(`${backend}: every fixture answer`, { timeout: 240_000 }, async () => {
      const cases = sweeps[backend] ?? [];
      expect(cases.length).toBeGreaterThanOrEqual(4);
      let compared = 0;
      const answered: Array<{ name: string; answer: SuccessEnvelope }> = [];
      for (const testCase of cases) {
        const answer = await fixture.server.callTool(testCase.tool, testCase.args);
        if (!answer.ok) throw new Error(`${testCase.name}: ${answer.error.code} ${answer.error.message}`);
        if ((answer.columns as unknown[]).length === 0 && answerRecords(answer).length === 0) {
          expect(answer, testCase.name).not.toHaveProperty('result_id');
          continue;
        }
        expect(answer.result_id, testCase.name).toEqual(expect.any(String));
        answered.push({ name: testCase.name, answer });
      }
      for (let start = 0; start < answered.length; start += 8) {
        const chunk = answered.slice(start, start + 8);
        const results = Object.fromEntries(
          chunk.map(({ answer }, i) => [`r${i}`, answer.result_id as string]),
        );
        for (const [i, { name, answer }] of chunk.entries()) {
          const expected = answerRecords(answer);
          const kept = await readBack(fixture.server, results, `r${i}`);
          // Tools that read more than they show keep all of it: the answer is its first page.
          const total = typeof answer.total_matched === 'number' ? answer.total_matched : expected.length;
          expect(kept.length, name).toBe(answer.truncated ? total : expected.length);
          expected.forEach((record, row) => {
            const read = kept[row] ?? {};
            const same = Object.fromEntries(Object.keys(record).map((key) => [key, read[key]]));
            expect(same, `${name} row ${row}`).toEqual(record);
            compared += Object.keys(record).length;
          });
        }
      }
      expect(compared).toBeGreaterThan(50);
    });
  }
});
