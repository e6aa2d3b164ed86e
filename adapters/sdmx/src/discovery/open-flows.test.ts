import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isOpenDataError, OpenDataError, type ToolContext } from '@opendata-mcp/core';
import { SDMX_FIXTURE_DATA_DIR } from '@opendata-mcp/fixtures';
import { describe, expect, it } from 'vitest';
import type { DataflowInfo } from '../registry/structure-types.js';
import { recordingContext, testRuntime } from '../test-support/recorded-structure.test-support.js';
import { openFlows } from './open-flows.js';

const flow = (id: string): DataflowInfo => ({
  id,
  agency: 'UNICEF',
  version: '1.0',
  names: [],
  descriptions: [],
  structure: null,
});

/** A context that answers CME's structure from the recording and fails every other flow as told. */
function contextFailing(failure: () => Error): ToolContext {
  const ctx = recordingContext('unicef/dataflow_CME_references_all.xml');
  const text = readFileSync(join(SDMX_FIXTURE_DATA_DIR, 'unicef/dataflow_CME_references_all.xml'), 'utf8');
  const fetch = ctx.http.fetch.bind(ctx.http);
  return {
    ...ctx,
    http: {
      ...ctx.http,
      fetch: async (request: Parameters<typeof fetch>[0]) => {
        if (!request.url.includes('/CME/')) throw failure();
        expect(text.length).toBeGreaterThan(0);
        return fetch(request);
      },
    },
  } as ToolContext;
}

describe('opening many flows for a search', () => {
  it('skips and names a flow it cannot read, keeping the others', async () => {
    const ctx = contextFailing(() => new OpenDataError('upstream_error', 'HTTP 500 from the registry'));
    const opened = await openFlows(testRuntime(), ctx, [flow('CME'), flow('BROKEN')]);
    expect(opened.structures.map((s) => s.flow.id)).toEqual(['CME']);
    expect(opened.skipped).toEqual([
      { flow_id: 'BROKEN', reason: expect.stringMatching(/^upstream_error: /) },
    ]);
  });

  it('raises the transport failure when no flow could be read', async () => {
    const ctx = contextFailing(() => new OpenDataError('rate_limited', 'HTTP 429'));
    const error = await openFlows(testRuntime(), ctx, [flow('A'), flow('B')]).catch((e: unknown) => e);
    expect(isOpenDataError(error) && error.code).toBe('rate_limited');
  });
});
