import { DEFAULT_LIMITS, type ToolContext } from '@opendata-mcp/core';
import { createKeptResults } from '@opendata-mcp/core/server';
import { expect, it } from 'vitest';
import { CORPUS_TABLE, TEST_SOURCE } from './kept-table.test-support.js';
import { closeOpenResults, openResults } from './open-results.js';

it('reuses a loaded set for the same names and ids, and closes it when the server closes', async () => {
  const results = createKeptResults();
  const kept = await results.keep({
    table: CORPUS_TABLE,
    sources: [{ citation: 'Test office: Test table.', source: TEST_SOURCE }],
    call: { tool: 'get_test_table', arguments: {} },
  });
  if (kept.result_id === null) throw new Error(kept.result_note);
  const ctx = {
    results,
    limits: DEFAULT_LIMITS,
    signal: new AbortController().signal,
    clock: { now: () => new Date() },
  } as unknown as ToolContext;
  const first = await openResults(ctx, [['t', kept.result_id]]);
  const again = await openResults(ctx, [['t', kept.result_id]]);
  expect(again).toBe(first);
  const renamed = await openResults(ctx, [['u', kept.result_id]]);
  expect(renamed).not.toBe(first);
  // Each client reads through a view of its own, made anew for every call: the loaded set is the server's.
  const otherClient = { ...ctx, results: results.forClient('B') } as ToolContext;
  expect(await openResults(otherClient, [['t', kept.result_id]])).toBe(first);
  await closeOpenResults(results);
  expect(first.session.isOpen()).toBe(false);
  expect(renamed.session.isOpen()).toBe(false);
});
