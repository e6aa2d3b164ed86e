import type { ToolContext } from '@opendata-mcp/core';
import { describe, expect, it } from 'vitest';
import { FALLBACK_FLOWS } from '../discovery-index/indicator-candidates.js';
import {
  CME_STRUCTURE,
  recordingContext,
  testRuntime,
} from '../test-support/recorded-structure.test-support.js';
import { findIndicators } from './find-indicators.js';

function counting(routes: Record<string, string>): { ctx: ToolContext; asked: string[] } {
  const ctx = recordingContext(routes);
  const asked: string[] = [];
  const fetch = ctx.http.fetch.bind(ctx.http);
  const http = {
    ...ctx.http,
    fetch: (request: Parameters<typeof fetch>[0]) => {
      asked.push(request.url);
      return fetch(request);
    },
  };
  return { ctx: { ...ctx, http } as ToolContext, asked };
}

const ASK = { query: 'under-five mortality', language: 'en', offset: 0, limit: 3, units: false };
const LIST = { 'dataflow/UNICEF?': 'unicef/dataflows_UNICEF.xml' };

describe('find_indicators over the recorded UNICEF list of 70 flows on 38 DSDs', () => {
  it('builds its index from the bulk DSD and code list answers: three requests, none per flow', async () => {
    const { ctx, asked } = counting({
      ...LIST,
      'datastructure/UNICEF/all/latest': CME_STRUCTURE,
      'codelist/UNICEF/all/latest': CME_STRUCTURE,
    });
    const found = await findIndicators(testRuntime(), ctx, ASK);
    expect(asked).toHaveLength(3);
    expect(found.indicators[0]).toMatchObject({
      code: 'CME_MRY0T4',
      flow_id: 'CME',
      evidence: 'filed_under_flow',
      matched_words: ['under', 'five', 'mortality'],
    });
    // Only DSD_CME is in the recording: the flows on other DSDs are named as not searched.
    expect(found.not_searched).not.toContain('CME');
    expect(found.not_searched.length).toBeGreaterThan(0);
    expect(found.note).toMatch(/were not searched/);
  });

  it('opens only the best few flows by title when the bulk queries are refused, naming the rest', async () => {
    const { ctx, asked } = counting({ ...LIST, '/CME/': CME_STRUCTURE });
    const found = await findIndicators(testRuntime(), ctx, ASK);
    const opened = asked.filter((url) => /\/dataflow\/UNICEF\/[^/?]+\//.test(url));
    expect(opened.length).toBeGreaterThan(0);
    expect(opened.length).toBeLessThanOrEqual(FALLBACK_FLOWS);
    expect(asked.filter((url) => /\/(datastructure|codelist)\/UNICEF\/all/.test(url))).toHaveLength(2);
    expect(found.indicators[0]).toMatchObject({ code: 'CME_MRY0T4', flow_id: 'CME' });
    expect(found.not_searched).not.toContain('CME');
    expect(found.flows_searched + found.not_searched.length).toBe(70);
    expect(found.note).toMatch(/did not answer datastructure\/all/);
  });
});
