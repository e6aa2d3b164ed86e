import { CkanOptionsSchema, ckanDemoJourney, createCkanAdapter } from '@opendata-mcp/ckan';
import { createLindasAdapter, LindasOptionsSchema, lindasDemoJourney } from '@opendata-mcp/lindas';
import { createSdmxAdapter, SdmxOptionsSchema, sdmxDemoJourney } from '@opendata-mcp/sdmx';
import { type AdapterRegistry, createRegistry } from './registry.js';

/** The adapter types the `opendata-mcp` command knows. */
export const defaultRegistry: AdapterRegistry = createRegistry([
  {
    type: 'lindas',
    description: 'LINDAS, the Swiss federal linked-data graph (SPARQL, cube.link cubes).',
    options: LindasOptionsSchema,
    create: createLindasAdapter,
    fixture: 'lindas',
    demo: lindasDemoJourney,
  },
  {
    type: 'ckan',
    description: 'Any CKAN portal: catalogue search and guarded SQL over its resources.',
    options: CkanOptionsSchema,
    create: createCkanAdapter,
    fixture: 'ckan',
    // The offline catalogue gathers records of portals in English, German, Ukrainian, Portuguese and
    // Dutch; it is named for what it is, not by its loopback address, which changes from run to run.
    fixtureOptions: {
      title: 'Recorded catalogue',
      quirks: { languages: ['en', 'de', 'uk', 'pt', 'nl'] },
    },
    demo: ckanDemoJourney,
  },
  {
    type: 'sdmx',
    description:
      'Any SDMX 2.1 REST registry (UNICEF, ECB, Eurostat, OECD, IMF, BIS …): dataflows, codes, data.',
    options: SdmxOptionsSchema,
    create: createSdmxAdapter,
    fixture: 'sdmx',
    // The SDMX fixture answers with UNICEF's recordings, so it gets UNICEF's registry profile.
    fixtureOptions: { registry: 'unicef' },
    demo: sdmxDemoJourney,
  },
]);
