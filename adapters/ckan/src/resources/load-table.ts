import { type CacheRecord, OpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { TableSession } from '@opendata-mcp/tabular';
import type { CkanRuntime } from '../ckan-runtime.js';
import type { TableAccess } from '../ckan-source.js';
import type { CkanResource } from '../portal/ckan-types.js';
import { reachesOnlyThisMachine } from '../portal/host-outside-allow-list.js';
import { notQueryableReason } from '../portal/package-view.js';
import { refuseEmptyDownload } from './empty-resource.js';
import { loadDatastore } from './load-datastore.js';
import { loadTabular } from './load-tabular.js';

export interface LoadedTable {
  session: TableSession;
  accessMethod: TableAccess;
  /** When the bytes behind this answer were fetched or confirmed current. */
  fetchedAt: Date;
  cache: CacheRecord;
  /** DataStore field types, when the portal states them (authoritative schema). */
  datastoreFields: Array<{ name: string; type: string }> | null;
  /** Ends this call's hold on the session; call it once the session is no longer used. */
  release(): Promise<void>;
}

/** What the instance's LRU holds per resource version. */
export interface CachedTable {
  session: TableSession;
  portalFields: Array<{ name: string; type: string }> | null;
  fetchedAt: Date;
  /** How the table was read, when not by downloading the resource's file. */
  accessMethod?: TableAccess;
  isOpen(): boolean;
  close(): Promise<void>;
}

function tableLimits(ctx: ToolContext) {
  return {
    maxRows: ctx.limits.maxRows,
    memoryBytes: ctx.limits.maxQueryMemoryBytes,
    queryTimeoutMs: ctx.limits.queryTimeoutMs,
    maxDownloadBytes: ctx.limits.maxDownloadBytes,
    maxAnswerBytes: ctx.limits.maxAnswerBytes,
    maxEngines: ctx.limits.maxEngines,
    maxEngineMemoryBytes: ctx.limits.maxEngineMemoryBytes,
  };
}

function reportProgress(
  ctx: ToolContext,
  progress: number,
  total: number | undefined,
  message: string,
): void {
  void ctx.progress({ progress, ...(total ? { total } : {}), message });
}

/**
 * The loaded table of a resource, from the instance's LRU when its validators still match. Files are
 * downloaded (or revalidated) through ctx.http from the URL the portal's metadata gives; DataStore
 * tables are paged in through the API.
 */
export async function loadTable(
  rt: CkanRuntime,
  ctx: ToolContext,
  resource: CkanResource,
): Promise<LoadedTable> {
  const reason = notQueryableReason(resource);
  if (reason) {
    throw new OpenDataError('unsupported_resource', reason, {
      hint: 'Pick a resource with queryable: true from get_dataset, or another dataset.',
    });
  }
  if (resource.datastore_active) return loadDatastore(rt, ctx, resource, tableLimits(ctx));
  const url = new URL(resource.url ?? '');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OpenDataError('unsafe_url', `Resource ${resource.id} is not served over http(s).`, {
      hint: 'Only http(s) resources can be loaded.',
    });
  }
  // URL.hostname is lower-cased by the parser; configured names may not be.
  if (rt.allowedHosts && !rt.allowedHosts.some((host) => host.toLowerCase() === url.hostname)) {
    throw new OpenDataError(
      'unsafe_url',
      `Resource ${resource.id} is hosted on ${url.hostname}, which this server may not contact.`,
      {
        hint: reachesOnlyThisMachine(rt.allowedHosts)
          ? `This server reaches only a local backend (${rt.allowedHosts.join(', ')}), as when it runs offline against recordings: pick a resource whose file is recorded there (get_dataset marks the others not queryable); the live portal serves this one.`
          : `Allowed hosts: ${rt.allowedHosts.join(', ')}. Pick a resource hosted there.`,
        details: { host: url.hostname },
      },
    );
  }
  const trusted = await trustedTable(rt, url.href);
  if (trusted) return trusted;
  // The engine process boots while the file downloads.
  void loadTabular().then((tabular) => tabular.warmEngine());
  reportProgress(ctx, 0, undefined, `Downloading ${url.host}${url.pathname}`);
  let lastReport = 0;
  const download = await ctx.http.download({
    url: url.href,
    signal: ctx.signal,
    maxBytes: ctx.limits.maxDownloadBytes,
    // A file checked within the metadata TTL is used without a request, like the metadata that named it.
    cacheTtlMs: rt.resourceTtlMs,
    onProgress: (received, total) => {
      // A progress notification per megabyte is plenty for a client's progress bar.
      if (received - lastReport < 1_048_576 && received !== total) return;
      lastReport = received;
      reportProgress(ctx, received, total ?? undefined, 'Downloading');
    },
  });
  const validator =
    download.etag ?? download.lastModified ?? `${download.bytes}@${download.firstFetchedAt.toISOString()}`;
  const prefix = `file:${url.href}#`;
  const key = `${prefix}${validator}`;
  // The cache keeps the downloaded file until it is released; once loaded, the table no longer needs it.
  const leased = await rt.sessions
    .use(key, async () => {
      refuseEmptyDownload(resource, download.bytes);
      const { openTable } = await loadTabular();
      const session = await openTable({
        path: download.path,
        formatHint: resource.format ?? null,
        limits: tableLimits(ctx),
        signal: ctx.signal,
        onProgress: (p) => reportProgress(ctx, p.progress, p.total, p.message ?? 'Loading'),
      });
      return {
        session,
        portalFields: null,
        fetchedAt: download.fetchedAt,
        isOpen: () => session.isOpen(),
        close: () => session.close(),
      };
    })
    .finally(() => download.release?.());
  const { value: table, hit, release } = leased;
  await rt.sessions.drop(prefix, key);
  if (rt.resourceTtlMs > 0) {
    rt.trustedFiles.set(url.href, {
      key,
      fetchedAt: download.fetchedAt,
      firstFetchedAt: download.firstFetchedAt,
      until: download.fetchedAt.getTime() + rt.resourceTtlMs,
    });
  }
  return {
    session: table.session,
    accessMethod: 'download',
    fetchedAt: download.fetchedAt,
    cache: {
      hit: hit || download.fromCache,
      revalidated: download.revalidated,
      first_fetched_at: download.firstFetchedAt.toISOString(),
    },
    datastoreFields: null,
    release,
  };
}

/**
 * The loaded table of a file confirmed within the metadata TTL, without touching the download cache:
 * under many clients the per-call file checks and holds were work repeated for nothing.
 */
async function trustedTable(rt: CkanRuntime, url: string): Promise<LoadedTable | null> {
  const trusted = rt.trustedFiles.get(url);
  if (!trusted) return null;
  const lease = Date.now() < trusted.until ? await rt.sessions.useLoaded(trusted.key) : null;
  if (!lease) {
    rt.trustedFiles.delete(url);
    return null;
  }
  return {
    session: lease.value.session,
    accessMethod: 'download',
    fetchedAt: trusted.fetchedAt,
    cache: { hit: true, revalidated: false, first_fetched_at: trusted.firstFetchedAt.toISOString() },
    datastoreFields: null,
    release: lease.release,
  };
}
