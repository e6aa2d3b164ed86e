import { OpenDataError, type ToolContext } from '@opendata-mcp/core';
import { describe, expect, it } from 'vitest';
import { recordingContext, testRuntime } from '../test-support/recorded-structure.test-support.js';
import { listCodesTool } from '../tools/list-codes.js';
import { loadFlowStructure } from './flow-structure.js';

// Both structures are SYNTHETIC (see the fixtures' MANIFEST): the IMF WEO DSD gives its dimensions
// no local representation; the ISTAT-like one names a code list its message does not carry.
const WEO = 'synthetic/synthetic_imf-weo_dataflow_references_all.xml';
const ISTAT = 'synthetic/synthetic_istat_dataflow_references_children.xml';
const ISTAT_LIST = 'synthetic/synthetic_istat_codelist_CL_ITTER107.xml';

/** The context with every request URL it was asked for. */
function counted(routes: Record<string, string>): { ctx: ToolContext; urls: string[] } {
  const ctx = recordingContext(routes);
  const urls: string[] = [];
  const fetch = ctx.http.fetch.bind(ctx.http);
  (ctx.http as { fetch: typeof fetch }).fetch = (request) => {
    urls.push(request.url);
    return fetch(request);
  };
  return { ctx, urls };
}

async function listCodes(ctx: ToolContext, agency: string, args: Record<string, unknown>) {
  const tool = listCodesTool(testRuntime({ agency }));
  return tool.execute(tool.input.parse(args), ctx) as Promise<{ data: { codes: Array<{ id: string }> } }>;
}

describe('representations taken from concepts and code lists fetched by reference', () => {
  it("gives a dimension without a local representation its concept's core representation", async () => {
    const { ctx, urls } = counted({ 'dataflow/': WEO });
    const structure = await loadFlowStructure(testRuntime({ agency: 'IMF.RES' }), ctx, { flowId: 'WEO' });
    const country = structure.dimensions.find((d) => d.id === 'COUNTRY');
    expect(country?.codelistRef).toEqual({ agency: 'IMF.RES', id: 'CL_WEO_COUNTRY', version: '1.0.0' });
    expect(country?.codelist?.codes.map((c) => c.id)).toEqual(['CHE', 'DEU', 'G001']);
    expect(structure.dimensions.find((d) => d.id === 'FREQUENCY')?.codelist?.id).toBe('CL_FREQ');
    // The measure's concept has no core representation: it stays uncoded, and nothing else is asked.
    expect(structure.measure?.codelistRef).toBeNull();
    expect(urls).toHaveLength(1);
    const answer = await listCodes(ctx, 'IMF.RES', {
      flow_id: 'WEO',
      dimension: 'COUNTRY',
      query: 'switzerland',
    });
    expect(answer.data.codes.map((c) => c.id)).toEqual(['CHE']);
  });

  it('fetches a code list the message lacks once, by its own reference', async () => {
    const { ctx, urls } = counted({ 'dataflow/': ISTAT, 'codelist/': ISTAT_LIST });
    const rt = testRuntime({ agency: 'IT1' });
    const structure = await loadFlowStructure(rt, ctx, { flowId: '22_289' });
    const area = structure.dimensions.find((d) => d.id === 'REF_AREA');
    expect(area?.codelist?.codes.map((c) => c.id)).toEqual(['IT', 'ITC', 'ITC1']);
    expect(area?.codelistFailure).toBeUndefined();
    expect(urls.filter((u) => u.includes('/codelist/'))).toEqual([
      'https://registry.test/rest/codelist/IT1/CL_ITTER107/4.2',
    ]);
    const answer = await listCodes(ctx, 'IT1', {
      flow_id: '22_289',
      dimension: 'REF_AREA',
      query: 'piemonte',
    });
    expect(answer.data.codes.map((c) => c.id)).toEqual(['ITC1']);
  });

  it('says the code list could not be had when the registry does not give it, not that the dimension is uncoded', async () => {
    const { ctx } = counted({ 'dataflow/': ISTAT });
    const error = await listCodes(ctx, 'IT1', { flow_id: '22_289', dimension: 'REF_AREA' }).catch((e) => e);
    expect(error).toBeInstanceOf(OpenDataError);
    expect(error.code).toBe('upstream_error');
    expect(error.message).toContain('REF_AREA is coded');
    expect(error.message).toContain('code list IT1:CL_ITTER107(4.2)');
    expect(error.message).not.toContain('not coded');
  });

  it('fails the call, retryably, when fetching the list fails for a passing reason', async () => {
    const ctx = recordingContext({ 'dataflow/': ISTAT });
    const fetch = ctx.http.fetch.bind(ctx.http);
    (ctx.http as { fetch: typeof fetch }).fetch = (request) =>
      request.url.includes('/codelist/')
        ? Promise.reject(
            new OpenDataError('upstream_unavailable', 'registry.test is unavailable (HTTP 503).'),
          )
        : fetch(request);
    const error = await loadFlowStructure(testRuntime({ agency: 'IT1' }), ctx, { flowId: '22_289' }).catch(
      (e) => e,
    );
    expect(error.code).toBe('upstream_unavailable');
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('code list IT1:CL_ITTER107(4.2)');
  });
});
