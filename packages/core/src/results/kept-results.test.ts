import { describe, expect, it } from 'vitest';
import type { Provenance } from '../envelope/provenance.js';
import { isOpenDataError } from '../errors/opendata-error.js';
import { createMemoryStore } from '../store/memory-store.js';
import type { SharedStore } from '../store/shared-store.js';
import { createKeptResults, type KeepRequest } from './kept-results.js';
import { RESULT_ID_PATTERN } from './result-id.js';

const source: Provenance = {
  backend: 'test',
  adapter_id: 'test',
  endpoint: 'https://portal.example',
  identifiers: { table: 'T1' },
  title: 'Table one',
  publisher: 'Example office',
  url: null,
  query: null,
  access_method: 'test_api',
  retrieved_at: '2026-01-01T00:00:00.000Z',
  metadata_retrieved_at: null,
  source_modified_at: null,
  license: null,
  cache: { hit: false, revalidated: false, first_fetched_at: null },
};

const request = (rows: unknown[][] = [['USA', '2020', 6.27]]): KeepRequest => ({
  table: {
    columns: ['REF_AREA', 'TIME_PERIOD', 'value'],
    rows,
    fixed: { SEX: '_T' },
    labels: { REF_AREA: { USA: 'United States' } },
  },
  sources: [{ citation: 'Example office: Table one.', source }],
  call: { tool: 'query_table', arguments: { table_id: 'T1' } },
});

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; hint?: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isOpenDataError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
}

describe('kept results', () => {
  it('keeps a table under a 128-bit id and reads it back typed, with its sources and call', async () => {
    const results = createKeptResults();
    const kept = await results.keep(request());
    if (kept.result_id === null) throw new Error(kept.result_note);
    expect(kept.result_id).toMatch(RESULT_ID_PATTERN);
    expect(Buffer.from(kept.result_id, 'base64url')).toHaveLength(16);
    const read = await results.read(kept.result_id);
    expect(read.table).toEqual({
      columns: [
        { name: 'REF_AREA', type: 'VARCHAR' },
        { name: 'TIME_PERIOD', type: 'VARCHAR' },
        { name: 'value', type: 'DOUBLE' },
        { name: 'SEX', type: 'VARCHAR' },
      ],
      rows: [['USA', '2020', 6.27, '_T']],
      labels: { REF_AREA: { USA: 'United States' } },
    });
    expect(read.sources[0]?.source).toEqual(source);
    expect(read.call).toEqual({ tool: 'query_table', arguments: { table_id: 'T1' } });
  });

  it('keeps rows already serialised as they are, and hands them back unparsed or parsed', async () => {
    const results = createKeptResults();
    const rowsJson = JSON.stringify([
      ['CHE', 8.9],
      ['line\nbreak "quoted"', null],
    ]);
    const kept = await results.keep({
      table: {
        columns: [
          { name: 'area', type: 'VARCHAR' },
          { name: 'value', type: 'DOUBLE' },
        ],
        rowsJson,
        rowCount: 2,
      },
      sources: request().sources,
      call: { tool: 'query_results', arguments: {} },
    });
    if (kept.result_id === null) throw new Error(kept.result_note);
    const { head, rowsJson: stored } = await results.readSerialised(kept.result_id);
    expect(head.table).toEqual({ columns: expect.any(Array), labels: {}, row_count: 2 });
    expect(new TextDecoder().decode(stored)).toBe(rowsJson);
    expect((await results.read(kept.result_id)).table.rows).toEqual([
      ['CHE', 8.9],
      ['line\nbreak "quoted"', null],
    ]);
  });

  it('gives every result its own id', async () => {
    const results = createKeptResults();
    const ids = new Set<string | null>();
    for (let i = 0; i < 50; i++) ids.add((await results.keep(request())).result_id);
    expect(ids.size).toBe(50);
  });

  it('refuses a malformed id as invalid_input and a well-formed unknown one as not_found', async () => {
    const results = createKeptResults();
    expect(await refusal(results.read('../../etc/passwd'))).toMatchObject({ code: 'invalid_input' });
    expect(await refusal(results.read('AAAAAAAAAAAAAAAAAAAAAA'))).toMatchObject({
      code: 'not_found',
      hint: expect.stringMatching(/again/),
    });
  });

  it('does not find a result of another server sharing the store, unless both share a namespace', async () => {
    const store = createMemoryStore();
    const one = createKeptResults({ store });
    const other = createKeptResults({ store });
    const kept = await one.keep(request());
    if (kept.result_id === null) throw new Error(kept.result_note);
    expect((await refusal(other.read(kept.result_id))).code).toBe('not_found');
    const replicaA = createKeptResults({ store, namespace: 'shared' });
    const replicaB = createKeptResults({ store, namespace: 'shared' });
    const shared = await replicaA.keep(request());
    if (shared.result_id === null) throw new Error(shared.result_note);
    expect((await replicaB.read(shared.result_id)).table.rows).toEqual([['USA', '2020', 6.27, '_T']]);
  });

  it('answers an expired id with not_found naming the call to run again', async () => {
    const results = createKeptResults({ ttlMs: 30 });
    const kept = await results.keep(request());
    if (kept.result_id === null) throw new Error(kept.result_note);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const expired = await refusal(results.read(kept.result_id));
    expect(expired.code).toBe('not_found');
    expect(expired.message).toMatch(/expired/);
    expect(expired.hint).toContain('query_table {"table_id":"T1"}');
  });

  it('answers without keeping a table over the size limit, and says why', async () => {
    const results = createKeptResults({ maxResultBytes: 2_000 });
    const rows = Array.from({ length: 200 }, (_, i) => ['USA', String(1900 + i), i]);
    expect(await results.keep(request(rows))).toEqual({
      result_id: null,
      result_note: expect.stringMatching(/^Not kept: the table takes \d+ KiB, over the 2 KiB/),
    });
  });

  it('answers without keeping when the store cannot be reached, and says so', async () => {
    const broken: SharedStore = {
      ...createMemoryStore(),
      set: () => Promise.reject(new Error('connection refused')),
    };
    expect(await createKeptResults({ store: broken }).keep(request())).toEqual({
      result_id: null,
      result_note: 'Not kept: the result store could not be reached.',
    });
  });
});
