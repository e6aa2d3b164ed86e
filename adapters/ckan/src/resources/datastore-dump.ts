import { isOpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { RecordField, TableLimits, TableSession } from '@opendata-mcp/tabular';
import type { CkanRuntime } from '../ckan-runtime.js';
import { loadTabular } from './load-tabular.js';

export interface DumpedTable {
  session: TableSession;
  fetchedAt: Date;
}

/** Statuses that say the portal has no dump for this resource (an older CKAN, a disabled route). */
const NO_DUMP = new Set(['not_found', 'upstream_error', 'unsupported_resource']);

/**
 * Reads a DataStore table whole through the portal's bulk CSV export, with the columns and types the
 * DataStore declares. Null when the portal has no dump or it does not hold the declared columns: the
 * caller pages `datastore_search` instead. A portal that is down or slow is an error, not a reason to page.
 */
export async function loadDump(
  rt: CkanRuntime,
  ctx: ToolContext,
  resourceId: string,
  declared: RecordField[],
  limits: TableLimits,
): Promise<DumpedTable | null> {
  let download: Awaited<ReturnType<ToolContext['http']['download']>>;
  try {
    download = await ctx.http.download({
      url: rt.client.dumpUrl(resourceId),
      signal: ctx.signal,
      maxBytes: ctx.limits.maxDownloadBytes,
      cacheTtlMs: rt.resourceTtlMs,
    });
  } catch (error) {
    if (isOpenDataError(error) && NO_DUMP.has(error.code)) return null;
    throw error;
  }
  try {
    // A login page or an HTML error page served with 200 is not a dump.
    if (download.contentType && /html/i.test(download.contentType)) return null;
    const { openTable } = await loadTabular();
    const session = await openTable({
      path: download.path,
      formatHint: 'csv',
      declared,
      limits,
      signal: ctx.signal,
    });
    const names = session.columns.map((column) => column.name);
    if (names.length !== declared.length || declared.some((field, index) => names[index] !== field.id)) {
      await session.close();
      return null;
    }
    const note = `Read whole through the portal's DataStore dump (${download.url}) in one request, with the DataStore's declared column types.`;
    return { session: { ...session, notes: [note, ...session.notes] }, fetchedAt: download.fetchedAt };
  } catch (error) {
    if (isOpenDataError(error) && error.code === 'unsupported_resource') return null;
    throw error;
  } finally {
    download.release?.();
  }
}
