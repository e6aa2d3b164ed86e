import { isOpenDataError } from '@opendata-mcp/core';
import { describe, expect, it } from 'vitest';
import { checkSql } from './check-sql.js';

function refusal(sql: string) {
  try {
    checkSql(sql, { maxRows: 20 });
  } catch (error) {
    if (isOpenDataError(error)) return error;
    throw error;
  }
  throw new Error(`accepted: ${sql}`);
}

describe('checkSql', () => {
  it('regenerates an aggregate with the row cap as LIMIT', () => {
    const checked = checkSql('select a, count(*) n from data group by a order by n desc', { maxRows: 20 });
    expect(checked).toEqual({
      sql: 'SELECT a, COUNT(*) AS "n" FROM "data" GROUP BY a ORDER BY n DESC LIMIT 21',
      limit: 21,
    });
  });

  it('keeps a smaller user LIMIT and lowers a larger one', () => {
    expect(checkSql('select * from data limit 5', { maxRows: 20 }).sql).toMatch(/LIMIT 5$/);
    expect(checkSql('select * from data limit 500', { maxRows: 20 }).sql).toMatch(/LIMIT 21$/);
    expect(checkSql('select * from data limit 500 offset 7', { maxRows: 20 }).sql).toMatch(
      /LIMIT 21 OFFSET 7$/,
    );
    expect(checkSql('select * from data offset 7', { maxRows: 20 }).sql).toMatch(/LIMIT 21 OFFSET 7$/);
  });

  it('caps a UNION as a whole', () => {
    expect(checkSql('select a from data union select b from data', { maxRows: 3 }).sql).toBe(
      'SELECT a FROM "data" UNION SELECT b FROM "data" LIMIT 4',
    );
  });

  it('allows CTEs, subqueries and window functions over data', () => {
    const sql =
      'with t as (select a, row_number() over (order by b) r from data) select * from t where r in (select max(r) from t)';
    expect(checkSql(sql, { maxRows: 20 }).sql).toContain('WITH "t" AS');
  });

  it('refuses with unsafe_sql and a hint', () => {
    const error = refusal("select * from read_csv('/etc/passwd')");
    expect(error.code).toBe('unsafe_sql');
    expect(error.hint).toMatch(/data/);
  });

  it('refuses a non-literal LIMIT', () => {
    expect(refusal('select * from data limit (select count(*) from data)').message).toMatch(/LIMIT/);
  });

  it('refuses empty and oversized input', () => {
    expect(refusal('   ').message).toMatch(/empty/);
    expect(refusal(`select 1 from data where a = '${'x'.repeat(20_001)}'`).message).toMatch(/longer/);
  });
});
