import { isOpenDataError, type Licence, type ToolContext } from '@opendata-mcp/core';
import type { PxwebApiFor } from './api/pxweb-api-for.js';

/**
 * The licence the portal states for its data in its configuration (v2 `/config`, read once per
 * metadata TTL), for the provenance of every answer; null where it states none, has no
 * configuration (v1) or fails to give it: an answer is not refused for want of its licence.
 */
export async function portalLicence(ctx: ToolContext, apiFor: PxwebApiFor): Promise<Licence | null> {
  try {
    const url = (await apiFor().configuration(ctx))?.license ?? null;
    return url ? { id: null, title: null, url, source_property: 'config.license' } : null;
  } catch (error) {
    if (!isOpenDataError(error) || ctx.signal.aborted) throw error;
    return null;
  }
}
