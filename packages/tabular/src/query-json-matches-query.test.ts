import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTables } from './open-tables.js';
import type { TableSession } from './table-session.js';
import { TEST_LIMITS } from './test-support.js';

// A table of every plain type, with the awkward values of each: what query answers as values,
// queryJson must write as the same JSON.
const ROWS: unknown[][] = [
  [1, '9007199254740993', 1.5, '123.456', '2020-02-29', '2020-02-29 23:59:59.5', true, 'plain'],
  [
    -2,
    '-9007199254740991',
    -0.1,
    '-0.001',
    '1900-01-01',
    '1970-01-01 00:00:00',
    false,
    'quote " and \\ slash',
  ],
  [
    3,
    '0',
    1e300,
    '99999999.999',
    '2262-04-11',
    '2000-06-15 12:00:00',
    null,
    'line\nbreak, tab\t, ünïcødé 🌍',
  ],
  [null, null, null, null, null, null, null, null],
];

let session: TableSession;
beforeAll(async () => {
  session = await openTables({
    tables: [
      {
        name: 't',
        columns: [
          { name: 'i', type: 'INTEGER' },
          { name: 'big', type: 'HUGEINT' },
          { name: 'd', type: 'DOUBLE' },
          { name: 'dec', type: 'DECIMAL(11,3)' },
          { name: 'day', type: 'DATE' },
          { name: 'ts', type: 'TIMESTAMP' },
          { name: 'b', type: 'BOOLEAN' },
          { name: 's', type: 'VARCHAR' },
        ],
        rows: ROWS,
      },
    ],
    limits: TEST_LIMITS,
  });
});
afterAll(() => session.close());

const QUERIES = [
  'SELECT * FROM t',
  'SELECT i, big * 2 AS twice, d / 3 AS third, dec * 2 AS double_dec, sum(dec) OVER () AS total FROM t ORDER BY i NULLS FIRST',
  'SELECT count(*) AS n, sum(i) AS s, avg(d) AS mean, sum(big) AS big_sum, max(day) AS last_day FROM t',
  "SELECT s || '!' AS loud, day + INTERVAL 1 DAY AS next_day, ts::DATE AS date_of, b AND true AS both FROM t",
  "SELECT 12345678901234567.25::DECIMAL(38,2) AS wide, 42::UBIGINT AS u, 0.1::FLOAT AS f, 'nan'::DOUBLE AS nan, '-inf'::DOUBLE AS low",
];

it.each(QUERIES)('queryJson writes what query answers: %s', async (sql) => {
  const records = await session.query(sql, { limit: 100 });
  const json = await session.queryJson(sql, {
    limit: 100,
    page: { offset: 0, limit: 100 },
    maxKeptBytes: 1_000_000,
  });
  const asArrays = records.rows.map((row) => records.columns.map((column) => row[column.name]));
  expect(json.columns).toEqual(records.columns);
  expect(json.page).toEqual(asArrays);
  expect(JSON.parse(json.rowsJson ?? 'null')).toEqual(asArrays);
  expect(json.sql).toBe(records.sql);
});
