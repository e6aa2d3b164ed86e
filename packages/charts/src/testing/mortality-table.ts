import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { ChartTable } from '../chart-table.js';

const RECORDINGS = new URL('../../../fixtures/data/sdmx/unicef/data/', import.meta.url);

/** Citations in the form the SDMX adapter gives for the two recorded answers. */
export const MORTALITY_CITATIONS = [
  'UNICEF: Under-five mortality rate, United States (CME) via https://sdmx.data.unicef.org/ws/public/sdmxapi/rest, retrieved 2026-02-14.',
  'UNICEF: Under-five mortality rate, Brazil (CME) via https://sdmx.data.unicef.org/ws/public/sdmxapi/rest, retrieved 2026-02-14.',
];

/**
 * Under-five mortality, both sexes, 2015–2023, for the United States and Brazil: the rows of two
 * recorded UNICEF answers (packages/fixtures/data/sdmx), as a typed table.
 */
export function mortalityTable(): ChartTable {
  const rows = ['CME_MRY0T4_USA_2015_2023.csv', 'CME_MRY0T4_BRA_1990_2023.csv'].flatMap((file) => {
    const records: Array<Record<string, string>> = parse(readFileSync(new URL(file, RECORDINGS)), {
      columns: true,
    });
    return records
      .filter((r) => r.SEX === '_T' && r.TIME_PERIOD! >= '2015' && r.TIME_PERIOD! <= '2023')
      .map((r) => [r.REF_AREA!, r.TIME_PERIOD!, Number(r.OBS_VALUE)]);
  });
  return {
    columns: [
      { name: 'REF_AREA', type: 'VARCHAR' },
      { name: 'TIME_PERIOD', type: 'VARCHAR' },
      { name: 'OBS_VALUE', type: 'DOUBLE' },
    ],
    rows,
    citations: MORTALITY_CITATIONS,
  };
}
