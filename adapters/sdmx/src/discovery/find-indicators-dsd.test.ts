import type { ToolContext } from '@opendata-mcp/core';
import { expect, it } from 'vitest';
import {
  CME_STRUCTURE,
  recordingContext,
  testRuntime,
} from '../test-support/recorded-structure.test-support.js';
import { findIndicators } from './find-indicators.js';

it('reads one structure per DSD of the recorded UNICEF list and names each flow it could not read', async () => {
  const ctx = recordingContext({ 'dataflow/UNICEF?': 'unicef/dataflows_UNICEF.xml', '/CME/': CME_STRUCTURE });
  const asked: string[] = [];
  const fetch = ctx.http.fetch.bind(ctx.http);
  const counting = {
    ...ctx,
    http: {
      ...ctx.http,
      fetch: (request: Parameters<typeof fetch>[0]) => {
        asked.push(request.url);
        return fetch(request);
      },
    },
  } as ToolContext;
  const found = await findIndicators(testRuntime(), counting, {
    query: 'under-five mortality',
    language: 'en',
    offset: 0,
    limit: 3,
    units: false,
  });
  const structures = asked.filter((url) => /\/dataflow\/UNICEF\/[^/?]+\//.test(url));
  // 70 flows on 38 DSDs: the 31 sub-national CME flows share one, as do DM and WT with a sibling each.
  expect(structures).toHaveLength(38);
  expect(found.skipped).toHaveLength(37);
  expect(found.skipped.map((s) => s.flow_id)).not.toContain('CME');
  expect(found.indicators[0]).toMatchObject({
    code: 'CME_MRY0T4',
    flow_id: 'CME',
    evidence: 'filed_under_flow',
  });
});
