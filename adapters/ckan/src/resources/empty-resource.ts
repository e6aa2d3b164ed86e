import { OpenDataError } from '@opendata-mcp/core';
import type { TableAccess } from '../ckan-source.js';
import type { CkanResource } from '../portal/ckan-types.js';

/**
 * Portals do publish files with nothing in them. Loaded as they are, they read as a table without
 * rows, and an agent reports that as "no data": a statement about the world the file never made.
 * So a download of 0 bytes is refused as no table at all, and a table that has columns but no rows
 * says so in every answer drawn from it.
 */
export function refuseEmptyDownload(resource: CkanResource, bytes: number): void {
  if (bytes > 0) return;
  throw new OpenDataError(
    'unsupported_resource',
    `Resource ${resource.id} is an empty file (the portal served 0 bytes), so it holds no table to query.`,
    {
      hint: 'An empty file says nothing about the data: pick another resource of the dataset (get_dataset lists them) or another dataset.',
      details: { resource_id: resource.id },
    },
  );
}

/** The notes an answer over a table without rows must carry; none when it has rows. */
export function rowNotes(rowCount: number, accessMethod: TableAccess): string[] {
  if (rowCount > 0) return [];
  return [
    accessMethod === 'download'
      ? 'The file has a header and no rows: the resource is published empty, so 0 rows here does not mean that nothing matched.'
      : 'The DataStore table has fields and no rows: the resource is published empty, so 0 rows here does not mean that nothing matched.',
  ];
}
