import { describe, expect, it } from 'vitest';
import { isOpenDataError } from '../errors/opendata-error.js';
import { createKeptResults, type KeepRequest } from './kept-results.js';

/** A table of about `kib` KiB of JSON text. */
const table = (kib: number, label = 'x'): KeepRequest => ({
  table: {
    columns: [{ name: 'v', type: 'VARCHAR' }],
    rowCount: 1,
    rowsJson: JSON.stringify([[label.repeat(kib * 1024)]]),
  },
  sources: [],
  call: { tool: 'query_data', arguments: { label } },
});

async function idOf(promise: Promise<{ result_id: string | null }>): Promise<string> {
  const kept = await promise;
  if (kept.result_id === null) throw new Error('not kept');
  return kept.result_id;
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isOpenDataError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, message: error.message };
}

// 400 KiB in all, a quarter (100 KiB) per client: a 15 KiB result stands for a 15 MB one.
const options = { maxBytes: 400 * 1024, maxResults: 100, clientShare: 0.25 };

describe('kept results per client', () => {
  it("keeps one client's results past its share by evicting its own oldest, never another client's", async () => {
    const results = createKeptResults(options);
    const b = await idOf(results.forClient('B').keep(table(15, 'b')));
    const a: string[] = [];
    for (let i = 0; i < 18; i++) a.push(await idOf(results.forClient('A').keep(table(15, 'a'))));
    expect((await results.read(b)).table.rows[0]?.[0]).toBe('b'.repeat(15 * 1024));
    // Six 15 KiB results fit in A's 100 KiB; the twelve before them made room.
    for (const id of a.slice(-6)) expect((await results.read(id)).result_id).toBe(id);
    const evicted = await refusal(results.read(a[0] as string));
    expect(evicted).toEqual({
      code: 'not_found',
      message: `The result ${a[0]} was evicted to make room for newer results of the same client (this server keeps at most 100 KiB and 25 results per client).`,
    });
  });

  it('counts results as well as bytes against a client', async () => {
    const results = createKeptResults(options);
    const a: string[] = [];
    for (let i = 0; i < 26; i++) a.push(await idOf(results.forClient('A').keep(table(0))));
    expect((await refusal(results.read(a[0] as string))).message).toMatch(/evicted to make room/);
    expect((await results.read(a[1] as string)).result_id).toBe(a[1]);
  });

  it("answers but does not keep a result when the store is full of other clients' results, evicting none", async () => {
    const results = createKeptResults(options);
    const held: string[] = [];
    for (const client of ['A', 'B', 'C', 'D']) {
      for (let i = 0; i < 3; i++) held.push(await idOf(results.forClient(client).keep(table(33, client))));
    }
    expect(await results.forClient('E').keep(table(30, 'e'))).toEqual({
      result_id: null,
      result_note: expect.stringMatching(/^Not kept: the result store is full with other clients' results/),
    });
    for (const id of held) expect((await results.read(id)).result_id).toBe(id);
  });

  it('tells an expired result from an evicted one', async () => {
    const results = createKeptResults({ ...options, ttlMs: 30 });
    const id = await idOf(results.forClient('A').keep(table(1)));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await refusal(results.read(id))).message).toBe(
      `The result ${id} expired after 0 s, as every kept result does.`,
    );
  });

  it('refuses to keep a single result larger than one client may hold', async () => {
    const results = createKeptResults(options);
    expect(await results.forClient('A').keep(table(120))).toEqual({
      result_id: null,
      result_note: expect.stringMatching(/over the 100 KiB a kept result may hold/),
    });
  });
});
