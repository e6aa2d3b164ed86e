import { stopSqlInspector } from '@opendata-mcp/tabular';
import { afterAll, describe, expect, it } from 'vitest';
import { wholeTableAggregates } from './datastore-sql.js';

const BOUNDS = { deadlineMs: 30_000 };
const decide = (sql: string) => wholeTableAggregates(sql, BOUNDS);

afterAll(() => stopSqlInspector());

describe('plain whole-table aggregates, read from DuckDB parse trees', () => {
  it('reads count(*), aliased aggregates and DuckDB names, however the text is spelt', async () => {
    expect(
      await decide('SELECT count(*), count(name) AS named, sum(id) AS total, max("id") AS top FROM data'),
    ).toEqual([
      { fn: 'count', column: null, name: 'count_star()' },
      { fn: 'count', column: 'name', name: 'named' },
      { fn: 'sum', column: 'id', name: 'total' },
      { fn: 'max', column: 'id', name: 'top' },
    ]);
    expect(
      await decide(
        'select\n  COUNT( * ) /* rows */ , "MIN"("Площа, га") as "Least ""one"""\nfrom "data" -- whole\n;',
      ),
    ).toEqual([
      { fn: 'count', column: null, name: 'count_star()' },
      { fn: 'min', column: 'Площа, га', name: 'Least "one"' },
    ]);
    expect(await decide('SELECT count(*) AS n FROM DATA')).toEqual([
      { fn: 'count', column: null, name: 'n' },
    ]);
  });

  it.each([
    ['a filter', 'SELECT count(*) FROM data WHERE id > 1'],
    ['grouping', 'SELECT count(*) AS n FROM data GROUP BY name'],
    ['GROUP BY ALL', 'SELECT sum(id) AS s FROM data GROUP BY ALL'],
    ['HAVING', 'SELECT count(*) AS n FROM data HAVING count(*) > 1'],
    ['a row modifier', 'SELECT count(*) AS n FROM data LIMIT 1'],
    ['DISTINCT rows', 'SELECT DISTINCT count(*) AS n FROM data'],
    ['DISTINCT inside', 'SELECT count(DISTINCT name) AS n FROM data'],
    ['an aggregate FILTER', 'SELECT count(*) FILTER (WHERE id > 1) AS n FROM data'],
    ['an ordered aggregate', 'SELECT max(id ORDER BY name) AS n FROM data'],
    ['an expression', 'SELECT sum(id) + 1 AS n FROM data'],
    ['an expression inside', 'SELECT sum(id * 2) AS n FROM data'],
    ['a constant argument', 'SELECT count(1) AS n FROM data'],
    ['a qualified column', 'SELECT sum(data.id) AS n FROM data'],
    ['an unnamed aggregate', 'SELECT sum(id) FROM data'],
    ['another function', 'SELECT avg(id) AS n FROM data'],
    ['a window', 'SELECT sum(id) OVER () AS n FROM data'],
    ['a plain column', 'SELECT id FROM data'],
    ['a table alias', 'SELECT count(*) FROM data AS d'],
    ['a schema', 'SELECT count(*) FROM main.data'],
    ['another table', 'SELECT count(*) FROM other'],
    ['a sample', 'SELECT count(*) FROM data USING SAMPLE 10'],
    ['a join', 'SELECT count(*) FROM data, data AS b'],
    ['a subquery', 'SELECT count(*) FROM (SELECT * FROM data)'],
    ['a CTE', 'WITH d AS (SELECT 1) SELECT count(*) FROM data'],
    ['a set operation', 'SELECT count(*) FROM data UNION ALL SELECT count(*) FROM data'],
    ['no table', 'SELECT count(*)'],
    ['the longest select the schema allows', `select${' '.repeat(19_993)}x`],
    [
      'a tree too large to read back',
      `SELECT ${Array.from({ length: 400 }, (_, i) => `sum(c${i}) AS s${i}`).join(', ')} FROM data`,
    ],
  ])('leaves %s to the local engine', async (_, sql) => {
    expect(await decide(sql)).toBeNull();
  });

  it('refuses what is not one SELECT before any table is read', async () => {
    await expect(decide('SELECT count(*) FROM data; DROP TABLE data')).rejects.toMatchObject({
      code: 'unsafe_sql',
    });
    await expect(decide('SELECT count(* FROM data')).rejects.toMatchObject({ code: 'query_error' });
  });
});
