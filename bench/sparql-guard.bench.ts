// `pnpm bench sparql-guard`: how long run_sparql's guard (the depth pre-check, sparqljs's parse, the
// tree walk and the regeneration) holds the main thread on the most expensive query shapes that
// pass the length and depth pre-checks. Each shape fills the 8,192-character cap; the time is the
// median and the maximum of several runs after a warm-up. Then how long the event loop stalls
// while one of them is checked inline and on a worker. Prints tables, each with one JSON line.

import { guardSparqlInWorker } from '../adapters/lindas/src/sparql/guard-in-worker.js';
import {
  guardSparql,
  MAX_NESTING_DEPTH,
  MAX_QUERY_CHARS,
} from '../adapters/lindas/src/sparql/sparql-guard.js';

const RUNS = 7;
const P = 'PREFIX ex: <http://e/> ';
const D = MAX_NESTING_DEPTH;

/** `unit` repeated as often as fits between `head` and `tail` within the length cap. */
function fill(head: string, unit: string, tail: string, separator = ''): string {
  const room = MAX_QUERY_CHARS - head.length - tail.length;
  const count = Math.max(1, Math.floor((room + separator.length) / (unit.length + separator.length)));
  return head + Array.from({ length: count }, () => unit).join(separator) + tail;
}

const nestedGroup = `${'{'.repeat(D - 1)}?s ?p ?o${'}'.repeat(D - 1)}`;
const nestedParens = `FILTER(${'('.repeat(D - 2)}?o${')'.repeat(D - 2)})`;

const SHAPES: Record<string, string> = {
  'deepest groups, repeated': fill('SELECT * WHERE {', nestedGroup, '}'),
  'deepest parentheses, repeated': fill('SELECT * WHERE { ?s ?p ?o ', nestedParens, '}'),
  'deepest blank nodes, repeated': fill(
    `${P}SELECT * WHERE { ?s ex:p `,
    `${'[ex:p '.repeat(D - 1)}1${']'.repeat(D - 1)}`,
    '}',
    ',',
  ),
  'deepest path groups, repeated': fill(
    `${P}SELECT * WHERE { ?s `,
    `${'('.repeat(D - 1)}ex:p${')'.repeat(D - 1)}`,
    ' ?o }',
    '/',
  ),
  'deepest subqueries': `SELECT * WHERE ${'{ SELECT * WHERE '.repeat(D / 2 - 1)}{ ?s ?p ?o }${'}'.repeat(D / 2 - 1)}`,
  'long sequence path a/b/c': fill(`${P}SELECT * WHERE { ?s `, 'ex:p', ' ?o }', '/'),
  'long alternative path a|b|c': fill(`${P}SELECT * WHERE { ?s `, 'ex:p', ' ?o }', '|'),
  'inverse, repeated path steps': fill(`${P}SELECT * WHERE { ?s `, '^ex:p*', ' ?o }', '/'),
  '|| chain': fill('SELECT * WHERE { ?s ?p ?o FILTER(', '?o', ') }', '||'),
  '&& chain': fill('SELECT * WHERE { ?s ?p ?o FILTER(', '?o', ') }', '&&'),
  '+ chain': fill('SELECT * WHERE { ?s ?p ?o FILTER(', '?o', ' > 0) }', '+'),
  'many UNIONs': fill('SELECT * WHERE { ', '{?s ?p ?o}', ' }', 'UNION'),
  'many VALUES rows': fill('SELECT * WHERE { VALUES (?a ?b) {', '(1 2)', '} }'),
  'many IN values': fill('SELECT * WHERE { ?s ?p ?o FILTER(?o IN (', '1', ')) }', ','),
  'many BINDs': fill('SELECT * WHERE { ?s ?p ?o ', 'BIND(1 AS ?x)', ' }'),
  'many OPTIONALs': fill('SELECT * WHERE { ?s ?p ?o ', 'OPTIONAL{?s ?p ?o}', ' }'),
  'many triples': fill('SELECT * WHERE { ', '?s ?p ?o.', ' }'),
  'long RDF collection': fill('SELECT * WHERE { ?s ?p (', '1', ') }', ' '),
  'many nested function calls': fill(
    'SELECT * WHERE { ?s ?p ?o FILTER(',
    `${'STR('.repeat(D - 3)}?o${')'.repeat(D - 3)}`,
    ') }',
    '||',
  ),
  'strings and IRIs full of brackets': fill(
    'SELECT * WHERE { ?s ?p ?o FILTER(?o IN (',
    '"{{{((([[[", <http://x/(((>',
    ')) }',
    ',',
  ),
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function measure(query: string): { median: number; max: number; outcome: string } {
  const times: number[] = [];
  let outcome = 'passes';
  for (let run = 0; run < RUNS + 1; run++) {
    const started = performance.now();
    try {
      guardSparql(query, 500);
    } catch (error) {
      outcome = (error as { code?: string }).code ?? 'thrown';
    }
    if (run > 0) times.push(performance.now() - started);
  }
  return { median: median(times), max: Math.max(...times), outcome };
}

const rows = Object.entries(SHAPES).map(([shape, query]) => ({
  shape,
  chars: query.length,
  ...measure(query),
}));
for (const row of rows) {
  console.log(
    `${row.shape.padEnd(36)} ${String(row.chars).padStart(5)} chars  median ${row.median.toFixed(1).padStart(6)} ms  max ${row.max.toFixed(1).padStart(6)} ms  ${row.outcome}`,
  );
}
const worst = rows.reduce((a, b) => (b.max > a.max ? b : a));
console.log(
  JSON.stringify({ bench: 'sparql-guard', worst: { shape: worst.shape, max_ms: worst.max }, rows }),
);

// How long the server's event loop stalls while one such query is checked: before, on the main
// thread (guardSparql called inline); now, on a worker thread (what run_sparql does).
async function stall(check: () => Promise<unknown>): Promise<number> {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  let last = performance.now();
  let worst = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 1);
  await sleep(10);
  worst = 0;
  await check().catch(() => undefined);
  await sleep(20);
  clearInterval(ticker);
  return worst;
}

const heavy = SHAPES['deepest groups, repeated'] ?? '';
await guardSparqlInWorker(heavy, 500, new AbortController().signal).catch(() => undefined);
const inline = await stall(async () => guardSparql(heavy, 500));
const threaded = await stall(() => guardSparqlInWorker(heavy, 500, new AbortController().signal));
console.log(
  `event loop stalled while checking 'deepest groups, repeated': inline ${inline.toFixed(0)} ms, on a worker ${threaded.toFixed(0)} ms`,
);
const nested = `SELECT * WHERE ${'{'.repeat(4080)} ?s ?p ?o ${'}'.repeat(4080)}`;
const refused = await stall(async () => guardSparql(nested, 500));
console.log(
  `event loop stalled while refusing 4,080 nested groups (45 s in sparqljs): ${refused.toFixed(0)} ms`,
);
console.log(
  JSON.stringify({
    bench: 'sparql-guard-stall',
    inline_ms: inline,
    worker_ms: threaded,
    nested_4080_ms: refused,
  }),
);
process.exit(0);
