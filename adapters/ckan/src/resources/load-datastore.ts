import { OpenDataError, type ToolContext } from '@opendata-mcp/core';
import type { TableLimits } from '@opendata-mcp/tabular';
import type { CkanRuntime } from '../ckan-runtime.js';
import type { CkanResource } from '../portal/ckan-types.js';
import { loadDump } from './datastore-dump.js';
import { exactRecords } from './exact-records.js';
import type { CachedTable, LoadedTable } from './load-table.js';
import { loadTabular } from './load-tabular.js';

interface DatastorePage {
  fields?: Array<{ id: string; type?: string }>;
  records?: Array<Record<string, unknown>>;
  total?: number;
}

const declaredFields = (fields: Array<{ id: string; type?: string }>) =>
  fields.map((f) => ({ id: f.id, type: f.type ?? null }));

/** CKAN's own row id is not part of the published table. */
const INTERNAL_FIELDS = new Set(['_id', '_full_text']);

function tooManyRows(limits: TableLimits, total?: number): OpenDataError {
  return new OpenDataError(
    'resource_too_large',
    total === undefined
      ? `The DataStore table holds more than ${limits.maxRows} rows.`
      : `The DataStore table holds ${total} rows; the cap is ${limits.maxRows}.`,
    { hint: 'Pick a smaller resource, or ask the operator to raise maxRows.' },
  );
}

function lostRows(resource: CkanResource, returned: number, total: number): OpenDataError {
  return new OpenDataError(
    'upstream_error',
    `The portal returned ${returned} of the ${total} rows its DataStore states for resource ${resource.id}.`,
    {
      hint: 'The table cannot be read whole right now, so no answer is given; try again later.',
      details: { returned, total },
    },
  );
}

/**
 * A DataStore table, read whole. The first `datastore_search` page gives the declared columns and the
 * row count; a table that fits in it is done. A larger one is read through the portal's bulk dump in
 * one request, and paged through `datastore_search` only where the portal has no dump.
 */
export async function loadDatastore(
  rt: CkanRuntime,
  ctx: ToolContext,
  resource: CkanResource,
  limits: TableLimits,
): Promise<LoadedTable> {
  const key = `datastore:${rt.baseUrl}/${resource.id}#${resource.last_modified ?? resource.metadata_modified ?? ''}`;
  const {
    value: table,
    hit,
    release,
  } = await rt.sessions.use(key, async (): Promise<CachedTable> => {
    const pageSize = rt.quirks.datastore_page_size;
    const records: Array<Record<string, unknown>> = [];
    let pages = 0;
    const seenIds = new Set<unknown>();
    let total: number | undefined;
    let declared: Array<{ id: string; type?: string }> = [];
    let fetchedAt = new Date(0);
    const portalFields = () => declared.map((f) => ({ name: f.id, type: f.type ?? 'text' }));
    for (;;) {
      const answer = await rt.client.action<DatastorePage>(
        ctx,
        'datastore_search',
        { resource_id: resource.id, limit: pageSize, offset: records.length },
        { cache: false, exactNumbers: true },
      );
      pages++;
      fetchedAt = answer.fetchedAt;
      const page = answer.result;
      if (pages === 1) {
        declared = (page.fields ?? []).filter((f) => !INTERNAL_FIELDS.has(f.id));
        total = typeof page.total === 'number' ? page.total : undefined;
        if (total !== undefined && total > limits.maxRows) throw tooManyRows(limits, total);
      }
      const rows = page.records ?? [];
      // A portal that ignores offset sends the first page again: a table read that way would repeat rows.
      const ids = rows.map((row) => row._id).filter((id) => id !== undefined && id !== null);
      if (ids.length > 0 && ids.every((id) => seenIds.has(id))) {
        throw new OpenDataError(
          'upstream_error',
          `The portal sent the same DataStore records again for offset ${records.length} of resource ${resource.id}: it ignores paging, so the table cannot be read whole.`,
          { hint: 'Query another resource of the dataset (a downloadable file if there is one).' },
        );
      }
      for (const id of ids) seenIds.add(id);
      records.push(...rows);
      void ctx.progress({
        progress: records.length,
        ...(total ? { total } : {}),
        message: 'Reading DataStore records',
      });
      // Portals cap pages (ckan.datastore.search.rows_max) below the size asked for, so a short page ends
      // the table only when the portal does not say how many rows there are.
      if (rows.length === 0 || (total !== undefined ? records.length >= total : rows.length < pageSize))
        break;
      if (records.length > limits.maxRows) throw tooManyRows(limits);
      if (pages === 1) {
        // More than one page: one request for the whole table beats many.
        // The dump's numeric columns are typed from what this first page holds: the rest is unseen.
        const { fields } = exactRecords(declaredFields(declared), records);
        const dumped = await loadDump(rt, ctx, resource.id, fields, limits);
        if (dumped) {
          const { session } = dumped;
          if (total !== undefined && session.rowCount !== total) {
            await session.close();
            throw lostRows(resource, session.rowCount, total);
          }
          return {
            session,
            portalFields: portalFields(),
            fetchedAt: dumped.fetchedAt,
            accessMethod: 'datastore_dump',
            isOpen: () => session.isOpen(),
            close: () => session.close(),
          };
        }
      }
    }
    if (total !== undefined && records.length !== total) throw lostRows(resource, records.length, total);
    const { openRecords } = await loadTabular();
    const exact = exactRecords(declaredFields(declared), records);
    const session = await openRecords({
      fields: exact.fields,
      records: exact.records,
      limits,
      notes: [
        `Read ${records.length} records from the portal's DataStore in ${pages} page(s).`,
        ...exact.notes,
      ],
    });
    return {
      session,
      portalFields: portalFields(),
      fetchedAt,
      isOpen: () => session.isOpen(),
      close: () => session.close(),
    };
  });
  return {
    session: table.session,
    accessMethod: table.accessMethod ?? 'datastore_api',
    fetchedAt: table.fetchedAt,
    cache: { hit, revalidated: false, first_fetched_at: hit ? table.fetchedAt.toISOString() : null },
    datastoreFields: table.portalFields,
    release,
  };
}
