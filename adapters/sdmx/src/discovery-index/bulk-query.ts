import { isOpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { BulkQueryFact } from '../profiles/registry-profile.js';
import { fetchStructure, restUrl } from '../registry/fetch-sdmx.js';
import { parseStructureAnswer } from '../registry/parse-structure-answer.js';
import { segment } from '../registry/sdmx-ids.js';
import type { StructureMessage } from '../registry/structure-types.js';
import type { SdmxRuntime } from '../sdmx-runtime.js';

export type BulkResource = 'datastructure' | 'codelist' | 'categoryscheme' | 'categorisation';

/** What became of one whole-agency query: kept in the index, so a refusal is not asked again within the TTL. */
export interface BulkOutcome {
  resource: BulkResource;
  url: string;
  answered: boolean;
  /** Why it was not used (the registry refused, the answer was too large or unreadable); null when answered. */
  reason: string | null;
}

/**
 * One whole-agency structure query (`codelist/{agency}/all/latest`). A registry that refuses it
 * (4xx, 501), sends more than the response cap or something unreadable gives an outcome saying
 * so, and the index falls back; an outage or a rate limit is raised, since a later try may work.
 * The answer bypasses the HTTP metadata cache: the index built from it is what is kept.
 */
export async function fetchBulk(
  rt: SdmxRuntime,
  ctx: ToolContext,
  resource: BulkResource,
  agency: string,
  fact: BulkQueryFact | undefined,
): Promise<{ outcome: BulkOutcome; message: StructureMessage | null }> {
  const latest = rt.profile?.supports.latest === false ? '' : '/latest';
  const url = restUrl(rt, `${resource}/${segment(agency)}/all${latest}`, {
    ...(resource === 'datastructure' ? { references: 'none' } : {}),
  });
  const refused = (reason: string) => ({
    outcome: { resource, url, answered: false, reason },
    message: null,
  });
  if (fact?.answered === false) return refused(`the registry does not answer it (${fact.source})`);
  let body: Uint8Array;
  let contentType: string | undefined;
  try {
    const answer = await fetchStructure({ ...rt, ttlMs: 0 }, ctx, url);
    body = answer.body;
    contentType = answer.headers['content-type'];
  } catch (error) {
    if (ctx.signal.aborted || !isOpenDataError(error) || error.retryable) throw error;
    return refused(`${error.code} (HTTP ${String(error.details?.status ?? '?')})`);
  }
  try {
    const message = await parseStructureAnswer(body, contentType, undefined, ctx.signal);
    return { outcome: { resource, url, answered: true, reason: null }, message };
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    return refused('the answer could not be read');
  }
}
