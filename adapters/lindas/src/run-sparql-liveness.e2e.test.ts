import { type LindasFixture, startLindasFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, type StdioSession } from '../e2e/stdio-client.js';

const CUBES = 'SELECT ?c WHERE { ?c a <https://cube.link/Cube> } LIMIT 1';
// The query that froze the server for 45 s when sparqljs parsed it on the main thread.
const NESTED_4080 = `SELECT * WHERE ${'{'.repeat(4080)} ?s ?p ?o ${'}'.repeat(4080)}`;
// Within the length and depth caps, slow to parse, and refused only once parsed (SERVICE at the
// end), so its whole cost is the check.
const HEAVY = `SELECT * WHERE {${`${'{'.repeat(60)}?s ?p ?o${'}'.repeat(60)}`.repeat(59)} SERVICE <http://x/> {} }`;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

describe('run_sparql keeps the server answering while it checks hostile queries', () => {
  let fixture: LindasFixture;
  let session: StdioSession;

  beforeAll(async () => {
    fixture = await startLindasFixture();
    session = await connectStdio(fixture);
    // Starts the checking threads, so what is timed below is checking, not starting.
    await Promise.all([
      session.call('run_sparql', { sparql: CUBES }),
      session.call('run_sparql', { sparql: CUBES }),
    ]);
    await session.call('list_publishers', {});
  });
  afterAll(async () => {
    await session?.close();
    await fixture?.close();
  });

  it('refuses 4,080 nested groups at once', async () => {
    const { ms, value } = await timed(() => session.call('run_sparql', { sparql: NESTED_4080 }));
    expect(value.body.error.code).toBe('unsafe_sparql');
    expect(value.body.error.message).toMatch(/4080 levels deep/);
    expect(ms).toBeLessThan(1_000);
  });

  it('answers another call within a second while hostile queries are checked', async () => {
    const hostile = [HEAVY, HEAVY, NESTED_4080].map((sparql) =>
      timed(() => session.call('run_sparql', { sparql })),
    );
    const other = await timed(() => session.call('list_publishers', {}));
    expect(other.value.body.ok).toBe(true);
    expect(other.ms).toBeLessThan(1_000);
    for (const { value } of await Promise.all(hostile)) expect(value.body.error.code).toBe('unsafe_sparql');
  });
});
