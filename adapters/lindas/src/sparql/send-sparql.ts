import { OpenDataError, shorten, statusError, type ToolContext } from '@opendata-mcp/core';
import {
  isAskResult,
  isSelectResult,
  type SparqlAskResult,
  type SparqlSelectResult,
} from './sparql-results.js';

export interface SparqlAnswer<T> {
  body: T;
  /** The query text exactly as sent, for provenance. */
  query: string;
  fetchedAt: Date;
  fromCache: boolean;
}

export interface SendOptions {
  /** Keep the answer in the metadata cache this long (structure and code lists, not data rows). */
  cacheTtlMs?: number;
  timeoutMs?: number;
  /** Total deadline across retries, in ms. */
  deadlineMs?: number;
}

/**
 * Sends one query by the SPARQL 1.1 protocol (POST, form-encoded) through the guarded client.
 * A store-side rejection (HTTP 400) becomes `query_error` with the store's message, shortened;
 * transport failures keep the client's code; a body that is not a SPARQL result is an
 * upstream error, never an empty answer.
 */
export async function sendSparql(
  ctx: ToolContext,
  endpoint: string,
  query: string,
  options: SendOptions = {},
): Promise<SparqlAnswer<SparqlSelectResult | SparqlAskResult>> {
  const response = await ctx.http.fetch({
    url: endpoint,
    method: 'POST',
    headers: {
      accept: 'application/sparql-results+json',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ query }).toString(),
    signal: ctx.signal,
    timeoutMs: options.timeoutMs ?? ctx.limits.requestTimeoutMs,
    maxBytes: ctx.limits.maxResponseBytes,
    // The store explains a rejected query in the body of its 400; relay that, shortened.
    acceptStatuses: [400],
    ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}),
    ...(options.cacheTtlMs ? { cacheTtlMs: options.cacheTtlMs } : {}),
  });
  if (response.status === 400) throw storeRejected(response.text());
  // The guarded client maps statuses itself; an injected client that hands one back gets the same codes.
  if (response.status < 200 || response.status >= 300) {
    throw statusError(response.status, new URL(endpoint).host, response.headers['retry-after'] ?? null);
  }
  let parsed: unknown;
  try {
    parsed = response.json();
  } catch {
    throw new OpenDataError('upstream_error', 'The SPARQL endpoint sent an answer that is not valid JSON.', {
      hint: 'The answer was cut off or replaced by an error page; try again.',
      details: { status: response.status },
    });
  }
  if (!isSelectResult(parsed) && !isAskResult(parsed)) {
    throw new OpenDataError('upstream_error', 'The SPARQL endpoint sent JSON that is not a SPARQL result.', {
      details: { status: response.status },
    });
  }
  return { body: parsed, query, fetchedAt: response.fetchedAt, fromCache: response.fromCache };
}

/** `sendSparql` for templates that must answer with rows. */
export async function selectRows(
  ctx: ToolContext,
  endpoint: string,
  query: string,
  options: SendOptions = {},
): Promise<SparqlAnswer<SparqlSelectResult>> {
  const answer = await sendSparql(ctx, endpoint, query, options);
  if (!isSelectResult(answer.body)) {
    throw new OpenDataError('upstream_error', 'The SPARQL endpoint did not answer with result rows.');
  }
  return { ...answer, body: answer.body };
}

function storeRejected(message: string | null): OpenDataError {
  const detail = message ? `: ${shorten(message, 300)}` : '.';
  return new OpenDataError('query_error', `The SPARQL store rejected the query${detail}`, {
    hint: 'Fix the query syntax; prefixes must be declared and every IRI written in <…>.',
    details: { status: 400 },
  });
}
