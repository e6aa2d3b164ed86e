import { type CkanFixture, startCkanFixture } from '@opendata-mcp/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, type StdioSession } from '../e2e/stdio-client.js';

const KYIV = { dataset_id: 'pzf-kyiv-city', resource_id: 'fefc392b-d1ae-5706-939b-521da2cdd35f' };

// The official client drops a stdio message over 10 MiB and with it the whole session.
describe('query_resource answers bounded in bytes, over stdio', () => {
  let fixture: CkanFixture;
  let session: StdioSession;

  beforeAll(async () => {
    fixture = await startCkanFixture();
    session = await connectStdio([fixture]);
  });
  afterAll(async () => {
    await session?.close();
    await fixture?.close();
  });

  it("answers SELECT repeat('x', 6000000) with cut values and a note, and the session keeps answering", async () => {
    const hostile = session.call('query_resource', {
      ...KYIV,
      sql: "SELECT repeat('x', 6000000) AS x FROM data",
    });
    // Another call is answered while the engine builds the hostile answer.
    const started = performance.now();
    const other = await session.call('get_dataset', { dataset_id: KYIV.dataset_id });
    const otherMs = performance.now() - started;
    const { body, isError } = await hostile;
    expect(isError, JSON.stringify(body.error)).toBe(false);
    expect(body.returned).toBe(20);
    expect(body.rows.every((row: string[]) => row[0]?.length === 2_000)).toBe(true);
    expect(body.notes.join(' ')).toMatch(
      /Column "x": 20 value\(s\) longer than 2,000 characters .*6,000,000/,
    );
    expect(JSON.stringify(body).length).toBeLessThan(3 * 1024 * 1024);
    // Kept, the cut text would pass for the values in a later query_results: it is answered, not kept.
    expect(body.result_id).toBeNull();
    expect(body.result_note).toMatch(/^Not kept: long values were cut/);
    expect(other.isError).toBe(false);
    expect(otherMs).toBeLessThan(5_000);
    const next = await session.call('query_resource', { ...KYIV, sql: 'SELECT count(*) AS n FROM data' });
    expect(next.body.rows).toEqual([[198]]);
    expect(next.body.result_id).toEqual(expect.any(String));
  }, 60_000);

  it('refuses an answer still over the budget after cutting, naming what to narrow', async () => {
    const sql = `SELECT ${Array.from({ length: 20 }, (_, i) => `repeat('${i % 10}', 1990) AS c${i}`).join(', ')} FROM data`;
    const { body, isError } = await session.call('query_resource', { ...KYIV, sql, limit: 100 });
    expect(isError).toBe(true);
    expect(body.error.code).toBe('resource_too_large');
    expect(body.error.hint).toMatch(/fewer columns.*fewer rows.*LIMIT.*aggregate/);
    const after = await session.call('query_resource', { ...KYIV, sql, limit: 5 });
    expect(after.isError).toBe(false);
    expect(after.body.returned).toBe(5);
  }, 60_000);
});
