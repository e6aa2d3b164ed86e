import type { ToolContext } from '@opendata-mcp/core';
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

/** package_show, from the metadata cache when fresh. */
export function showPackage(
  rt: CkanRuntime,
  ctx: ToolContext,
  id: string,
): Promise<ActionAnswer<CkanPackage>> {
  return rt.client.action<CkanPackage>(ctx, 'package_show', { id });
}
