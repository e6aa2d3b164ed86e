import { isOpenDataError } from '@opendata-mcp/core';
import { describe, expect, it } from 'vitest';
import { guardSparqlInWorker } from './guard-in-worker.js';

const CUBES = 'SELECT ?c WHERE { ?c a <https://cube.link/Cube> }';
// Near the length and depth caps: a few hundred milliseconds of parsing.
const HEAVY = `SELECT * WHERE {${`${'{'.repeat(60)}?s ?p ?o${'}'.repeat(60)}`.repeat(60)}}`;

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'answered';
  } catch (error) {
    return isOpenDataError(error) ? error.code : `thrown: ${String(error)}`;
  }
}

describe('guardSparqlInWorker', () => {
  it('answers the checked query from the thread', async () => {
    const guarded = await guardSparqlInWorker(CUBES, 7, new AbortController().signal);
    expect(guarded).toMatchObject({ kind: 'SELECT', limit: 7, requestedLimit: null });
    expect(guarded.text).toMatch(/LIMIT 7$/);
  });

  it('carries a refusal across with its code and hint', async () => {
    const refused = guardSparqlInWorker(
      'SELECT * WHERE { SERVICE <http://x/> { ?s ?p ?o } }',
      7,
      new AbortController().signal,
    );
    await expect(refused).rejects.toMatchObject({
      code: 'unsafe_sparql',
      hint: expect.stringMatching(/SERVICE/),
    });
  });

  it('refuses a check that outlasts its budget, and the next check runs on a fresh thread', async () => {
    await guardSparqlInWorker(CUBES, 7, new AbortController().signal);
    const started = performance.now();
    expect(await codeOf(guardSparqlInWorker(HEAVY, 7, new AbortController().signal, 1))).toBe(
      'unsafe_sparql',
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect(guardSparqlInWorker(CUBES, 7, new AbortController().signal)).resolves.toMatchObject({
      kind: 'SELECT',
    });
  });

  it('ends with the call: an aborted call stops the check', async () => {
    await guardSparqlInWorker(CUBES, 7, new AbortController().signal);
    const controller = new AbortController();
    const check = guardSparqlInWorker(HEAVY, 7, controller.signal, 60_000);
    controller.abort();
    expect(await codeOf(check)).toBe('query_timeout');
    expect(await codeOf(guardSparqlInWorker(CUBES, 7, AbortSignal.abort()))).toBe('query_timeout');
  });
});
