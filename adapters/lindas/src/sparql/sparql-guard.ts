import { createRequire } from 'node:module';
import { OpenDataError, shorten } from '@opendata-mcp/core/errors';
import type sparqljs from 'sparqljs';
import { sparqlNestingDepth } from './nesting-depth.js';

const require = createRequire(import.meta.url);
let library: typeof sparqljs | undefined;

/** sparqljs, required on the first query rather than at server start; synchronously, like the guard. */
function sparql(): typeof sparqljs {
  library ??= require('sparqljs') as typeof sparqljs;
  return library;
}

export const MAX_QUERY_CHARS = 8192;
/**
 * Deepest nesting of braces, parentheses and brackets taken together. Written queries nest a
 * dozen levels at most (a subquery in an OPTIONAL in a FILTER with grouped conditions); 64 leaves
 * room for generated ones. sparqljs's parse time grows faster than linearly with depth (4,000
 * nested groups took 45 s), so depth is bounded before it starts.
 */
export const MAX_NESTING_DEPTH = 64;

export interface GuardedQuery {
  /** The query regenerated from the checked syntax tree, with the row cap as its LIMIT. */
  text: string;
  kind: 'SELECT' | 'ASK';
  /** The LIMIT the caller wrote, if any. */
  requestedLimit: number | null;
  /** The LIMIT written into the query sent. */
  limit: number | null;
}

// Casts and standard functions are plain IRIs in the tree; anything else is a store extension.
const ALLOWED_FUNCTION_NAMESPACES = ['http://www.w3.org/2001/XMLSchema#'];

/**
 * The linear checks that bound sparqljs's work: length, and nesting depth read by a lexical scan.
 * Cheap enough for the main thread, so a hostile text is refused before any thread starts.
 */
export function precheckSparql(text: string): void {
  if (text.length > MAX_QUERY_CHARS) {
    throw refuse(
      `The query is ${text.length} characters long; at most ${MAX_QUERY_CHARS} are accepted.`,
      'Write a shorter query; anchor it on a class or an IRI instead of listing values.',
    );
  }
  const depth = sparqlNestingDepth(text);
  if (depth > MAX_NESTING_DEPTH) {
    throw refuse(
      `The query nests braces, parentheses or brackets ${depth} levels deep; at most ${MAX_NESTING_DEPTH} are accepted.`,
      'Flatten the query: list patterns side by side in one group, and join conditions with && or || instead of nesting them.',
    );
  }
}

/**
 * Checks a model-written query on its syntax tree (sparqljs) and regenerates it, so what the
 * store receives is exactly what was checked: SELECT or ASK only; no SERVICE (federation
 * would reach other hosts), no dataset clauses (FROM can make a store load remote graphs),
 * no extension functions; the row cap becomes the query's LIMIT. Runs on a worker thread (see
 * guard-in-worker.ts): even within the length and depth caps a parse can take a few hundred ms.
 */
export function guardSparql(text: string, rowCap: number): GuardedQuery {
  precheckSparql(text);
  let parsed: sparqljs.SparqlQuery;
  try {
    parsed = new (sparql().Parser)().parse(text);
  } catch (error) {
    throw new OpenDataError(
      'query_error',
      `The query does not parse: ${shorten(String((error as Error).message ?? error), 300)}`,
      {
        hint: 'Send exactly one SPARQL SELECT or ASK query with its PREFIX lines.',
      },
    );
  }
  if (parsed.type === 'update') {
    throw refuse(
      'Updates (INSERT, DELETE, LOAD, CLEAR, CREATE, DROP …) are not allowed.',
      'This tool only reads: write a SELECT or ASK query.',
    );
  }
  if (parsed.queryType !== 'SELECT' && parsed.queryType !== 'ASK') {
    throw refuse(
      `${parsed.queryType} queries are not allowed.`,
      'Rewrite it as SELECT ?s ?p ?o WHERE { … } to read the same triples as rows.',
    );
  }
  if (parsed.from && (parsed.from.default.length > 0 || parsed.from.named.length > 0)) {
    throw refuse(
      'FROM and FROM NAMED clauses are not allowed.',
      'Query the default graph; use GRAPH ?g { … } to read named graphs.',
    );
  }
  inspect(parsed);
  if (parsed.queryType === 'ASK')
    return {
      text: new (sparql().Generator)().stringify(parsed),
      kind: 'ASK',
      requestedLimit: null,
      limit: null,
    };
  const requestedLimit = typeof parsed.limit === 'number' ? parsed.limit : null;
  const limit = Math.min(requestedLimit ?? rowCap, rowCap);
  parsed.limit = limit;
  return { text: new (sparql().Generator)().stringify(parsed), kind: 'SELECT', requestedLimit, limit };
}

function inspect(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) inspect(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (record.type === 'service') {
    throw refuse(
      'SERVICE (federated queries) is not allowed.',
      'Query only this endpoint; remove the SERVICE block.',
    );
  }
  if (record.type === 'functionCall') {
    const fn = record.function as { value?: string } | undefined;
    const name = fn?.value ?? '';
    if (!ALLOWED_FUNCTION_NAMESPACES.some((ns) => name.startsWith(ns))) {
      throw refuse(
        `The extension function <${shorten(name, 120)}> is not allowed.`,
        'Use standard SPARQL functions and xsd: casts only.',
      );
    }
  }
  for (const value of Object.values(record)) if (value && typeof value === 'object') inspect(value);
}

function refuse(message: string, hint: string): OpenDataError {
  return new OpenDataError('unsafe_sparql', message, { hint });
}
