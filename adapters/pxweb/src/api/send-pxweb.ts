import { type HttpResponse, isOpenDataError, OpenDataError, type ToolContext } from '@opendata-mcp/core';

export interface PxwebRequest {
  url: string;
  /** v1 data queries are POSTed as JSON. */
  body?: unknown;
  /** Metadata is reused from the cache this long; data is never cached. */
  ttlMs?: number;
}

/**
 * One PxWeb call through the guarded client. PxWeb answers 403 when a selection has too many
 * cells and 400 when it names something the table does not have; both are mapped here so a
 * refusal never reads as an outage or as empty data.
 */
export async function sendPxweb(ctx: ToolContext, request: PxwebRequest): Promise<HttpResponse> {
  try {
    return await ctx.http.fetch({
      url: request.url,
      headers: { accept: 'application/json' },
      signal: ctx.signal,
      timeoutMs: ctx.limits.requestTimeoutMs,
      maxBytes: ctx.limits.maxResponseBytes,
      ...(request.body === undefined
        ? {}
        : {
            method: 'POST',
            body: JSON.stringify(request.body),
            headers: { 'content-type': 'application/json', accept: 'application/json' },
          }),
      ...(request.ttlMs ? { cacheTtlMs: request.ttlMs } : {}),
    });
  } catch (error) {
    throw mapRefusal(error);
  }
}

function mapRefusal(error: unknown): unknown {
  if (!isOpenDataError(error)) return error;
  const status = error.details?.status;
  if (status === 403 || status === 413) {
    return new OpenDataError('resource_too_large', 'The portal refused: the selection has too many cells.', {
      hint: 'Select fewer values per variable, or fewer periods, and ask again.',
      details: error.details,
    });
  }
  if (status === 400) {
    return new OpenDataError('upstream_error', 'The portal rejected the query (HTTP 400).', {
      hint: 'Check variable and value codes with get_table_structure; the table may have changed.',
      details: error.details,
    });
  }
  if (status === 404) {
    return new OpenDataError('not_found', 'The portal has no such table or folder.', {
      hint: 'Find the current id with search_tables or browse_tables.',
      details: error.details,
    });
  }
  return error;
}
