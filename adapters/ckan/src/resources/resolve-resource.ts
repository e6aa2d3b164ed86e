import { OpenDataError, type ToolContext } from '@opendata-mcp/core';
import { type CkanRuntime, showPackage } from '../ckan-runtime.js';
import type { ActionAnswer } from '../portal/ckan-client.js';
import type { CkanPackage, CkanResource } from '../portal/ckan-types.js';
import { notQueryableReason } from '../portal/package-view.js';

export interface ResolvedResource {
  metadata: ActionAnswer<CkanPackage>;
  pkg: CkanPackage;
  resource: CkanResource;
}

function listIds(resources: CkanResource[]): string {
  const ids = resources.slice(0, 10).map((r) => r.id);
  return `${ids.join(', ')}${resources.length > ids.length ? ', …' : ''}`;
}

/** Finds the resource a call means: the one named, or the only queryable one when none is named. */
export async function resolveResource(
  rt: CkanRuntime,
  ctx: ToolContext,
  datasetId: string,
  resourceId: string | undefined,
): Promise<ResolvedResource> {
  const metadata = await showPackage(rt, ctx, datasetId);
  const pkg = metadata.result;
  const resources = pkg.resources ?? [];
  if (resourceId) {
    const resource = resources.find((r) => r.id === resourceId);
    if (!resource) {
      throw new OpenDataError('not_found', `Dataset ${pkg.name} has no resource ${resourceId}.`, {
        hint: `Resources of this dataset: ${listIds(resources) || 'none'}. get_dataset shows them with formats.`,
      });
    }
    return { metadata, pkg, resource };
  }
  const queryable = resources.filter((r) => notQueryableReason(r) === null);
  const [only] = queryable;
  if (queryable.length === 1 && only) return { metadata, pkg, resource: only };
  if (queryable.length === 0) {
    throw new OpenDataError(
      'unsupported_resource',
      `Dataset ${pkg.name} has no resource that can be queried.`,
      {
        hint: 'Queryable resources are CSV, TSV, JSON, Parquet or XLSX files, or DataStore tables; search for another dataset.',
      },
    );
  }
  throw new OpenDataError(
    'invalid_input',
    `Dataset ${pkg.name} has ${queryable.length} queryable resources; name one.`,
    {
      hint: `Pass resource_id, one of: ${listIds(queryable)}. get_dataset describes each.`,
    },
  );
}
