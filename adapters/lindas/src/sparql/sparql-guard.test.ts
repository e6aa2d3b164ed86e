import { createHash } from 'node:crypto';
import type { ErrorCode } from '@opendata-mcp/core';
import { createOpenDataServer, type OpenDataServer, silentLogger } from '@opendata-mcp/core/server';
import { type LindasFixture, startLindasFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLindasAdapter } from '../create-lindas-adapter.js';

// biome-ignore lint/suspicious/noExplicitAny: envelopes are read field by field in assertions.
type Body = Record<string, any>;

const P = 'PREFIX cube: <https://cube.link/> PREFIX schema: <http://schema.org/>';
const CUBES = `${P} SELECT ?c WHERE { ?c a cube:Cube }`;
const padding = `# ${'x'.repeat(8200)}\n`;

type Case =
  | { name: string; query: string; code: ErrorCode }
  | { name: string; query: string; cappedAt: number; absent?: string };

/** Hostile or malformed inputs for run_sparql: each is refused with its code or runs capped. */
const CORPUS: Case[] = [
  { name: 'INSERT DATA', query: 'INSERT DATA { <http://a> <http://b> <http://c> }', code: 'unsafe_sparql' },
  { name: 'DELETE WHERE', query: 'DELETE WHERE { ?s ?p ?o }', code: 'unsafe_sparql' },
  {
    name: 'DELETE/INSERT',
    query: 'DELETE { ?s ?p ?o } INSERT { ?s ?p 1 } WHERE { ?s ?p ?o }',
    code: 'unsafe_sparql',
  },
  { name: 'DROP ALL', query: 'DROP ALL', code: 'unsafe_sparql' },
  { name: 'CLEAR DEFAULT', query: 'CLEAR DEFAULT', code: 'unsafe_sparql' },
  { name: 'CREATE GRAPH', query: 'CREATE GRAPH <http://g>', code: 'unsafe_sparql' },
  { name: 'LOAD remote', query: 'LOAD <http://169.254.169.254/latest/meta-data>', code: 'unsafe_sparql' },
  {
    name: 'LOAD INTO GRAPH',
    query: 'LOAD SILENT <https://evil.example/x.ttl> INTO GRAPH <http://g>',
    code: 'unsafe_sparql',
  },
  { name: 'COPY', query: 'COPY DEFAULT TO <http://g>', code: 'unsafe_sparql' },
  {
    name: 'CONSTRUCT',
    query: 'CONSTRUCT { ?s ?p ?o } WHERE { ?s a <https://cube.link/Cube> ; ?p ?o }',
    code: 'unsafe_sparql',
  },
  {
    name: 'DESCRIBE',
    query: 'DESCRIBE <https://ld.synthetic.example/foen/waldbrandgefahr/2>',
    code: 'unsafe_sparql',
  },
  {
    name: 'SERVICE other host',
    query: 'SELECT * WHERE { SERVICE <https://dbpedia.org/sparql> { ?s ?p ?o } }',
    code: 'unsafe_sparql',
  },
  {
    name: 'SERVICE SILENT loopback',
    query: 'SELECT * WHERE { SERVICE SILENT <http://127.0.0.1:1/q> { ?s ?p ?o } }',
    code: 'unsafe_sparql',
  },
  {
    name: 'SERVICE with variable',
    query: 'SELECT * WHERE { BIND(<http://x/> AS ?e) SERVICE ?e { ?s ?p ?o } }',
    code: 'unsafe_sparql',
  },
  {
    name: 'SERVICE in subquery',
    query: `${P} SELECT ?c WHERE { { SELECT ?c WHERE { SERVICE <http://x> { ?c a cube:Cube } } } }`,
    code: 'unsafe_sparql',
  },
  {
    name: 'SERVICE in OPTIONAL',
    query: `${P} SELECT ?c WHERE { ?c a cube:Cube OPTIONAL { SERVICE <http://x> { ?c ?p ?o } } }`,
    code: 'unsafe_sparql',
  },
  {
    name: 'SERVICE in FILTER EXISTS',
    query: `${P} SELECT ?c WHERE { ?c a cube:Cube FILTER EXISTS { SERVICE <http://x> { ?c ?p ?o } } }`,
    code: 'unsafe_sparql',
  },
  {
    name: 'SERVICE in UNION',
    query: `${P} SELECT ?c WHERE { { ?c a cube:Cube } UNION { SERVICE <http://x> { ?c ?p ?o } } }`,
    code: 'unsafe_sparql',
  },
  {
    name: 'FROM remote graph',
    query: `${P} SELECT ?c FROM <https://evil.example/g.ttl> WHERE { ?c a cube:Cube }`,
    code: 'unsafe_sparql',
  },
  {
    name: 'FROM NAMED',
    query: `${P} SELECT ?c FROM NAMED <https://evil.example/g> WHERE { GRAPH ?g { ?c a cube:Cube } }`,
    code: 'unsafe_sparql',
  },
  {
    name: 'extension function',
    query: `${P} SELECT ?c WHERE { ?c a cube:Cube BIND(<http://jena.apache.org/ARQ/function#sha1>(?c) AS ?h) }`,
    code: 'unsafe_sparql',
  },
  { name: 'two queries', query: `${CUBES} ; ${CUBES}`, code: 'query_error' },
  {
    name: 'query then update',
    query: `${CUBES}\nINSERT DATA { <http://a> <http://b> <http://c> }`,
    code: 'query_error',
  },
  { name: 'update hidden after comment', query: `${CUBES} #\n; DROP ALL`, code: 'query_error' },
  {
    name: 'unicode-escaped SERVICE keyword',
    query: 'SELECT * WHERE { SERV\\u0049CE <http://x> { ?s ?p ?o } }',
    code: 'query_error',
  },
  { name: 'garbage', query: 'SELEC nothing from everything', code: 'query_error' },
  { name: 'unterminated', query: `${P} SELECT ?c WHERE { ?c a cube:Cube `, code: 'query_error' },
  { name: 'undeclared prefix', query: 'SELECT ?c WHERE { ?c a nope:Cube }', code: 'query_error' },
  { name: 'text over 8 KB', query: `${padding}${CUBES}`, code: 'unsafe_sparql' },
  {
    name: '4,080 nested groups',
    query: `SELECT * WHERE ${'{'.repeat(4080)} ?s ?p ?o ${'}'.repeat(4080)}`,
    code: 'unsafe_sparql',
  },
  {
    name: 'groups nested one past the cap',
    query: `SELECT * WHERE ${'{'.repeat(65)} ?s ?p ?o ${'}'.repeat(65)}`,
    code: 'unsafe_sparql',
  },
  {
    name: 'nested parentheses',
    query: `${CUBES.slice(0, -1)} FILTER(${'('.repeat(200)}?c${')'.repeat(200)}) }`,
    code: 'unsafe_sparql',
  },
  {
    name: 'nested blank nodes',
    query: `${P} SELECT * WHERE { ?s schema:x ${'[ schema:x '.repeat(200)}1${' ]'.repeat(200)} }`,
    code: 'unsafe_sparql',
  },
  {
    name: 'nesting after an escaped quote in a name, which opens no string',
    query: `${P} SELECT * WHERE { ?s schema:a\\' ${'['.repeat(100)} ${']'.repeat(100)} schema:b\\' }`,
    code: 'unsafe_sparql',
  },
  {
    name: 'nesting at the cap',
    query: `${P} SELECT ?c WHERE ${'{'.repeat(62)} ?c a cube:Cube FILTER((?c != <http://x/>)) ${'}'.repeat(62)}`,
    cappedAt: 500,
  },
  {
    name: 'brackets in literals, IRIs and comments count for nothing',
    query:
      `${P} SELECT ?c WHERE { ?c a cube:Cube FILTER(STR(?c) NOT IN ("${'{('.repeat(100)}", ` +
      `'${'['.repeat(100)}', """${'{\n'.repeat(50)}""", STR(<http://x/${'(('.repeat(100)}>))) } # ${'{'.repeat(100)}`,
    cappedAt: 500,
  },
  { name: 'empty', query: '', code: 'invalid_input' },
  { name: 'missing LIMIT', query: CUBES, cappedAt: 500 },
  { name: 'huge LIMIT', query: `${CUBES} LIMIT 100000000`, cappedAt: 500 },
  {
    name: 'LIMIT in subquery only',
    query: `${P} SELECT ?c WHERE { { SELECT ?c WHERE { ?c a cube:Cube } LIMIT 9999 } }`,
    cappedAt: 500,
  },
  { name: 'small LIMIT kept', query: `${CUBES} LIMIT 2`, cappedAt: 2 },
  {
    name: 'SERVICE only in a comment',
    query: `${CUBES} # SERVICE <http://x> { }`,
    cappedAt: 500,
    absent: 'SERVICE',
  },
  {
    name: 'keyword inside a string literal',
    query: `${P} SELECT ?c WHERE { ?c a cube:Cube FILTER(STR(?c) != "SERVICE <http://x> DROP ALL") }`,
    cappedAt: 500,
  },
];

describe('run_sparql guard corpus', () => {
  let fixture: LindasFixture;
  let server: OpenDataServer;
  beforeAll(async () => {
    fixture = await startLindasFixture();
    server = createOpenDataServer({
      logger: silentLogger,
      adapters: [createLindasAdapter({ url: fixture.url, trusted_hosts: [fixture.hostPort] })],
    });
  });
  afterAll(() => fixture.close());

  it('has at least 30 hostile or malformed inputs', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CORPUS)('$name', async (entry) => {
    fixture.resetCount();
    const envelope = (await server.callTool('run_sparql', { sparql: entry.query })) as Body;
    if ('code' in entry) {
      expect(envelope.ok, JSON.stringify(envelope).slice(0, 300)).toBe(false);
      expect(envelope.error.code).toBe(entry.code);
      // Refused before anything reached the store.
      expect(fixture.requestCount()).toBe(0);
      return;
    }
    expect(envelope.ok, JSON.stringify(envelope).slice(0, 300)).toBe(true);
    expect(envelope.limit_applied).toBe(entry.cappedAt);
    expect(envelope.source.query.text).toMatch(new RegExp(`LIMIT ${entry.cappedAt}\\s*$`));
    if (entry.absent) expect(envelope.source.query.text).not.toContain(entry.absent);
    const sent = fixture.queries();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(new RegExp(`LIMIT ${entry.cappedAt}\\s*$`));
    // The envelope cites a short query as sent, a long one by the hash of what was sent.
    const cited = envelope.source.query;
    if (cited.sha256)
      expect(
        createHash('sha256')
          .update(sent[0] ?? '')
          .digest('hex'),
      ).toBe(cited.sha256);
    else expect(sent).toEqual([cited.text]);
  });
});
