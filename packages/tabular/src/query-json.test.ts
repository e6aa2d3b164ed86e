import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTables } from './open-tables.js';
import type { TableSession } from './table-session.js';
import { TEST_LIMITS } from './test-support.js';

const ROWS = 5_000;
let session: TableSession;

beforeAll(async () => {
  session = await openTables({
    tables: [
      {
        name: 'a',
        columns: [
          { name: 'id', type: 'BIGINT' },
          { name: 'period', type: 'VARCHAR' },
          { name: 'amount', type: 'DOUBLE' },
        ],
        rowsJson: new TextEncoder().encode(
          JSON.stringify(
            Array.from({ length: ROWS }, (_, i) => [
              i,
              `${2000 + (i % 20)}-Q${(i % 4) + 1}`,
              (i * 37) % 1000,
            ]),
          ),
        ),
        rowCount: ROWS,
        derive: { periodStarts: true },
      },
    ],
    limits: TEST_LIMITS,
  });
});
afterAll(() => session.close());

const KEPT_BYTES = 16 * 1024 * 1024;
const json = (sql: string, limit = 100_000, page = { offset: 0, limit: 3 }, maxKeptBytes = KEPT_BYTES) =>
  session.queryJson(sql, { limit, page, maxKeptBytes });

describe('queryJson', () => {
  it('writes every row in the order the query gives them, and the page asked for as values', async () => {
    const result = await json('SELECT id, amount FROM a ORDER BY amount DESC, id', 100_000, {
      offset: 10,
      limit: 2,
    });
    const rows = JSON.parse(result.rowsJson ?? 'null') as Array<[number, number]>;
    expect(rows).toHaveLength(ROWS);
    expect(result.rowCount).toBe(ROWS);
    expect(result.truncated).toBe(false);
    for (let i = 1; i < rows.length; i++) {
      const [id, amount] = rows[i] as [number, number];
      const [previousId, previousAmount] = rows[i - 1] as [number, number];
      expect(amount < previousAmount || (amount === previousAmount && id > previousId)).toBe(true);
    }
    expect(result.page).toEqual(rows.slice(10, 12));
    expect(result.columns).toEqual([
      { name: 'id', type: 'BIGINT' },
      { name: 'amount', type: 'DOUBLE' },
    ]);
  });

  it('stops at the limit and says the query gave more', async () => {
    const result = await json('SELECT id FROM a ORDER BY id', 100);
    expect(result.truncated).toBe(true);
    expect(result.rowCount).toBe(100);
    expect(JSON.parse(result.rowsJson ?? 'null')).toHaveLength(100);
  });

  it('writes values as row arrays hold them: exact numbers as numbers, the others as text', async () => {
    const result = await json(
      "SELECT 9007199254740993::BIGINT AS big, 42::HUGEINT AS small, 1.25::DECIMAL(4,2) AS d, 12345.5::DECIMAL(38,2) AS wide, 12345678901234567.25::DECIMAL(38,2) AS huge, 'nan'::DOUBLE AS nan, '-inf'::DOUBLE AS low, [1, 2] AS list, DATE '2020-02-01' AS day, NULL AS nothing, 'a\"b' AS text",
    );
    expect(result.page).toEqual([
      [
        '9007199254740993',
        42,
        1.25,
        12345.5,
        '12345678901234567.25',
        'NaN',
        '-Infinity',
        '[1,2]',
        '2020-02-01',
        null,
        'a"b',
      ],
    ]);
  });

  it('keeps columns of the same name apart (a SELECT * over a self-join)', async () => {
    const result = await json('SELECT * FROM a x JOIN a y USING (id) WHERE id = 3');
    expect(result.columns.map((c) => c.name)).toEqual([
      'id',
      'period',
      'amount',
      'period_start',
      'period_1',
      'amount_1',
      'period_start_1',
    ]);
    expect(result.page).toEqual([[3, '2003-Q4', 111, '2003-10-01', '2003-Q4', 111, '2003-10-01']]);
  });

  it('gives an empty result as no rows, not as an error', async () => {
    const result = await json('SELECT id FROM a WHERE id < 0');
    expect(result).toMatchObject({ rowsJson: '[]', rowCount: 0, page: [], truncated: false });
  });

  it('sends no rows to keep once they pass the byte bound, and still answers the page', async () => {
    const whole = await json('SELECT id, period FROM a ORDER BY id');
    const bytes = (whole.rowsJson ?? '').length;
    const over = await json(
      'SELECT id, period FROM a ORDER BY id',
      100_000,
      { offset: 0, limit: 3 },
      bytes - 10,
    );
    expect(over.rowsJson).toBeNull();
    expect(over.rowCount).toBe(ROWS);
    expect(over.page).toEqual([
      [0, '2000-Q1'],
      [1, '2001-Q2'],
      [2, '2002-Q3'],
    ]);
    const within = await json(
      'SELECT id, period FROM a ORDER BY id',
      100_000,
      { offset: 0, limit: 3 },
      bytes,
    );
    expect(within.rowsJson).toBe(whole.rowsJson);
  });

  it('cuts long values of the page and says so, while the rows to keep stay whole', async () => {
    const result = await json("SELECT id, repeat('ab', 5000) AS long FROM a WHERE id < 2 ORDER BY id");
    expect(result.page.map((row) => (row[1] as string).length)).toEqual([2_000, 2_000]);
    expect(result.notes).toEqual([
      expect.stringMatching(/^Column "long": 2 value\(s\) longer than 2,000 .*10,000/),
    ]);
    const kept = JSON.parse(result.rowsJson ?? 'null') as Array<[number, string]>;
    expect(kept.map((row) => row[1].length)).toEqual([10_000, 10_000]);
  });

  it('refuses a page over the answer budget, naming what to narrow', async () => {
    const sql = "SELECT id, repeat('x', 1999) AS a, repeat('y', 1999) AS b FROM a WHERE id < 800 ORDER BY id";
    await expect(json(sql, 100_000, { offset: 0, limit: 1_000 })).rejects.toMatchObject({
      code: 'resource_too_large',
      hint: expect.stringMatching(/fewer columns.*fewer rows.*aggregate/),
    });
  });

  it('refuses what the guard refuses and names missing columns, as query does', async () => {
    await expect(json("SELECT * FROM read_csv('/etc/passwd')")).rejects.toMatchObject({ code: 'unsafe_sql' });
    await expect(json('SELECT nope FROM a')).rejects.toMatchObject({
      code: 'query_error',
      hint: expect.stringContaining('a.amount'),
    });
  });
});
