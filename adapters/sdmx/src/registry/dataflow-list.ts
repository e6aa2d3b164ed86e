import type { ToolContext } from '@opendata-mcp/core';
import type { SdmxRuntime } from '../sdmx-runtime.js';
import { fetchStructure, restUrl } from './fetch-sdmx.js';
import { parseStructureAnswer } from './parse-structure-answer.js';
import { segment } from './sdmx-ids.js';
import type { DataflowInfo } from './structure-types.js';

export interface DataflowList {
  dataflows: DataflowInfo[];
  prepared: string | null;
  url: string;
  fetchedAt: string;
  fromCache: boolean;
}

/** Every dataflow of an agency (or of all agencies) from one `dataflow/{agency}` call, cached. */
export async function loadDataflowList(
  rt: SdmxRuntime,
  ctx: ToolContext,
  agency: string,
): Promise<DataflowList> {
  const url = restUrl(rt, `dataflow/${segment(agency)}`, { references: 'none', detail: 'full' });
  const load = async () => {
    const answer = await fetchStructure(rt, ctx, url);
    const message = await parseStructureAnswer(
      answer.body,
      answer.headers['content-type'],
      'dataflows',
      ctx.signal,
    );
    return {
      dataflows: message.dataflows,
      prepared: message.prepared,
      url,
      fetchedAt: answer.fetchedAt.toISOString(),
    };
  };
  if (rt.ttlMs <= 0) return { ...(await load()), fromCache: false };
  const { value, hit } = await ctx.cache.getOrLoad(`sdmx:${rt.id}:dataflows:${url}`, rt.ttlMs, load);
  return { ...value, fromCache: hit };
}
