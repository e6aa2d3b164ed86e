import type { AdapterSearch, SearchHit } from '@opendata-mcp/core';
import { findIndicators, type IndicatorHit } from './discovery/find-indicators.js';
import type { SdmxRuntime } from './sdmx-runtime.js';
import { searchDataflowsTool } from './tools/search-dataflows.js';

/**
 * Indicators a registry adds to the hits: some beside matching dataflows (which lead to the rest),
 * more when no dataflow title holds the words. Beside a flow, the search's own ranking needs more
 * than the first three: those are often the shortest titles holding the words ("Child labour
 * thresholds", "National target for Child labour"), and the indicator a question names came fifth.
 */
const INDICATOR_HITS = { besideFlows: 6, alone: 10 };

/**
 * How sure it is that the flow holds data for the code, said in the hit: a code found only in a
 * shared code list (UNICEF lists every indicator in each flow's list) often has no data there.
 */
const HOLDS: Record<IndicatorHit['evidence'], (flow: string) => string> = {
  filed_under_flow: (flow) => `Indicator filed under the dataflow ${flow}.`,
  constraint: (flow) => `Indicator the dataflow ${flow} holds data for, as its constraint says.`,
  code_list: (flow) =>
    `Code in the code list of the dataflow ${flow}, which may hold no data for it: check_availability tells.`,
};

/**
 * An SDMX registry in `search_all`: dataflows whose id, name or description hold every word, and
 * indicators whose names match. A statistic is more often asked for by its indicator's name
 * ("under-five mortality") than by the title of the table that holds it ("Child Mortality").
 */
export function sdmxSearch(rt: SdmxRuntime): AdapterSearch {
  const tool = searchDataflowsTool(rt);
  return async (request, ctx) => {
    const input = tool.input.parse({
      query: request.query,
      limit: Math.min(request.limit, 100),
      ...(request.language ? { language: request.language } : {}),
    });
    const [{ data }, found] = await Promise.all([
      tool.execute(input, ctx),
      findIndicators(rt, ctx, {
        query: request.query,
        language: request.language ?? rt.language,
        offset: 0,
        limit: Math.min(request.limit, INDICATOR_HITS.alone),
        units: false,
      }),
    ]);
    const flows: SearchHit[] = data.flows.map((flow) => ({
      kind: 'dataflow',
      id: flow.id,
      title: flow.name,
      description: flow.description,
      publisher: flow.agency,
      open: {
        tool: 'get_dataflow_structure',
        arguments: { flow_id: flow.id, ...(flow.agency !== rt.agency ? { agency: flow.agency } : {}) },
      },
    }));
    const indicators: SearchHit[] = found.indicators.map((hit) => ({
      kind: 'indicator',
      id: hit.code,
      title: hit.label,
      description: HOLDS[hit.evidence](`${hit.flow_id} (${hit.flow_name})`),
      publisher: rt.agency,
      // Found maybe by its name in the question's language: ranked by every name the list gives it.
      names: (found.names.get(hit.code) ?? []).map((name) => ({ lang: name.lang, text: name.value })),
      // Which areas and periods hold data for it: the next question before asking for values.
      open: {
        tool: 'check_availability',
        arguments: { flow_id: hit.flow_id, filters: { [hit.dimension]: hit.code } },
      },
    }));
    return [...flows, ...indicators.slice(0, flows.length > 0 ? INDICATOR_HITS.besideFlows : undefined)];
  };
}
