import { describe, expect, it } from 'vitest';
import { annotateLicence } from '../licences/annotate-licence.js';
import { buildCitation } from './citation.js';
import type { Provenance } from './provenance.js';

/** Fields the citation does not read, the same for every case. */
const UNCITED = {
  query: null,
  metadata_retrieved_at: null,
  cache: { hit: false, revalidated: false, first_fetched_at: null },
} as const;

// Each source is shaped as its adapter's source builder shapes it (lindas-source.ts, ckan-source.ts,
// sdmx-source.ts, pxweb-source.ts); the licence is annotated as the tool runner does before citing.
const SOURCES: Record<string, Provenance> = {
  lindas: {
    ...UNCITED,
    backend: 'lindas',
    adapter_id: 'lindas',
    endpoint: 'https://lindas.admin.ch/query',
    identifiers: { cube: 'https://environment.ld.admin.ch/foen/ubd0104/5' },
    title: 'Waldbrandgefahr',
    publisher: 'Bundesamt für Umwelt BAFU',
    url: 'https://environment.ld.admin.ch/foen/ubd0104/5',
    access_method: 'sparql',
    retrieved_at: '2026-12-04T08:15:00.000Z',
    source_modified_at: '2024-03-01T00:00:00.000Z',
    license: {
      id: null,
      title: null,
      url: 'https://fedlex.data.admin.ch/eli/cc/1984/1122_1122_1122',
      source_property: 'dcterms:license',
    },
  },
  ckan: {
    ...UNCITED,
    backend: 'ckan',
    adapter_id: 'ckan',
    endpoint: 'https://data.gov.ua',
    identifiers: { dataset_id: 'a1b2', resource_id: 'c3d4' },
    title: 'Schools of Kyiv: schools.csv',
    publisher: 'Kyiv City State Administration',
    url: 'https://data.gov.ua/dataset/schools-kyiv/resource/c3d4',
    access_method: 'download',
    retrieved_at: '2026-12-04T08:15:00.000Z',
    source_modified_at: '2025-11-30T12:00:00.000Z',
    license: { id: 'cc-by', title: 'Creative Commons Attribution', url: null },
  },
  sdmx: {
    ...UNCITED,
    backend: 'sdmx',
    adapter_id: 'sdmx',
    endpoint: 'https://sdmx.data.unicef.org/ws/public/sdmxapi/rest',
    identifiers: { dataflow: 'UNICEF:CME(1.0)' },
    title: 'Child Mortality',
    publisher: 'UNICEF',
    url: 'https://sdmx.data.unicef.org/ws/public/sdmxapi/rest/data/UNICEF,CME,1.0/USA.CME_MRY0T4',
    access_method: 'sdmx_rest',
    retrieved_at: '2026-12-04T08:15:00.000Z',
    source_modified_at: null,
    license: null,
  },
  pxweb: {
    ...UNCITED,
    backend: 'pxweb',
    adapter_id: 'pxweb',
    endpoint: 'https://statistikdatabasen.scb.se/api/v2',
    identifiers: { table: 'TAB638' },
    title: 'Population by region and year',
    publisher: 'Statistics Sweden',
    url: 'https://statistikdatabasen.scb.se/api/v2/tables/TAB638/data?lang=en',
    access_method: 'pxweb_api_v2',
    retrieved_at: '2026-12-04T08:15:00.000Z',
    source_modified_at: '2026-02-21T08:00:00.000Z',
    license: null,
  },
};

describe('buildCitation: "publisher: title, via endpoint, licence …, modified …, retrieved …. url"', () => {
  it.each([
    [
      'lindas',
      'Bundesamt für Umwelt BAFU: Waldbrandgefahr, via https://lindas.admin.ch/query, Swiss Environmental Protection Act (USG, SR 814.01), cited as legal basis (https://fedlex.data.admin.ch/eli/cc/1984/1122_1122_1122), modified 2024-03-01, retrieved 2026-12-04. https://environment.ld.admin.ch/foen/ubd0104/5',
    ],
    [
      'ckan',
      'Kyiv City State Administration: Schools of Kyiv: schools.csv, licence Creative Commons Attribution, modified 2025-11-30, retrieved 2026-12-04. https://data.gov.ua/dataset/schools-kyiv/resource/c3d4',
    ],
    [
      'sdmx',
      'UNICEF: Child Mortality, retrieved 2026-12-04. https://sdmx.data.unicef.org/ws/public/sdmxapi/rest/data/UNICEF,CME,1.0/USA.CME_MRY0T4',
    ],
    [
      'pxweb',
      'Statistics Sweden: Population by region and year, modified 2026-02-21, retrieved 2026-12-04. https://statistikdatabasen.scb.se/api/v2/tables/TAB638/data?lang=en',
    ],
  ])('cites a %s answer', (kind, citation) => {
    expect(buildCitation(annotateLicence(SOURCES[kind] as Provenance))).toBe(citation);
  });

  it('names what was read by its first identifier, else the endpoint, when there is no title', () => {
    const sdmx = SOURCES.sdmx as Provenance;
    expect(buildCitation({ ...sdmx, title: null, publisher: null, url: null })).toBe(
      'UNICEF:CME(1.0), via https://sdmx.data.unicef.org/ws/public/sdmxapi/rest, retrieved 2026-12-04.',
    );
    expect(buildCitation({ ...sdmx, title: null, publisher: null, identifiers: {}, url: null })).toBe(
      'https://sdmx.data.unicef.org/ws/public/sdmxapi/rest, retrieved 2026-12-04.',
    );
  });

  it('names the endpoint once: "via" only when the link at the end leads elsewhere', () => {
    const sdmx = SOURCES.sdmx as Provenance;
    const endpoint = 'https://data.gov.ua';
    const cite = (url: string | null) => buildCitation({ ...sdmx, endpoint, url });
    // No link, or one to another host (a LINDAS cube's IRI), or to a host that only starts alike.
    expect(cite(null)).toContain(`via ${endpoint},`);
    expect(cite('https://example.org/cube/1')).toContain(`via ${endpoint},`);
    expect(cite('https://data.gov.ua.example.org/dataset/x')).toContain(`via ${endpoint},`);
    expect(cite('https://data.gov.uaz/dataset/x')).toContain(`via ${endpoint},`);
    // The endpoint itself, or a path, query or fragment under it.
    for (const url of [endpoint, `${endpoint}/dataset/x`, `${endpoint}?q=1`, `${endpoint}#top`])
      expect(cite(url)).not.toContain('via ');
    expect(buildCitation({ ...sdmx, endpoint: `${endpoint}/`, url: `${endpoint}/dataset/x` })).not.toContain(
      'via ',
    );
  });

  it('states the licence by its title, else its known name with the URI, else its id, else its URI', () => {
    const ckan = SOURCES.ckan as Provenance;
    const licence = (license: Provenance['license']) =>
      /licence (.*), modified/.exec(buildCitation(annotateLicence({ ...ckan, license })))?.[1];
    expect(licence({ id: 'cc-by', title: 'CC BY', url: 'https://example.org/l' })).toBe('CC BY');
    expect(licence({ id: 'x', title: null, url: 'https://creativecommons.org/licenses/by/4.0/' })).toBe(
      'Creative Commons Attribution 4.0 (https://creativecommons.org/licenses/by/4.0/)',
    );
    expect(licence({ id: 'odc-by', title: null, url: 'https://example.org/unknown' })).toBe('odc-by');
    expect(licence({ id: null, title: null, url: 'https://example.org/unknown' })).toBe(
      'https://example.org/unknown',
    );
    expect(buildCitation({ ...ckan, license: null })).not.toContain('licence');
  });
});
