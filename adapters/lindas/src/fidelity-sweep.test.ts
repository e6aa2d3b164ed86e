import { type ColumnarTable, fromColumnarTable } from '@opendata-mcp/core';
import { createOpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type LindasFixture, loadLindasStore, startLindasFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLindasAdapter } from './create-lindas-adapter.js';

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const CUBE = 'https://cube.link/Cube';
const OBSERVATION_SET = 'https://cube.link/observationSet';
const OBSERVATION = 'https://cube.link/observation';
const NAME = 'http://schema.org/name';
const UNDEFINED = 'https://cube.link/Undefined';
const INTEGER = /#(integer|int|long|short)$/;
const LABEL_ORDER = ['de', 'fr', 'it', 'en', 'rm', ''];

type Store = Awaited<ReturnType<typeof loadLindasStore>>;
type Quad = ReturnType<Store['match']>[number];
type Term = Quad['object'];

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
type Body = Record<string, any>;

/**
 * The expected cell, read from the triples themselves (no SPARQL, no adapter code): a code's
 * label in the fallback order de → fr → it → en → rm → untagged, skipping "" and "@".
 */
function expectedCell(bySubject: Map<string, Quad[]>, term: Term | undefined, textual = false): unknown {
  if (!term) return null;
  if (term.termType === 'NamedNode') {
    const labels = (bySubject.get(term.value) ?? [])
      .filter((q) => q.predicate.value === NAME && q.object.termType === 'Literal')
      .map((q) => q.object as Term & { language: string })
      .filter((o) => !['', '@'].includes(o.value.trim()));
    for (const lang of LABEL_ORDER) {
      const hit = labels.find((l) => l.language.split('-')[0] === lang);
      if (hit) return hit.value;
    }
    return term.value;
  }
  if (term.termType !== 'Literal') return term.value;
  const datatype = (term as Term & { datatype: { value: string } }).datatype.value;
  if (datatype === UNDEFINED) return null;
  if (INTEGER.test(datatype)) return Number(term.value);
  if (datatype.endsWith('#boolean')) return term.value === 'true' || term.value === '1';
  // Decimals and doubles are numbers, unless one of the column in this answer is too precise for a double.
  if (fractional(term) && !textual) return Number(term.value);
  return term.value;
}

function fractional(term: Term | undefined): boolean {
  const datatype = (term as (Term & { datatype?: { value: string } }) | undefined)?.datatype?.value ?? '';
  return /#(decimal|double|float)$/.test(datatype) && Number.isFinite(Number(term?.value));
}

/** More significant digits than a double holds (15). */
function tooPrecise(term: Term | undefined): boolean {
  const [mantissa = ''] = (term?.value ?? '').split(/[eE]/);
  return fractional(term) && mantissa.replace(/[^0-9]/g, '').replace(/^0+|0+$/g, '').length > 15;
}

describe('fidelity sweep: every observation of every fixture cube', () => {
  let fixture: LindasFixture;
  let bySubject: Map<string, Quad[]>;
  beforeAll(async () => {
    fixture = await startLindasFixture();
    bySubject = new Map();
    for (const quad of (await loadLindasStore()).match(null, null, null, null)) {
      const list = bySubject.get(quad.subject.value) ?? [];
      list.push(quad);
      bySubject.set(quad.subject.value, list);
    }
  });
  afterAll(() => fixture.close());

  it('returns, value by value, what the RDF holds', async () => {
    const server = createOpenDataServer({
      logger: silentLogger,
      adapters: [createLindasAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
    });
    const objects = (subject: string, predicate: string) =>
      (bySubject.get(subject) ?? []).filter((q) => q.predicate.value === predicate).map((q) => q.object);
    const cubes = [...bySubject.keys()].filter((s) => objects(s, RDF_TYPE).some((o) => o.value === CUBE));
    let observations = 0;
    let cells = 0;
    for (const cube of cubes) {
      const expectedUris = new Set(
        objects(cube, OBSERVATION_SET).flatMap((set) => objects(set.value, OBSERVATION).map((o) => o.value)),
      );
      const seen: string[] = [];
      for (let offset = 0; ; offset += 500) {
        const page = (await server.callTool('query_cube_observations', {
          cube_id: cube,
          limit: 500,
          offset,
          include_observation_uris: true,
        })) as Body;
        expect(page.ok, `${cube}: ${JSON.stringify(page.error)}`).toBe(true);
        const dims = page.dimensions as Array<{ name: string; path: string }>;
        const rows = fromColumnarTable(page as unknown as ColumnarTable);
        const uris = page.observation_uris as string[];
        const textual = new Set(
          dims.filter((d) => uris.some((uri) => tooPrecise(objects(uri, d.path)[0]))).map((d) => d.name),
        );
        uris.forEach((uri, i) => {
          seen.push(uri);
          for (const dim of dims) {
            const term = objects(uri, dim.path)[0];
            const expected = expectedCell(bySubject, term, textual.has(dim.name));
            expect(rows[i]?.[dim.name], `${uri} ${dim.name}`).toEqual(expected);
            cells++;
          }
        });
        if (!page.truncated) break;
      }
      expect(new Set(seen), cube).toEqual(expectedUris);
      observations += seen.length;
    }
    console.info(
      `fidelity sweep: ${cubes.length} cubes, ${observations} observations, ${cells} values compared`,
    );
    expect(cubes.length).toBeGreaterThanOrEqual(20);
    expect(observations).toBeGreaterThan(1000);
  });
});
