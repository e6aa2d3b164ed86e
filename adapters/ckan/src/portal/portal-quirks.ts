import { z } from 'zod';
import { PORTAL_DIRECTORY } from './portal-directory.js';

/** What differs between CKAN portals, as data: the adapter reads these, never branches on a host name. */
export const PortalQuirksSchema = z
  .object({
    api_path: z
      .enum(['/api/3/action', '/api/action'])
      .optional()
      .describe('Action API layout; detected on the first call when not stated.'),
    path_prefix: z
      .string()
      .regex(/^(\/[a-z0-9_-]+)*$/)
      .optional()
      .describe('Prefix before the API path when the portal serves CKAN below a sub-path (e.g. "/data").'),
    languages: z
      .array(z.string().regex(/^[a-z]{2}$/))
      .optional()
      .describe('Order in which multilingual fields ({"de": …, "fr": …}) are read.'),
    search_rows_max: z.number().int().min(1).optional().describe('Largest `rows` package_search accepts.'),
    organization_page_max: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('Largest page organization_list returns with all_fields (CKAN default 25).'),
    datastore_page_size: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('Records per datastore_search page when a DataStore table is paged in.'),
  })
  .strict();
export type PortalQuirks = z.infer<typeof PortalQuirksSchema>;

export interface ResolvedQuirks {
  api_path: PortalQuirks['api_path'];
  path_prefix: string;
  languages: string[];
  search_rows_max: number;
  organization_page_max: number;
  datastore_page_size: number;
}

const DEFAULTS: Omit<ResolvedQuirks, 'api_path'> = {
  path_prefix: '',
  languages: ['en'],
  search_rows_max: 1000,
  organization_page_max: 25,
  datastore_page_size: 1000,
};

/** Known portals by host name, read from the portal directory. Configuration (`quirks`) overrides any entry. */
export const PORTAL_QUIRKS: Readonly<Record<string, PortalQuirks>> = Object.fromEntries(
  PORTAL_DIRECTORY.flatMap((entry) =>
    [new URL(entry.url).hostname, ...(entry.aliases ?? [])].map((host) => [host, entry.quirks]),
  ),
);

/** The quirks in force for one portal: defaults, then the host table, then the configured overrides. */
export function resolveQuirks(host: string, configured: PortalQuirks | undefined): ResolvedQuirks {
  const known = PORTAL_QUIRKS[host] ?? {};
  const merged = { ...DEFAULTS, ...known, ...configured };
  return { ...merged, api_path: configured?.api_path ?? known.api_path };
}
