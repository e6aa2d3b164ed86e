import { isOpenDataError, OpenDataError, type ToolContext } from '@opendata-mcp/core';
import { type ActionAnswer, CkanClient } from './portal/ckan-client.js';
import type { CkanPackage } from './portal/ckan-types.js';
import type { ResolvedQuirks } from './portal/portal-quirks.js';
import type { CachedTable } from './resources/load-table.js';
import type { SessionCache } from './resources/session-cache.js';

/** What the tools of one adapter instance share: the portal, its quirks, the client and the loaded tables. */
export interface CkanRuntime {
  id: string;
  baseUrl: string;
  title: string;
  quirks: ResolvedQuirks;
  client: CkanClient;
  sessions: SessionCache<CachedTable>;
  allowedHosts: string[] | undefined;
  /** How long a downloaded resource is trusted without asking the portal again (the metadata TTL). */
  resourceTtlMs: number;
  /**
   * Resource files confirmed current, by URL: the loaded table's cache key, when the file was fetched or
   * confirmed, and until when it is trusted. Within that time a query goes straight to the loaded table.
   */
  trustedFiles: Map<string, TrustedFile>;
  /** Whether the portal runs `datastore_search_sql` (most keep it off); unknown until first tried. */
  datastoreSql: { enabled: boolean | undefined };
}

export interface TrustedFile {
  key: string;
  fetchedAt: Date;
  firstFetchedAt: Date;
  until: number;
}

export function createClient(baseUrl: string, quirks: ResolvedQuirks, ttlMs: number): CkanClient {
  return new CkanClient(baseUrl, quirks, ttlMs);
}

/** package_show, from the metadata cache when fresh; an unknown id names datasets near it. */
export async function showPackage(
  rt: CkanRuntime,
  ctx: ToolContext,
  id: string,
): Promise<ActionAnswer<CkanPackage>> {
  try {
    return await rt.client.action<CkanPackage>(ctx, 'package_show', { id });
  } catch (error) {
    if (!isOpenDataError(error) || error.code !== 'not_found') throw error;
    const near = await datasetsNear(rt, ctx, id);
    if (near.length === 0) throw error;
    throw new OpenDataError('not_found', error.message, {
      hint: `Datasets matching the words of "${id.slice(0, 60)}": ${near.join(', ')}. search_datasets finds more by words.`,
      ...(error.details ? { details: error.details } : {}),
    });
  }
}

/** Up to five dataset names a search for the words of an unknown id finds (one cached request). */
async function datasetsNear(rt: CkanRuntime, ctx: ToolContext, id: string): Promise<string[]> {
  const words = id
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1)
    .slice(0, 6);
  if (words.length === 0) return [];
  try {
    const answer = await rt.client.action<{ results?: Array<{ name?: unknown }> }>(ctx, 'package_search', {
      q: words.join(' '),
      rows: 5,
    });
    return (answer.result.results ?? []).flatMap((p) => (typeof p.name === 'string' ? [p.name] : []));
  } catch {
    return [];
  }
}
