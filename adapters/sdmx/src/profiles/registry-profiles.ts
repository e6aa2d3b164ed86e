import type { DataFormatRequest, RegistryProfile } from './registry-profile.js';

// Media types of SDMX 2.1 REST data answers.
const CSV = 'application/vnd.sdmx.data+csv;version=1.0.0';
const SS = 'application/vnd.sdmx.structurespecificdata+xml;version=2.1';
const GENERIC = 'application/vnd.sdmx.genericdata+xml;version=2.1';
const JSON1 = 'application/vnd.sdmx.data+json;version=1.0.0';

const csv = (param: string | null = null): DataFormatRequest => ({ format: 'csv', accept: CSV, param });
const ss = (param: string | null = null): DataFormatRequest => ({
  format: 'sdmx-ml-structure-specific',
  accept: SS,
  param,
});
const generic = (param: string | null = null): DataFormatRequest => ({
  format: 'sdmx-ml-generic',
  accept: GENERIC,
  param,
});
const json = (param: string | null = null): DataFormatRequest => ({
  format: 'sdmx-json',
  accept: JSON1,
  param,
});

// .Stat Suite NSI web services (OECD, ABS, Pacific Data Hub) share one format vocabulary.
const EUROSTAT_STRUCTURE_QUERIES =
  'https://ec.europa.eu/eurostat/web/user-guides/data-browser/api-data-access/api-detailed-guidelines/sdmx2-1/structure-queries';

const DOTSTAT_FORMATS_DOC = 'https://sis-cc.gitlab.io/dotstatsuite-documentation/using-api/';

/** Keeps each profile's `id` as its literal, so the configurable names are derived from the list itself. */
function profilesWithIds<Id extends string>(
  profiles: ReadonlyArray<RegistryProfile & { id: Id }>,
): ReadonlyArray<RegistryProfile & { id: Id }> {
  return profiles;
}

/**
 * The registries the adapter knows by name (`"registry": "ecb"`). Every fact here comes from the
 * registry's documentation (`docs`, or the `source` of a quirk) or from a recorded answer of it in
 * the fixture data; what neither states is null (unknown), and the adapter then tries and falls back.
 */
export const REGISTRY_PROFILES = profilesWithIds([
  {
    id: 'unicef',
    title: 'UNICEF Data Warehouse',
    url: 'https://sdmx.data.unicef.org/ws/public/sdmxapi/rest',
    sdmxVersion: '2.1',
    agency: 'UNICEF',
    languages: ['en', 'fr', 'es', 'ar', 'ru', 'zh'],
    docs: 'https://data.unicef.org/sdmx-api-documentation/',
    dataFormats: [csv('csv'), ss('sdmx-compact-2.1')],
    structureReferences: 'all',
    structureJson: null,
    supports: { latest: true, lastNObservations: null, availableConstraint: null },
    roleOverrides: { INDICATOR: 'indicator' },
    defaultToTotal: ['SEX', 'WEALTH_QUINTILE', 'RESIDENCE'],
    quirks: [
      {
        text: '`format=csv` answers a code-and-label layout (each coded column followed by its label, no DATAFLOW column), not strict SDMX-CSV 1.0.',
        source: 'recorded answers: packages/fixtures/data/sdmx/unicef/data/*.csv (MANIFEST)',
      },
      {
        text: 'Keys with more segments than the DSD has dimensions are accepted; the surplus segments are ignored.',
        source: 'recorded answers: packages/fixtures/data/sdmx/unicef/upstream_manifest.json',
      },
    ],
  },
  {
    id: 'ecb',
    title: 'European Central Bank Data Portal',
    url: 'https://data-api.ecb.europa.eu/service',
    sdmxVersion: '2.1',
    agency: 'ECB',
    languages: ['en'],
    docs: 'https://data.ecb.europa.eu/help/api/data',
    dataFormats: [csv('csvdata'), json('jsondata'), generic(), ss('structurespecificdata')],
    structureReferences: 'all',
    structureJson: null,
    supports: { latest: true, lastNObservations: true, availableConstraint: null },
    roleOverrides: { CURRENCY: 'geography' },
    defaultToTotal: [],
    quirks: [
      {
        text: 'SDMX-ML GenericData is the default answer; data-api.ecb.europa.eu replaced the former sdw-wsrest host, and only https is served.',
        source: 'https://data.ecb.europa.eu/help/api/data',
      },
      {
        text: 'A flowRef with only a flow id defaults the agency to all and the version to latest.',
        source: 'https://data.ecb.europa.eu/help/api/data',
      },
    ],
  },
  {
    id: 'eurostat',
    title: 'Eurostat',
    url: 'https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1',
    sdmxVersion: '2.1',
    agency: 'ESTAT',
    languages: ['en', 'fr', 'de'],
    docs: 'https://wikis.ec.europa.eu/display/EUROSTATHELP/API+SDMX+2.1+-+data+query',
    dataFormats: [csv('SDMX-CSV'), ss('SDMX_2.1_STRUCTURED'), generic()],
    structureReferences: 'descendants',
    structureJson: false,
    supports: { latest: null, lastNObservations: true, availableConstraint: null },
    roleOverrides: { GEO: 'geography', NA_ITEM: 'indicator', UNIT: 'unit' },
    defaultToTotal: ['SEX', 'AGE'],
    quirks: [
      {
        text: '`format=JSON` answers JSON-stat, not SDMX-JSON; ask SDMX-CSV or SDMX-ML instead. GenericData is the default.',
        source: 'https://wikis.ec.europa.eu/pages/viewpage.action?pageId=44138513',
      },
      {
        text: 'Large data requests are answered asynchronously (a queued-extraction message instead of data).',
        source: 'https://wikis.ec.europa.eu/pages/viewpage.action?pageId=44138513',
      },
    ],
    // The guide states structure queries reach from every artefact of the source down to one code.
    bulkQueries: {
      dataStructures: { answered: true, size: null, source: EUROSTAT_STRUCTURE_QUERIES },
      codelists: { answered: true, size: null, source: EUROSTAT_STRUCTURE_QUERIES },
    },
  },
  {
    id: 'oecd',
    title: 'OECD Data Explorer',
    url: 'https://sdmx.oecd.org/public/rest',
    sdmxVersion: '2.1',
    agency: null,
    languages: ['en', 'fr'],
    docs: 'https://www.oecd.org/en/data/insights/data-explainers/2024/09/api.html',
    dataFormats: [csv('csvfile'), json('jsondata'), generic('genericdata'), ss('structurespecificdata')],
    structureReferences: 'all',
    structureJson: true,
    supports: { latest: true, lastNObservations: true, availableConstraint: true },
    roleOverrides: { MEASURE: 'indicator' },
    defaultToTotal: [],
    quirks: [
      {
        text: 'Agencies are sub-agencies (OECD.SDD.NAD, OECD.DAF …); a flow must be asked with its own agency, so there is no single default.',
        source:
          'recorded answer: packages/fixtures/data/sdmx/sdmx-test-data/constraints/OECD_actualconstraint-0.xml',
      },
      {
        text: '.Stat Suite NSI service: `format=csvfile`, `csvfilewithlabels`, `jsondata`, `genericdata`, `structurespecificdata`; availableconstraint answers an Actual constraint with an obs_count annotation.',
        source: DOTSTAT_FORMATS_DOC,
      },
    ],
  },
  {
    id: 'imf',
    title: 'International Monetary Fund',
    url: 'https://api.imf.org/external/sdmx/2.1',
    sdmxVersion: '2.1',
    agency: null,
    languages: ['en'],
    docs: 'https://portal.api.imf.org/',
    dataFormats: [ss(), generic(), json(), csv()],
    structureReferences: 'all',
    structureJson: null,
    supports: { latest: null, lastNObservations: null, availableConstraint: true },
    roleOverrides: { COUNTRY: 'geography', FREQUENCY: 'frequency' },
    defaultToTotal: [],
    quirks: [
      {
        text: 'Dataflows belong to departmental agencies (IMF.STA …); dimensions use COUNTRY and FREQUENCY rather than REF_AREA and FREQ.',
        source:
          'recorded answer: packages/fixtures/data/sdmx/sdmx-test-data/constraints/IMF_STA_availableconstraint_CPI.xml',
      },
      {
        text: 'Replaces the former dataservices.imf.org interface, which sent structure-specific time-series data.',
        source:
          'recorded answer: packages/fixtures/data/sdmx/sdmx-test-data/other/IMF_PCPS_structurespecific_timeseries.xml',
      },
    ],
  },
  {
    id: 'ilo',
    title: 'ILOSTAT',
    url: 'https://sdmx.ilo.org/rest',
    sdmxVersion: '2.1',
    agency: 'ILO',
    languages: ['en', 'fr', 'es'],
    docs: 'https://ilostat.ilo.org/resources/sdmx-tools/',
    dataFormats: [csv(), ss(), generic(), json()],
    structureReferences: 'all',
    structureJson: null,
    supports: { latest: null, lastNObservations: null, availableConstraint: null },
    roleOverrides: { CLASSIF1: 'breakdown', CLASSIF2: 'breakdown' },
    defaultToTotal: ['SEX'],
    quirks: [
      {
        text: 'Breakdowns sit in generic classification dimensions (CLASSIF1, CLASSIF2) whose meaning depends on the indicator.',
        source: 'https://ilostat.ilo.org/resources/sdmx-tools/',
      },
    ],
  },
  {
    id: 'bis',
    title: 'Bank for International Settlements',
    url: 'https://stats.bis.org/api/v1',
    sdmxVersion: '2.1',
    agency: 'BIS',
    languages: ['en'],
    docs: 'https://stats.bis.org/api-doc/v1/',
    dataFormats: [csv(), ss(), generic(), json()],
    structureReferences: 'descendants',
    structureJson: true,
    supports: { latest: true, lastNObservations: true, availableConstraint: true },
    roleOverrides: {},
    defaultToTotal: [],
    quirks: [
      {
        text: 'Formats are chosen by the Accept header; CSV answers are strict SDMX-CSV 1.0 (a DATAFLOW column, OBS_VALUE last).',
        source: 'recorded answer: packages/fixtures/data/sdmx/bis/data_sdmxcsv1.csv',
      },
      {
        text: 'Structures are also served as SDMX-JSON 2.0 for Accept application/vnd.sdmx.structure+json.',
        source: 'recorded answer: packages/fixtures/data/sdmx/bis/structure_sdmxjson2.json',
      },
    ],
  },
  {
    id: 'worldbank',
    title: 'World Bank',
    url: 'https://api.worldbank.org/v2/sdmx/rest',
    sdmxVersion: '2.1',
    agency: 'WB',
    languages: ['en'],
    docs: 'https://datahelpdesk.worldbank.org/knowledgebase/articles/1886701-sdmx-api-queries',
    dataFormats: [generic(), ss()],
    structureReferences: 'all',
    structureJson: false,
    supports: { latest: null, lastNObservations: null, availableConstraint: null },
    roleOverrides: { SERIES: 'indicator' },
    defaultToTotal: [],
    quirks: [
      {
        text: 'Answers data as SDMX-ML only (GenericData by default, structure-specific on request); no CSV or JSON.',
        source: 'https://datahelpdesk.worldbank.org/knowledgebase/articles/1886701-sdmx-api-queries',
      },
      {
        text: 'The WITS trade service is a separate NSI registry that also answers GenericData.',
        source: 'recorded answer: packages/fixtures/data/sdmx/sdmx-test-data/other/WB_WITS_generic_gh-78.xml',
      },
    ],
  },
  {
    id: 'unsdg',
    title: 'UN SDG Global Database',
    url: 'https://data.un.org/ws/rest',
    sdmxVersion: '2.1',
    agency: 'IAEG-SDGs',
    languages: ['en'],
    docs: 'https://unstats.un.org/sdgs/dataportal/',
    dataFormats: [ss(), generic(), csv(), json()],
    structureReferences: 'all',
    structureJson: null,
    supports: { latest: null, lastNObservations: null, availableConstraint: null },
    roleOverrides: { SERIES: 'indicator' },
    defaultToTotal: ['SEX', 'AGE', 'URBANISATION', 'INCOME_WEALTH_QUANTILE', 'EDUCATION_LEV'],
    quirks: [
      {
        text: 'All SDG series sit in one large dataflow (DF_SDG_GLH); the SERIES dimension carries the indicator, and most breakdown dimensions have a total code.',
        source: 'https://unstats.un.org/sdgs/dataportal/',
      },
    ],
  },
  {
    id: 'abs',
    title: 'Australian Bureau of Statistics',
    url: 'https://data.api.abs.gov.au/rest',
    sdmxVersion: '2.1',
    agency: 'ABS',
    languages: ['en'],
    docs: 'https://www.abs.gov.au/about/data-services/application-programming-interfaces-apis/data-api-user-guide',
    dataFormats: [csv('csvfile'), json('jsondata'), generic('genericdata'), ss('structurespecificdata')],
    structureReferences: 'all',
    structureJson: true,
    supports: { latest: true, lastNObservations: true, availableConstraint: true },
    roleOverrides: { REGION: 'geography', MEASURE: 'indicator' },
    defaultToTotal: [],
    quirks: [
      {
        text: '.Stat Suite NSI service: formats by Accept or by `format=` (csvfile, csvfilewithlabels, jsondata …).',
        source: DOTSTAT_FORMATS_DOC,
      },
    ],
  },
  {
    id: 'spc',
    title: 'Pacific Data Hub (SPC)',
    url: 'https://stats-sdmx-disseminate.pacificdata.org/rest',
    sdmxVersion: '2.1',
    agency: 'SPC',
    languages: ['en', 'fr'],
    docs: 'https://docs.pacificdata.org/dotstat/',
    dataFormats: [csv('csvfile'), json('jsondata'), generic('genericdata'), ss('structurespecificdata')],
    structureReferences: 'all',
    structureJson: true,
    supports: { latest: true, lastNObservations: true, availableConstraint: true },
    roleOverrides: { GEO_PICT: 'geography' },
    defaultToTotal: ['SEX', 'AGE', 'URBANIZATION'],
    quirks: [
      {
        text: 'availableconstraint answers an Actual cube region with the time range and an obs_count annotation.',
        source:
          'recorded answer: packages/fixtures/data/sdmx/mcp-gateway/SPC_availableconstraint_DF_COMMODITY_PRICES.xml',
      },
      {
        text: 'Areas are in GEO_PICT (Pacific island countries and territories), not REF_AREA.',
        source:
          'recorded answer: packages/fixtures/data/sdmx/sdmx-test-data/constraints/SPC_actualconstraint_CR_A_DF_ADBKI.xml',
      },
    ],
  },
  {
    id: 'insee',
    title: 'INSEE (BDM)',
    url: 'https://bdm.insee.fr/series/sdmx',
    sdmxVersion: '2.1',
    agency: 'FR1',
    languages: ['fr', 'en'],
    docs: 'https://www.insee.fr/en/information/2868055',
    dataFormats: [ss()],
    structureReferences: 'all',
    structureJson: false,
    supports: { latest: null, lastNObservations: true, availableConstraint: null },
    roleOverrides: { INDICATEUR: 'indicator', NATURE: 'measure', CORRECTION: 'adjustment' },
    defaultToTotal: [],
    quirks: [
      {
        text: 'The agency must be given as FR1 in flow references, and every dimension must appear in a key.',
        source: 'https://www.insee.fr/en/information/2852056',
      },
      {
        text: 'Answers data as SDMX-ML structure-specific only; series can also be fetched by idbank under SERIES_BDM.',
        source: 'https://www.insee.fr/en/information/2868055',
      },
    ],
  },
  {
    id: 'istat',
    title: 'ISTAT (Italian National Institute of Statistics)',
    url: 'https://esploradati.istat.it/SDMXWS/rest',
    sdmxVersion: '2.1',
    agency: 'IT1',
    languages: ['it', 'en'],
    docs: 'https://www.istat.it/en/methods-and-tools/sdmx-web-service',
    dataFormats: [csv(), ss(), generic()],
    structureReferences: 'all',
    structureJson: null,
    supports: { latest: null, lastNObservations: true, availableConstraint: true },
    roleOverrides: { DATA_TYPE: 'indicator' },
    defaultToTotal: [],
    quirks: [
      {
        text: 'The format is chosen by the Accept header only; `format=` is not honoured.',
        source: 'https://ondata.github.io/guida-api-istat',
      },
      {
        text: 'A known time-filter defect: for year N the service needs endPeriod N-1.',
        source: 'https://ondata.github.io/guida-api-istat',
      },
    ],
  },
  {
    id: 'bundesbank',
    title: 'Deutsche Bundesbank',
    url: 'https://api.statistiken.bundesbank.de/rest',
    sdmxVersion: '2.1',
    agency: 'BBK',
    languages: ['de', 'en'],
    docs: 'https://www.bundesbank.de/en/statistics/time-series-databases/help-for-sdmx-web-service',
    dataFormats: [csv(), ss(), generic(), json()],
    structureReferences: 'all',
    structureJson: null,
    supports: { latest: null, lastNObservations: null, availableConstraint: null },
    roleOverrides: {},
    defaultToTotal: [],
    quirks: [
      {
        text: 'Formats are chosen by the Accept header (SDMX-CSV, SDMX-ML, SDMX-JSON).',
        source: 'https://www.bundesbank.de/en/statistics/time-series-databases/help-for-sdmx-web-service',
      },
    ],
  },
]);

/** The names a configuration may give as `registry`, in the order of the profiles. */
export type RegistryId = (typeof REGISTRY_PROFILES)[number]['id'];
export const REGISTRY_IDS = REGISTRY_PROFILES.map((p) => p.id) as [RegistryId, ...RegistryId[]];

export function registryProfile(id: string): RegistryProfile | undefined {
  return REGISTRY_PROFILES.find((p) => p.id === id);
}
