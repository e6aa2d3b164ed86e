import type { PortalQuirks } from './portal-quirks.js';

/** One well-known CKAN portal: where it is, what differs about it, and where those facts come from. */
export interface DirectoryEntry {
  /** Stable id a tool call may use as `portal`. */
  id: string;
  name: string;
  kind: 'national' | 'regional' | 'city' | 'research' | 'demo';
  /** ISO 3166-1 alpha-2 code, or null for international portals. */
  country: string | null;
  /** The portal root, as the adapter's `url` option takes it. */
  url: string;
  /** Other host names serving the same portal. */
  aliases?: string[];
  quirks: PortalQuirks;
  /** Where the facts above were read. */
  sources: string[];
}

const CKAN_TOPIC =
  'https://github.com/topics/ckan (CKAN "powers catalog.data.gov, open.canada.ca/data, data.humdata.org")';
const AWESOME_CKAN_DE = 'https://github.com/ondics/awesome-ckan-de (list of German CKAN portals)';

/**
 * Well-known CKAN portals, kept as data: the adapter never branches on a host name. API paths left out
 * are detected on the first call (CKAN answers both `/api/3/action` and `/api/action`); page caps left
 * out are CKAN's defaults (1000 search rows, 25 organisations with all fields).
 */
export const PORTAL_DIRECTORY: readonly DirectoryEntry[] = [
  {
    id: 'data-gov-ua',
    name: 'Open data portal of Ukraine',
    kind: 'national',
    country: 'UA',
    url: 'https://data.gov.ua',
    quirks: { api_path: '/api/3/action', languages: ['uk', 'en'] },
    sources: ['https://data.gov.ua (portal; Kyiv resource file recorded in packages/fixtures/data/ckan)'],
  },
  {
    id: 'opendata-swiss',
    name: 'opendata.swiss',
    kind: 'national',
    country: 'CH',
    url: 'https://opendata.swiss',
    aliases: ['ckan.opendata.swiss'],
    quirks: { api_path: '/api/3/action', languages: ['en', 'de', 'fr', 'it'] },
    sources: [
      'https://handbook.opendata.swiss/fr/content/nutzen/api-nutzen.html (the portal is built on CKAN; API use)',
    ],
  },
  {
    id: 'data-gov-au',
    name: 'data.gov.au',
    kind: 'national',
    country: 'AU',
    url: 'https://data.gov.au',
    quirks: { api_path: '/api/3/action', path_prefix: '/data' },
    sources: [
      'TerriaJS test recordings of data.gov.au package_search (packages/fixtures/data/ckan/MANIFEST.md)',
    ],
  },
  {
    id: 'data-gov-ie',
    name: 'data.gov.ie',
    kind: 'national',
    country: 'IE',
    url: 'https://data.gov.ie',
    quirks: { api_path: '/api/3/action', languages: ['en', 'ga'] },
    sources: [
      'https://data.gov.ie/api/3/action/status_show (CKAN 2.9 status, as inventoried by api-evangelist/data-gov-ie)',
    ],
  },
  {
    id: 'catalog-data-gov',
    name: 'Data.gov catalog (United States)',
    kind: 'national',
    country: 'US',
    url: 'https://catalog.data.gov',
    quirks: { api_path: '/api/3/action' },
    sources: [CKAN_TOPIC],
  },
  {
    id: 'open-canada',
    name: 'Open Government Portal of Canada',
    kind: 'national',
    country: 'CA',
    url: 'https://open.canada.ca',
    quirks: { path_prefix: '/data', languages: ['en', 'fr'] },
    sources: [CKAN_TOPIC],
  },
  {
    id: 'data-gov-uk',
    name: 'data.gov.uk',
    kind: 'national',
    country: 'GB',
    url: 'https://data.gov.uk',
    quirks: { api_path: '/api/action' },
    sources: ["carried over from the adapter's earlier per-host quirks table; not re-checked here"],
  },
  {
    id: 'dados-gov-br-legado',
    name: 'dados.gov.br (legacy catalogue)',
    kind: 'national',
    country: 'BR',
    url: 'https://legado.dados.gov.br',
    quirks: { api_path: '/api/3/action', languages: ['pt', 'en'] },
    sources: [
      'frictionless-py test recordings of legado.dados.gov.br (packages/fixtures/data/ckan/MANIFEST.md)',
    ],
  },
  {
    id: 'zurich',
    name: 'Open data of the City of Zurich',
    kind: 'city',
    country: 'CH',
    url: 'https://data.stadt-zuerich.ch',
    quirks: { api_path: '/api/3/action', languages: ['de', 'en'] },
    sources: [
      'zurich-opendata-mcp recordings of data.stadt-zuerich.ch (packages/fixtures/data/ckan/MANIFEST.md)',
    ],
  },
  {
    id: 'frankfurt',
    name: 'Offene Daten Frankfurt am Main',
    kind: 'city',
    country: 'DE',
    url: 'https://offenedaten.frankfurt.de',
    quirks: { languages: ['de'] },
    sources: [AWESOME_CKAN_DE],
  },
  {
    id: 'aachen',
    name: 'Open Data Portal Aachen',
    kind: 'city',
    country: 'DE',
    url: 'https://offenedaten.aachen.de',
    quirks: { languages: ['de'] },
    sources: [AWESOME_CKAN_DE],
  },
  {
    id: 'leipzig',
    name: 'Offene Daten Leipzig',
    kind: 'city',
    country: 'DE',
    url: 'https://opendata.leipzig.de',
    quirks: { languages: ['de'] },
    sources: [AWESOME_CKAN_DE],
  },
  {
    id: 'hdx',
    name: 'Humanitarian Data Exchange (HDX)',
    kind: 'research',
    country: null,
    url: 'https://data.humdata.org',
    quirks: { api_path: '/api/3/action' },
    sources: [CKAN_TOPIC],
  },
  {
    id: 'canwin',
    name: 'CanWIN Datahub (University of Manitoba)',
    kind: 'research',
    country: 'CA',
    url: 'https://canwin-datahub.ad.umanitoba.ca',
    quirks: { api_path: '/api/3/action', path_prefix: '/data' },
    sources: [
      'https://canwin-public-rtd.readthedocs.io/en/latest/ckan_api_intro/ (endpoints under /data/api/3/action)',
    ],
  },
  {
    id: 'demo-ckan',
    name: 'CKAN demo site',
    kind: 'demo',
    country: null,
    url: 'https://demo.ckan.org',
    quirks: { api_path: '/api/3/action', datastore_page_size: 100 },
    sources: ['frictionless-py test recordings of demo.ckan.org (packages/fixtures/data/ckan/MANIFEST.md)'],
  },
];

/** The directory entry for a host name (the portal's own host or an alias). */
export function directoryEntryForHost(host: string): DirectoryEntry | undefined {
  const name = host.toLowerCase();
  return PORTAL_DIRECTORY.find(
    (entry) => new URL(entry.url).hostname === name || entry.aliases?.includes(name),
  );
}
