import { isOpenDataError, OpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { awaitExtraction, queuedExtraction } from './async-extraction.js';
import { bodyText } from './body-text.js';
import type { UnsupportedFeatures } from './unsupported-features.js';

export interface SdmxAnswer {
  /** The URL called, recorded in provenance. */
  url: string;
  /** The body as the registry sent it: a structure answer is read from its bytes, never decoded whole. */
  body: Uint8Array;
  headers: Record<string, string>;
  fetchedAt: Date;
  fromCache: boolean;
}

/** A data answer, with its body decoded: the data parsers, and the check for a queued extraction, read text. */
export interface DataAnswer extends SdmxAnswer {
  text: string;
}

export const STRUCTURE_ACCEPT =
  'application/vnd.sdmx.structure+xml;version=2.1, application/xml;q=0.9, application/vnd.sdmx.structure+json;version=2.0.0;q=0.5';
export const CSV_ACCEPT = 'application/vnd.sdmx.data+csv;version=1.0.0, text/csv;q=0.9';

/**
 * The Accept header for a data query: the registry's formats in the order to ask for them, each
 * with a lower quality than the one before, then anything (every answer is read by what it is).
 */
export function dataAccept(rt: Pick<SdmxRuntime, 'dataFormats'> | undefined): string {
  const formats = rt?.dataFormats;
  if (!formats || formats.length === 0) return CSV_ACCEPT;
  const types = [...new Set(formats.map((f) => f.accept))];
  const weighted = types.map((type, i) =>
    i === 0 ? type : `${type};q=${Math.max(0.2, 1 - i * 0.1).toFixed(1)}`,
  );
  return [...weighted, '*/*;q=0.1'].join(', ');
}

// Answers by which a registry says it does not take a format= value or an Accept type.
const FORMAT_REFUSED = new Set([400, 406, 415, 501]);

/** A REST URL under the registry base; path segments must already be validated and encoded. */
export function restUrl(rt: SdmxRuntime, path: string, params: Record<string, string | undefined>): string {
  const url = new URL(`${rt.baseUrl}/${path}`);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * A structure query (dataflows, DSD, code lists). SDMX registries answer 404 when nothing
 * matches the path, which for a structure means the artefact does not exist.
 */
export async function fetchStructure(rt: SdmxRuntime, ctx: ToolContext, url: string): Promise<SdmxAnswer> {
  try {
    return await send(ctx, url, STRUCTURE_ACCEPT, rt.ttlMs);
  } catch (error) {
    if (isOpenDataError(error) && error.details?.status === 404) {
      throw new OpenDataError('not_found', 'The registry has no such dataflow or structure.', {
        hint: 'Check the id, agency and version with search_dataflows.',
        details: error.details,
      });
    }
    throw mapRefusal(error);
  }
}

/**
 * A data query. 404 is how SDMX says "NoResultsFound": the registry answered and holds no
 * observation for this key and period, which is `no_data`, never an empty success. An answer that
 * says the extraction was queued (Eurostat) is polled for within the call's time.
 */
export async function fetchData(
  ctx: ToolContext,
  url: string,
  rt?: Pick<SdmxRuntime, 'dataFormats' | 'unsupported' | 'baseUrl'>,
): Promise<DataAnswer> {
  const accept = dataAccept(rt);
  const withText = async (answer: SdmxAnswer): Promise<DataAnswer> => ({
    ...answer,
    text: await bodyText(answer.body, ctx.signal),
  });
  try {
    const answer = await withText(await negotiate(ctx, url, accept, rt?.unsupported));
    const job = queuedExtraction(answer.text);
    if (!job) return answer;
    return await awaitExtraction(ctx, rt?.baseUrl, job, url, async (poll) =>
      withText(await send(ctx, poll, accept, 0)),
    );
  } catch (error) {
    if (isOpenDataError(error) && error.details?.status === 404) {
      throw new OpenDataError(
        'no_data',
        'The registry answered: no observations match this key and period.',
        {
          hint: 'Widen the period, drop a filter, or check availability with list_codes; this is not an outage.',
          details: error.details,
        },
      );
    }
    throw mapRefusal(error);
  }
}

/**
 * Asks as the profile says; when the registry refuses a `format=` value (400, 406, 415, 501),
 * asks once more without it, by the Accept header alone. A registry that ignores both answers in
 * its own default format, which the data parsers read as it is.
 */
async function negotiate(
  ctx: ToolContext,
  url: string,
  accept: string,
  unsupported: UnsupportedFeatures | undefined,
): Promise<SdmxAnswer> {
  const withoutFormat = new URL(url);
  withoutFormat.searchParams.delete('format');
  // A registry that answered 501 to format= lately is asked by the Accept header alone.
  if (unsupported?.has('format', ctx.clock.now()))
    return await send(ctx, withoutFormat.toString(), accept, 0);
  try {
    return await send(ctx, url, accept, 0);
  } catch (error) {
    const refused = isOpenDataError(error) && FORMAT_REFUSED.has(Number(error.details?.status));
    if (!refused || !new URL(url).searchParams.has('format')) throw error;
    unsupported?.noteRefusal('format', error, ctx.clock.now());
    return await send(ctx, withoutFormat.toString(), accept, 0);
  }
}

async function send(ctx: ToolContext, url: string, accept: string, ttlMs: number): Promise<SdmxAnswer> {
  const response = await ctx.http.fetch({
    url,
    headers: { accept },
    signal: ctx.signal,
    timeoutMs: ctx.limits.requestTimeoutMs,
    maxBytes: ctx.limits.maxResponseBytes,
    ...(ttlMs > 0 ? { cacheTtlMs: ttlMs } : {}),
  });
  return {
    url,
    body: response.body,
    headers: response.headers,
    fetchedAt: response.fetchedAt,
    fromCache: response.fromCache,
  };
}

// Registries answer 400 for a syntax they do not support and 413 when an answer would be too large.
function mapRefusal(error: unknown): unknown {
  if (!isOpenDataError(error)) return error;
  const status = error.details?.status;
  if (status === 413) {
    return new OpenDataError('resource_too_large', 'The registry refused: the answer would be too large.', {
      hint: 'Narrow the query with more filters or a shorter period.',
      details: error.details,
    });
  }
  if (status === 400 || status === 501) {
    return new OpenDataError('upstream_error', `The registry rejected the request (HTTP ${status}).`, {
      hint: 'This registry may not support this kind of query; narrow it or check api_status.',
      details: error.details,
    });
  }
  return error;
}
