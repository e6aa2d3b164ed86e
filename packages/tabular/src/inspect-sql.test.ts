import { isLosslessNumber } from 'lossless-json';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectSql, stopSqlInspector } from './inspect-sql.js';
import { stopSpareEngine } from './worker/engine-pool.js';

const DEADLINE = { deadlineMs: 30_000 };

interface Node {
  [key: string]: unknown;
}

afterAll(async () => {
  await stopSqlInspector();
  stopSpareEngine();
});

async function selectNode(sql: string): Promise<Node> {
  const { statement } = await inspectSql(sql, DEADLINE);
  if (!statement) throw new Error('no tree');
  return statement.node;
}

describe('inspectSql: DuckDB parse trees from an engine process', () => {
  it("gives DuckDB's own tree, with count(*) as count_star and numbers exact", async () => {
    const node = await selectNode('SELECT COUNT(*), sum("Ab") AS t, 9007199254740995 FROM data');
    const [, sum, constant] = node.select_list as [Node, Node, Node];
    expect((node.select_list as Node[]).map((item) => item.function_name ?? item.class)).toEqual([
      'count_star',
      'sum',
      'CONSTANT',
    ]);
    expect(sum.alias).toBe('t');
    expect(sum.children).toMatchObject([{ column_names: ['Ab'] }]);
    const literal = (constant.value as Node).value;
    expect(isLosslessNumber(literal)).toBe(true);
    expect(String(literal)).toBe('9007199254740995');
    expect((node.from_table as Node).table_name).toBe('data');
  });

  it('refuses what the guard refuses, before any table is involved', async () => {
    await expect(inspectSql('DROP TABLE data', DEADLINE)).rejects.toMatchObject({ code: 'unsafe_sql' });
    await expect(inspectSql('SELECT 1; SELECT 2', DEADLINE)).rejects.toMatchObject({ code: 'unsafe_sql' });
    await expect(inspectSql(`SELECT ${'('.repeat(200)}1${')'.repeat(200)}`, DEADLINE)).rejects.toMatchObject({
      code: 'unsafe_sql',
    });
    await expect(inspectSql('SELEC count(*) FROM data', DEADLINE)).rejects.toMatchObject({
      code: 'query_error',
      message: expect.stringMatching(/could not be parsed/),
    });
  });

  it('names a keyword written as a bare alias, and keeps the general hint for other syntax errors', async () => {
    await expect(
      inspectSql("SELECT string_agg(DISTINCT kind, '|') types FROM data", DEADLINE),
    ).rejects.toMatchObject({
      code: 'query_error',
      message: expect.stringContaining('at or near "types"'),
      hint: expect.stringMatching(/^"types" is a keyword of DuckDB's SQL: as a name, write AS before it/),
    });
    await expect(inspectSql('SELECT count(*) FROM data WHERE', DEADLINE)).rejects.toMatchObject({
      code: 'query_error',
      hint: expect.stringMatching(/^Fix the syntax/),
    });
  });

  it('sends back no tree larger than asked for, however long the statement', async () => {
    const sql = `SELECT ${Array.from({ length: 9_000 }, () => '1').join(',')} FROM data`;
    const { statement } = await inspectSql(sql, { ...DEADLINE, maxTreeChars: 4_096 });
    expect(statement).toBeNull();
    const small = await inspectSql('SELECT 1 FROM data', { ...DEADLINE, maxTreeChars: 4_096 });
    expect(small.statement).not.toBeNull();
  });

  it('parses the longest statement the tools accept quickly, without the regular-expression blow-up', async () => {
    const node = await selectNode(`select${' '.repeat(19_993)}x`);
    expect(node.select_list).toMatchObject([{ column_names: ['x'] }]);
  });

  it('stops a parse at its deadline with a clear error, and the next one gets a fresh process', async () => {
    // Some 9,000 items take DuckDB a good tenth of a second to parse and serialise: far past 5 ms.
    const long = `SELECT ${Array.from({ length: 9_000 }, () => '1').join(',')} FROM data`;
    await expect(inspectSql(long, { deadlineMs: 5 })).rejects.toMatchObject({
      code: 'query_timeout',
      message: expect.stringMatching(/^Reading the SQL took longer than 5 ms/),
    });
    const { statement } = await inspectSql('SELECT 2', DEADLINE);
    expect(statement).not.toBeNull();
  });

  it('times the parse, not the boot of a fresh process on a busy machine', async () => {
    await stopSqlInspector();
    stopSpareEngine();
    // Starting Node and DuckDB from the sources takes a second or more; parsing SELECT 1, a few ms.
    const { statement } = await inspectSql('SELECT 1', { deadlineMs: 500 });
    expect(statement).not.toBeNull();
  });

  it('answers the caller at once when its call is cancelled', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled by the client');
    controller.abort(reason);
    await expect(inspectSql('SELECT 1', { ...DEADLINE, signal: controller.signal })).rejects.toBe(reason);
  });
});
