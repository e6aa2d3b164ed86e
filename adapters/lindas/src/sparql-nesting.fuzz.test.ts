import { createRequire } from 'node:module';
import { isOpenDataError } from '@opendata-mcp/core';
import { fuzzParameters, fuzzTimeout } from '@opendata-mcp/core/testing';
import fc from 'fast-check';
import type sparqljs from 'sparqljs';
import { describe, expect, it } from 'vitest';
import { CHECK_BUDGET_MS, guardSparqlInWorker } from './sparql/guard-in-worker.js';
import { sparqlNestingDepth } from './sparql/nesting-depth.js';
import { MAX_QUERY_CHARS } from './sparql/sparql-guard.js';

const { Parser } = createRequire(import.meta.url)('sparqljs') as typeof sparqljs;
const P = 'PREFIX ex: <http://e/> ';

/** A piece of query text and the bracket depth it reaches. */
interface Piece {
  text: string;
  depth: number;
}

const bracket = fc.constantFrom('{', '}', '(', ')', '[', ']', '#', '"', "'", '<', '>', '\\', ' ', 'a');
const bracketText = fc.array(bracket, { maxLength: 12 }).map((chars) => chars.join(''));

/** Terms whose text holds brackets, quotes and hashes that the lexer reads as part of one token. */
const decoyTerm = fc.oneof(
  bracketText.map((t) => `"${t.replace(/["\\\n\r]/g, '')}\\"\\\\"`),
  bracketText.map((t) => `'${t.replace(/['\\\n\r]/g, '')}\\''`),
  bracketText.map((t) => `"""${t.replace(/["\\]/g, '')}\n"x"""`),
  bracketText.map((t) => `'''${t.replace(/['\\]/g, '')}\n'x'''`),
  bracketText.map((t) => `<http://x/${t.replace(/[<>"{}|^`\\\s#[\]]/g, '')}>`),
  // A prefixed name's escapes (PN_LOCAL_ESC); brackets and braces have none.
  fc.constantFrom('ex:a\\(', 'ex:b\\)', 'ex:c\\#d', "ex:e\\'", 'ex:f\\(\\)'),
);
const comment = bracketText.map((t) => ` # ${t}\n`);

/** An expression nested `depth` parentheses deep, decoys inside. */
const expression = (depth: number): fc.Arbitrary<Piece> =>
  fc.tuple(decoyTerm, fc.constantFrom('||', '&&', '=', '<', '!=')).map(([term, op]) => ({
    text: `${'('.repeat(depth)}?o ${op} ${term}${')'.repeat(depth)}`,
    depth,
  }));

/** A group graph pattern: triples with decoys, a filter, nested groups or blank nodes. */
const group: fc.Memo<Piece> = fc.memo((n) =>
  fc
    .tuple(
      decoyTerm,
      comment,
      fc.integer({ min: 0, max: 5 }).chain(expression),
      fc.integer({ min: 0, max: 4 }),
      n > 1 ? fc.array(group(n - 1), { maxLength: 2 }) : fc.constant([]),
    )
    .map(([term, note, filter, blanks, inner]) => {
      const blank = `${'[ ex:p '.repeat(blanks)}${term}${' ]'.repeat(blanks)}`;
      const innerText = inner.map((g) => g.text).join(' UNION ');
      const text = `{ ?s ex:p ${blank} .${note} FILTER(${filter.text}) ${innerText} }`;
      const depth = 1 + Math.max(blanks, filter.depth + 1, ...inner.map((g) => g.depth));
      return { text, depth };
    }),
);

/** Shapes the parser finds costly, at any size up to and past the caps. */
const costly = fc.oneof(
  fc.integer({ min: 1, max: 4_000 }).map((d) => `SELECT * WHERE ${'{'.repeat(d)}?s ?p ?o${'}'.repeat(d)}`),
  fc
    .integer({ min: 1, max: 4_000 })
    .map((d) => `SELECT * WHERE { FILTER(${'('.repeat(d)}1${')'.repeat(d)}) }`),
  fc.integer({ min: 1, max: 2_000 }).map((n) => `${P}SELECT * WHERE { ?s ex:p${'/ex:p'.repeat(n)} ?o }`),
  fc.integer({ min: 1, max: 2_000 }).map((n) => `SELECT * WHERE { FILTER(?o${' || ?o'.repeat(n)}) }`),
  fc
    .integer({ min: 1, max: 800 })
    .map((n) => `SELECT * WHERE { {?s ?p ?o}${' UNION {?s ?p ?o}'.repeat(n)} }`),
  fc.integer({ min: 1, max: 1_500 }).map((n) => `SELECT * WHERE { VALUES (?a ?b) {${' (1 2)'.repeat(n)}} }`),
  fc
    .tuple(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 200 }))
    .map(([d, n]) => `SELECT * WHERE {${`${'{'.repeat(d)}?s ?p ?o${'}'.repeat(d)}`.repeat(n)}}`),
);

describe('run_sparql nesting, fuzzed', () => {
  it('reads the depth sparqljs parses, whatever literals, IRIs, comments and escapes hide', () => {
    fc.assert(
      fc.property(group(4), (g) => {
        const query = `${P}SELECT * WHERE ${g.text}`;
        new Parser().parse(query);
        expect(sparqlNestingDepth(query)).toBe(g.depth);
      }),
      fuzzParameters(200),
    );
  });

  it(
    'ends every check within its budget or refuses it, within the length cap',
    async () => {
      await fc.assert(
        fc.asyncProperty(costly, async (query) => {
          fc.pre(query.length <= MAX_QUERY_CHARS);
          const started = performance.now();
          try {
            await guardSparqlInWorker(query, 500, new AbortController().signal);
          } catch (error) {
            expect(isOpenDataError(error) && ['unsafe_sparql', 'query_error'].includes(error.code)).toBe(
              true,
            );
          }
          // The budget, and room for a thread to start on a busy machine.
          expect(performance.now() - started).toBeLessThan(CHECK_BUDGET_MS + 10_000);
        }),
        fuzzParameters(25),
      );
    },
    fuzzTimeout(120_000),
  );
});
