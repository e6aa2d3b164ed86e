import { OpenDataError, shorten, type ToolContext } from '@opendata-mcp/core';
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
  if (response.status < 200 || response.status >= 300) throw statusFailure(response.status, endpoint);
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

// The guarded client maps statuses itself; this covers clients that hand them back.
function statusFailure(status: number, endpoint: string): OpenDataError {
  const host = new URL(endpoint).host;
  const details = { status, host };
  if (status === 429)
    return new OpenDataError('rate_limited', `${host} is rate limiting requests (HTTP 429).`, {
      hint: 'Wait a little before the next call.',
      details,
    });
  if (status >= 500 || status === 408 || status === 425)
    return new OpenDataError('upstream_unavailable', `${host} is unavailable (HTTP ${status}).`, {
      hint: 'The SPARQL endpoint has a temporary problem; try again later or check api_status.',
      details,
    });
  return new OpenDataError('upstream_error', `${host} refused the request (HTTP ${status}).`, { details });
}
