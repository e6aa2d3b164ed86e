import { isOpenDataError, OpenDataError, type ToolContext } from '@opendata-mcp/core';
import { parseExactJson } from './parse-exact-json.js';
import type { ResolvedQuirks } from './portal-quirks.js';

export interface ActionAnswer<T> {
  result: T;
  /** The URL called, recorded in provenance. */
  url: string;
  fetchedAt: Date;
  fromCache: boolean;
}

type Params = Record<string, string | number | boolean | undefined>;

export interface ActionOptions {
  cache?: boolean;
  /** Numbers a double does not hold come back as `LosslessNumber`s (DataStore records), not rounded. */
  exactNumbers?: boolean;
}

const LAYOUTS = ['/api/3/action', '/api/action'] as const;

/** Calls CKAN actions of one portal through the guarded client and unwraps the `success` envelope. */
export class CkanClient {
  private layout: Promise<string> | undefined;

  constructor(
    readonly baseUrl: string,
    private readonly quirks: ResolvedQuirks,
    private readonly ttlMs: number,
  ) {
    if (quirks.api_path) this.layout = Promise.resolve(quirks.api_path);
  }

  async action<T>(
    ctx: ToolContext,
    name: string,
    params: Params,
    options: ActionOptions = {},
  ): Promise<ActionAnswer<T>> {
    return this.call<T>(ctx, await this.apiPath(ctx), name, params, options);
  }

  /** The API layout: configured, known for the host, or found once with `status_show` on each layout. */
  private apiPath(ctx: ToolContext): Promise<string> {
    this.layout ??= (async () => {
      for (const layout of LAYOUTS) {
        try {
          await this.call(ctx, layout, 'status_show', {}, { cache: false });
          return layout;
        } catch (error) {
          if (!(isOpenDataError(error) && error.code === 'not_found')) throw error;
        }
      }
      throw new OpenDataError('not_found', `No CKAN action API answers at ${this.baseUrl}.`, {
        hint: 'Check the configured url (the portal root) and api_path ("/api/3/action" or "/api/action").',
      });
    })();
    const pending = this.layout;
    // A failed detection (portal down) is retried on the next call rather than remembered.
    pending.catch(() => {
      if (this.layout === pending) this.layout = undefined;
    });
    return pending;
  }

  urlFor(apiPath: string, name: string, params: Params): string {
    const url = this.portalUrl(`${apiPath}/${name}`);
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  /** The DataStore's bulk CSV export of one resource (`/datastore/dump/<id>`, beside the action API). */
  dumpUrl(resourceId: string): string {
    return this.portalUrl(`/datastore/dump/${encodeURIComponent(resourceId)}`).toString();
  }

  private portalUrl(path: string): URL {
    const root = new URL(this.baseUrl);
    const basePath = root.pathname.replace(/\/+$/, '');
    // A configured sub-path wins over the host table's prefix.
    return new URL(`${basePath || this.quirks.path_prefix}${path}`, root.origin);
  }

  private async call<T>(
    ctx: ToolContext,
    apiPath: string,
    name: string,
    params: Params,
    options: ActionOptions,
  ): Promise<ActionAnswer<T>> {
    const url = this.urlFor(apiPath, name, params);
    let status: number;
    let text: string;
    let fetchedAt: Date;
    let fromCache: boolean;
    try {
      const response = await ctx.http.fetch({
        url,
        headers: { accept: 'application/json' },
        signal: ctx.signal,
        timeoutMs: ctx.limits.requestTimeoutMs,
        maxBytes: ctx.limits.maxResponseBytes,
        ...(options.cache !== false && this.ttlMs > 0 ? { cacheTtlMs: this.ttlMs } : {}),
      });
      ({ status, fetchedAt, fromCache } = response);
      text = response.text();
    } catch (error) {
      throw isOpenDataError(error) ? fromStatus(name, error) : error;
    }
    const body = parse(text, options.exactNumbers === true);
    if (!body) {
      throw new OpenDataError(
        'upstream_error',
        `The portal answered ${name} with something that is not a CKAN API response.`,
        {
          hint: 'The portal may be behind a challenge page or misconfigured; check api_status, or try again later.',
          details: { status, host: new URL(url).host },
        },
      );
    }
    if (body.success === true && 'result' in body) {
      return { result: body.result as T, url, fetchedAt, fromCache };
    }
    throw ckanError(name, body.error, status, new URL(url).host);
  }
}

function parse(
  text: string,
  exactNumbers: boolean,
): { success?: unknown; result?: unknown; error?: unknown } | undefined {
  try {
    const value = exactNumbers ? parseExactJson(text) : (JSON.parse(text) as unknown);
    return typeof value === 'object' && value !== null && 'success' in value ? (value as never) : undefined;
  } catch {
    return undefined;
  }
}

/** The guarded client reports refused statuses without the body; the status still says what CKAN meant. */
function fromStatus(name: string, error: OpenDataError): OpenDataError {
  const status = error.details?.status;
  const types: Record<number, string> = {
    403: 'Authorization Error',
    404: 'Not Found Error',
    409: 'Validation Error',
  };
  const type = typeof status === 'number' ? types[status] : undefined;
  if (!type) return error;
  return ckanError(name, { __type: type }, status as number, String(error.details?.host ?? ''));
}

/** Maps CKAN's error `__type` to a stable code; the portal's message is shortened, never echoed whole. */
function ckanError(name: string, error: unknown, status: number, host: string): OpenDataError {
  const type =
    typeof error === 'object' && error !== null ? String((error as { __type?: unknown }).__type ?? '') : '';
  const details = { status, host, ckan_error: type || null };
  if (/not found/i.test(type)) {
    return new OpenDataError('not_found', `The portal has no such object (${name}).`, {
      hint: 'Use search_datasets to find a valid dataset id or name, and get_dataset for resource ids.',
      details,
    });
  }
  if (/authori[sz]ation/i.test(type)) {
    return new OpenDataError(
      'scope_denied',
      `The portal refused ${name}: the object is private or needs a login.`,
      {
        hint: 'Only public datasets can be read; pick another dataset.',
        details,
      },
    );
  }
  if (/validation|search/i.test(type) || status === 409) {
    return new OpenDataError('invalid_input', `The portal rejected the parameters of ${name}.`, {
      hint: 'Use plain words in the query, without search-engine syntax such as unbalanced quotes or colons.',
      details,
    });
  }
  return new OpenDataError(
    'upstream_error',
    `The portal answered ${name} with an error (${type || `HTTP ${status}`}).`,
    {
      hint: 'Try again later or check api_status.',
      details,
    },
  );
}
