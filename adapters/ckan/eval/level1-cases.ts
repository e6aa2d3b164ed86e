import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorCode } from '@opendata-mcp/core';
import { oraclePath, readRecords, resourcePath } from './csv-oracle.js';

type Value = string | number | null;

export interface QuestionCase {
  id: string;
  question: string;
  dataset_id: string;
  resource_id: string;
  /** Gold SQL run through query_resource. */
  sql: string;
  /** The answer computed without DuckDB, from the file itself or the tidied oracle. */
  expected: () => Value | Value[][];
  oracle: string;
}

export interface RefusalCase {
  id: string;
  question: string;
  tool: string;
  args: Record<string, unknown>;
  code: ErrorCode;
  /** Caps for this case only (e.g. a small download cap). */
  limits?: Record<string, number>;
}

const KYIV = { dataset_id: 'pzf-kyiv-city', resource_id: 'fefc392b-d1ae-5706-939b-521da2cdd35f' };
const BUS = { dataset_id: 'sunderland-bus-stops', resource_id: 'da0d020d-091d-5632-bd5e-25fc4122d7e4' };
const NEWCASTLE = {
  dataset_id: 'newcastle-city-council-payments-over-500',
  resource_id: '1d1c9089-7037-48a3-a70d-fbecf146238f',
};
const UNCLAIMED = {
  dataset_id: 'unclaimed-money-sample',
  resource_id: 'b5745ae6-9d56-56ee-b12c-53aa46cd79c3',
};
const PUPILS = {
  dataset_id: 'schueler-staedte-schweiz',
  resource_id: '0ca8c936-e117-5ea6-bd36-562cde16ec80',
};
const DATASTORE = { dataset_id: 'frictionless', resource_id: '711069ae-b409-4584-843a-3d6f5a47e129' };

// Numbered rows are protected areas; unnumbered rows of the portal file are section titles and subtotals.
const AREAS = `FROM data WHERE regexp_matches("№ з.п.", '^[0-9]')`;
const CATEGORY = 'lower(trim("Категорія"))';

const kyiv = () =>
  readRecords(oraclePath('ua_menr_protected_areas_kyiv_city__TIDIED_utf8_derived.csv'), {
    encoding: 'utf-8',
    delimiter: ',',
  });
const bus = () =>
  readRecords(resourcePath('uk_data-gov-uk_sunderland_bus_stops.csv'), { encoding: 'utf-8', delimiter: ',' });
const newcastle = () =>
  readRecords(resourcePath('uk_thedatahub_newcastle_payments_oct2011__latin1_titlerow.csv'), {
    encoding: 'latin1',
    delimiter: ',',
    skip: 2,
  });
const unclaimed = () =>
  readRecords(resourcePath('au_non_utf8_sample__cp1252.csv'), { encoding: 'windows-1252', delimiter: ',' });
const pupils = () =>
  readRecords(resourcePath('ch_german_sample__semicolon_utf8.csv'), { encoding: 'utf-8', delimiter: ';' });

// The file ends with the national total; the city questions leave it out.
const cities = () => pupils().filter((r) => r.Stadtname !== 'Schweiz / Suisse');
const area = (r: Record<string, string>) => (r['area.ha'] ? Number(r['area.ha']) : 0);
const round2 = (n: number) => Math.round(n * 100) / 100;
const count = <T>(rows: T[], pick: (r: T) => string) => {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(pick(r), (counts.get(pick(r)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
};
const TIDIED = 'tidied UTF-8 oracle file';
const FILE = 'the resource file, parsed in TypeScript';

export const QUESTIONS: QuestionCase[] = [
  {
    id: 'kyiv-count',
    question: 'How many protected areas and objects does Kyiv list?',
    ...KYIV,
    sql: `SELECT count(*) ${AREAS}`,
    expected: () => kyiv().length,
    oracle: TIDIED,
  },
  {
    id: 'kyiv-area',
    question: 'What is their total area in hectares?',
    ...KYIV,
    sql: `SELECT round(sum("Площа, га"), 2) ${AREAS}`,
    expected: () => round2(kyiv().reduce((s, r) => s + area(r), 0)),
    oracle: TIDIED,
  },
  {
    id: 'kyiv-reserves',
    question: 'How many of them are reserves (заказник)?',
    ...KYIV,
    sql: `SELECT count(*) ${AREAS} AND ${CATEGORY} = 'заказник'`,
    expected: () => kyiv().filter((r) => r.category === 'заказник').length,
    oracle: TIDIED,
  },
  {
    id: 'kyiv-monuments',
    question: 'How many natural monuments (пам’ятка природи) are there?',
    ...KYIV,
    sql: `SELECT count(*) ${AREAS} AND ${CATEGORY} = 'пам\`ятка природи'`,
    expected: () => kyiv().filter((r) => r.category === 'пам’ятка природи').length,
    oracle: TIDIED,
  },
  {
    id: 'kyiv-largest',
    question: 'Which protected area is the largest?',
    ...KYIV,
    sql: `SELECT "Назва території чи об’єкта ПЗФ" ${AREAS} ORDER BY "Площа, га" DESC NULLS LAST LIMIT 1`,
    expected: () => [...kyiv()].sort((a, b) => area(b) - area(a))[0]?.name ?? null,
    oracle: TIDIED,
  },
  {
    id: 'kyiv-rlp-area',
    question: 'What area do the regional landscape parks cover together?',
    ...KYIV,
    sql: `SELECT round(sum("Площа, га"), 2) ${AREAS} AND ${CATEGORY} = 'регіональний ландшафтний парк'`,
    expected: () =>
      round2(
        kyiv()
          .filter((r) => r.category === 'регіональний ландшафтний парк')
          .reduce((s, r) => s + area(r), 0),
      ),
    oracle: TIDIED,
  },
  {
    id: 'kyiv-holosiiv',
    question: 'How many protected areas lie in Holosiivskyi district?',
    ...KYIV,
    sql: `SELECT count(*) ${AREAS} AND trim("Місце розташування території чи об\`єкту ПЗФ") = 'Голосіївський район'`,
    expected: () => kyiv().filter((r) => r.location === 'Голосіївський район').length,
    oracle: TIDIED,
  },
  {
    id: 'kyiv-categories',
    question: 'How many distinct categories are used?',
    ...KYIV,
    sql: `SELECT count(DISTINCT ${CATEGORY}) ${AREAS}`,
    expected: () => new Set(kyiv().map((r) => r.category)).size,
    oracle: TIDIED,
  },
  {
    id: 'kyiv-botanical',
    question: 'How many botanical natural monuments are there?',
    ...KYIV,
    sql: `SELECT count(*) ${AREAS} AND ${CATEGORY} = 'пам\`ятка природи' AND lower(trim("Тип")) = 'ботанічна'`,
    expected: () => kyiv().filter((r) => r.category === 'пам’ятка природи' && r.type === 'ботанічна').length,
    oracle: TIDIED,
  },
  {
    id: 'kyiv-over-100ha',
    question: 'How many protected areas are larger than 100 ha?',
    ...KYIV,
    sql: `SELECT count(*) ${AREAS} AND "Площа, га" > 100`,
    expected: () => kyiv().filter((r) => area(r) > 100).length,
    oracle: TIDIED,
  },
  {
    id: 'bus-count',
    question: 'How many bus stops does Sunderland list?',
    ...BUS,
    sql: 'SELECT count(*) FROM data',
    expected: () => bus().length,
    oracle: FILE,
  },
  {
    id: 'bus-localities',
    question: 'How many distinct localities have bus stops?',
    ...BUS,
    sql: 'SELECT count(DISTINCT "NATGAZLOCA") FROM data',
    expected: () => new Set(bus().map((r) => r.NATGAZLOCA)).size,
    oracle: FILE,
  },
  {
    id: 'bus-top-locality',
    question: 'Which three localities have the most stops, and how many?',
    ...BUS,
    sql: 'SELECT "NATGAZLOCA", count(*) AS n FROM data GROUP BY 1 ORDER BY n DESC, 1 LIMIT 3',
    expected: () => count(bus(), (r) => r.NATGAZLOCA ?? '').slice(0, 3),
    oracle: FILE,
  },
  {
    id: 'bus-northbound',
    question: 'How many stops serve northbound traffic (direction N)?',
    ...BUS,
    sql: `SELECT count(*) FROM data WHERE "DIRECTION" = 'N'`,
    expected: () => bus().filter((r) => r.DIRECTION === 'N').length,
    oracle: FILE,
  },
  {
    id: 'bus-north-lat',
    question: 'What is the latitude of the northernmost stop?',
    ...BUS,
    sql: 'SELECT max("LAT") FROM data',
    expected: () => Math.max(...bus().map((r) => Number(r.LAT))),
    oracle: FILE,
  },
  {
    id: 'newcastle-count',
    question: 'How many payments over £500 did Newcastle make in October 2011?',
    ...NEWCASTLE,
    sql: 'SELECT count(*) FROM data WHERE "Directorate" IS NOT NULL',
    expected: () => newcastle().length,
    oracle: FILE,
  },
  {
    id: 'newcastle-total',
    question: 'What did those payments add up to?',
    ...NEWCASTLE,
    sql: 'SELECT round(sum("Grand Total"), 2) FROM data',
    expected: () =>
      round2(newcastle().reduce((s, r) => s + Number((r['Grand Total'] ?? '').replace(/,/g, '')), 0)),
    oracle: FILE,
  },
  {
    id: 'newcastle-category',
    question: 'Which two expenditure categories had the most payments?',
    ...NEWCASTLE,
    sql: 'SELECT "Expenditure Category", count(*) AS n FROM data WHERE "Directorate" IS NOT NULL GROUP BY 1 ORDER BY n DESC, 1 LIMIT 2',
    expected: () => count(newcastle(), (r) => r['Expenditure Category'] ?? '').slice(0, 2),
    oracle: FILE,
  },
  {
    id: 'unclaimed-total',
    question: 'How much unclaimed money does the register hold in total?',
    ...UNCLAIMED,
    sql: 'SELECT round(sum("Amount"), 2) FROM data',
    expected: () => round2(unclaimed().reduce((s, r) => s + Number(r.Amount), 0)),
    oracle: FILE,
  },
  {
    id: 'unclaimed-cafu',
    question: 'How many records name an owner containing "CAFÚ"?',
    ...UNCLAIMED,
    sql: `SELECT count(*) FROM data WHERE "Owner" LIKE '%CAFÚ%'`,
    expected: () => unclaimed().filter((r) => (r.Owner ?? '').includes('CAFÚ')).length,
    oracle: FILE,
  },
  {
    id: 'pupils-top-city',
    question: 'Which Swiss city had the most pupils in 2010/2011?',
    ...PUPILS,
    sql: `SELECT "Stadtname" FROM data WHERE "Stadtname" <> 'Schweiz / Suisse' ORDER BY "Schüler_Total_2010/2011" DESC LIMIT 1`,
    expected: () =>
      [...cities()].sort(
        (a, b) => Number(b['Schüler_Total_2010/2011']) - Number(a['Schüler_Total_2010/2011']),
      )[0]?.Stadtname ?? null,
    oracle: FILE,
  },
  {
    id: 'pupils-sum',
    question:
      'How many pupils did the listed cities have together in 2010/2011 (without the national total row)?',
    ...PUPILS,
    sql: `SELECT sum("Schüler_Total_2010/2011") FROM data WHERE "Stadtname" <> 'Schweiz / Suisse'`,
    expected: () => cities().reduce((s, r) => s + Number(r['Schüler_Total_2010/2011']), 0),
    oracle: FILE,
  },
  {
    id: 'datastore-name',
    question: 'Which name has id 2 in the DataStore table?',
    ...DATASTORE,
    sql: 'SELECT name FROM data WHERE id = 2',
    expected: () => datastoreRecords().find((r) => r.id === 2)?.name ?? null,
    oracle: 'the recorded datastore_search answer',
  },
];

function datastoreRecords(): Array<{ id: number; name: string }> {
  const here = dirname(fileURLToPath(import.meta.url));
  const file = join(
    here,
    '..',
    '..',
    '..',
    'packages',
    'fixtures',
    'data',
    'ckan',
    'api',
    'demo-ckan-org',
    'datastore_search__records_unicode.json',
  );
  return (
    JSON.parse(readFileSync(file, 'utf8')) as { result: { records: Array<{ id: number; name: string }> } }
  ).result.records;
}

export const REFUSALS: RefusalCase[] = [
  {
    id: 'write',
    question: 'Delete the bus stops table.',
    tool: 'query_resource',
    args: { ...BUS, sql: 'DROP TABLE data' },
    code: 'unsafe_sql',
  },
  {
    id: 'file-read',
    question: 'Show me /etc/passwd through SQL.',
    tool: 'query_resource',
    args: { ...BUS, sql: "SELECT * FROM read_csv('/etc/passwd')" },
    code: 'unsafe_sql',
  },
  {
    id: 'stacked',
    question: 'Run two statements at once.',
    tool: 'query_resource',
    args: { ...BUS, sql: 'SELECT 1; SELECT 2' },
    code: 'unsafe_sql',
  },
  {
    id: 'attach',
    question: 'Attach another database.',
    tool: 'query_resource',
    args: { ...BUS, sql: "ATTACH 'x.db' AS x" },
    code: 'unsafe_sql',
  },
  {
    id: 'missing-column',
    question: 'What is the average fare per stop? (no such column)',
    tool: 'query_resource',
    args: { ...BUS, sql: 'SELECT avg("FARE") FROM data' },
    code: 'query_error',
  },
  {
    id: 'not-tabular',
    question: 'Query the GO transit documentation page.',
    tool: 'query_resource',
    args: {
      dataset_id: 'go-transit-realtime',
      resource_id: 'a939c5eb-0fc5-52db-871b-b6b90656ed04',
      sql: 'SELECT 1',
    },
    code: 'unsupported_resource',
  },
  {
    id: 'only-zip-html',
    question: 'Count Bolsa Família payments (only ZIP and HTML resources).',
    tool: 'get_schema',
    args: { dataset_id: 'bolsa-familia-pagamentos' },
    code: 'unsupported_resource',
  },
  {
    id: 'unknown-dataset',
    question: 'How many trams run in Kyiv? (no such dataset)',
    tool: 'get_schema',
    args: { dataset_id: 'kyiv-trams-2030' },
    code: 'not_found',
  },
  {
    id: 'too-large',
    question: 'Count bus stops with a 50 kB download cap.',
    tool: 'query_resource',
    args: { ...BUS, sql: 'SELECT count(*) FROM data' },
    code: 'resource_too_large',
    limits: { maxDownloadBytes: 50_000 },
  },
];
