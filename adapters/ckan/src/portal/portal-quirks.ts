import { z } from 'zod';

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

/** Known portals by host name. Configuration (`quirks`) overrides any entry. */
export const PORTAL_QUIRKS: Readonly<Record<string, PortalQuirks>> = {
  'data.gov.ua': { api_path: '/api/3/action', languages: ['uk', 'en'] },
  'ckan.opendata.swiss': { api_path: '/api/3/action', languages: ['en', 'de', 'fr', 'it'] },
  'opendata.swiss': { api_path: '/api/3/action', languages: ['en', 'de', 'fr', 'it'] },
  'data.stadt-zuerich.ch': { api_path: '/api/3/action', languages: ['de', 'en'] },
  'data.gov.au': { api_path: '/api/3/action', path_prefix: '/data' },
  'data.gov.uk': { api_path: '/api/action' },
  'catalog.data.gov': { api_path: '/api/3/action' },
  'data.humdata.org': { api_path: '/api/3/action' },
  'legado.dados.gov.br': { api_path: '/api/3/action', languages: ['pt', 'en'] },
  'demo.ckan.org': { api_path: '/api/3/action', datastore_page_size: 100 },
};

/** The quirks in force for one portal: defaults, then the host table, then the configured overrides. */
export function resolveQuirks(host: string, configured: PortalQuirks | undefined): ResolvedQuirks {
  const known = PORTAL_QUIRKS[host] ?? {};
  const merged = { ...DEFAULTS, ...known, ...configured };
  return { ...merged, api_path: configured?.api_path ?? known.api_path };
}
