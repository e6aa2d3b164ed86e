import { OpenDataError } from '@opendata-mcp/core';
import { type CkanRuntime, createClient } from '../ckan-runtime.js';
import { directoryEntryForHost, PORTAL_DIRECTORY } from './portal-directory.js';
import { resolveQuirks } from './portal-quirks.js';

/** Portals named in calls whose clients and state are kept; the oldest is forgotten past this. */
const KEPT_PORTALS = 16;

/** The other CKAN portals a call may name with `portal`, when the instance allows it. */
export interface OtherPortals {
  /** The runtime for a directory id or a portal URL; the instance's own when it names the same portal. */
  resolve(portal: string): CkanRuntime;
  /** One line for api_status. */
  describe(): string;
}

function unknownPortal(portal: string): OpenDataError {
  return new OpenDataError(
    'invalid_input',
    `Unknown portal ${JSON.stringify(portal.slice(0, 80))}: neither an id of the portal directory nor an http(s) URL.`,
    {
      hint: `Give a directory id (${PORTAL_DIRECTORY.map((e) => e.id).join(', ')}) or the portal's base URL, e.g. "https://opendata.swiss".`,
    },
  );
}

function portalRoot(portal: string): URL {
  let url: URL;
  try {
    url = new URL(portal);
  } catch {
    throw unknownPortal(portal);
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  ) {
    throw new OpenDataError(
      'invalid_input',
      'A portal URL is a plain http(s) base URL: no credentials, query or fragment.',
      {
        hint: 'Give the portal root, e.g. "https://data.gov.ie".',
      },
    );
  }
  return url;
}

/**
 * Other portals share the instance's outbound guard (ctx.http with its trusted and allowed hosts), its
 * metadata TTL and its table cache (so the bound on open tables holds), each with its own client and quirks.
 */
export function createOtherPortals(home: CkanRuntime): OtherPortals {
  const kept = new Map<string, CkanRuntime>();
  return {
    resolve(portal) {
      const entry = PORTAL_DIRECTORY.find((e) => e.id === portal);
      const root = entry ? new URL(entry.url) : /^[a-z0-9-]+$/.test(portal) ? null : portalRoot(portal);
      if (!root) throw unknownPortal(portal);
      const baseUrl = `${root.origin}${root.pathname.replace(/\/+$/, '')}`;
      if (baseUrl === home.baseUrl) return home;
      const known = kept.get(baseUrl);
      if (known) {
        kept.delete(baseUrl);
        kept.set(baseUrl, known);
        return known;
      }
      const listed = entry ?? directoryEntryForHost(root.hostname);
      const quirks = resolveQuirks(root.hostname, undefined);
      const rt: CkanRuntime = {
        ...home,
        baseUrl,
        title: listed?.name ?? root.host,
        quirks,
        client: createClient(baseUrl, quirks, home.resourceTtlMs),
        datastoreSql: { enabled: undefined },
        trustedFiles: new Map(),
      };
      kept.set(baseUrl, rt);
      if (kept.size > KEPT_PORTALS) kept.delete(kept.keys().next().value as string);
      return rt;
    },
    describe: () =>
      `other CKAN portals on demand: on (by URL, or by id: ${PORTAL_DIRECTORY.map((e) => e.id).join(', ')})`,
  };
}
