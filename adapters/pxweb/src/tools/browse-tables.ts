import {
  defineTool,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
} from '@opendata-mcp/core';
import { z } from 'zod';
import type { PxwebApiFor } from '../api/pxweb-api-for.js';
import { PxwebIdSchema } from '../api/pxweb-ids.js';
import { portalLicence } from '../portal-licence.js';
import type { PxwebRuntime } from '../pxweb-runtime.js';
import { pxwebSource } from '../pxweb-source.js';
import { LanguageSchema } from './tool-inputs.js';

export function browseTablesTool(rt: PxwebRuntime, apiFor: PxwebApiFor) {
  return defineTool({
    name: 'browse_tables',
    title: 'Browse the table folders of a PxWeb portal',
    description:
      'Lists one folder of the portal: its sub-folders (kind "folder") and tables (kind "table"). Without ' +
      'folder_id it lists the top level (on v1 portals, the databases). Pass a folder entry’s id back as ' +
      'folder_id to go deeper; pass a table’s id to get_table_structure. Prefer search_tables when you know ' +
      'words of the title; browse when you want to see what a subject area holds.',
    input: z
      .object({
        folder_id: PxwebIdSchema.optional().describe(
          'Folder to list, as returned in an entry’s id (default: the top level).',
        ),
        language: LanguageSchema,
        limit: limitParam('Entries', 500, 100),
        offset: offsetParam('Entries'),
      })
      .strict(),
    output: z.object({
      folder_id: z.string().nullable().describe('The folder listed; null for the top level.'),
      entries: z.array(
        z.object({
          kind: z.enum(['folder', 'table']),
          id: z.string().describe('folder_id for a folder, table_id for a table.'),
          label: z.string(),
          updated: z
            .string()
            .nullable()
            .describe('When the portal last updated the table; null for folders or when unstated.'),
        }),
      ),
      returned: z.number(),
      truncated: z.boolean().describe('True when the folder holds more entries than returned.'),
      total_matched: z.number().describe('Entries in the folder (same unit as returned).'),
      next_offset: NextOffsetSchema,
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    async execute(input, ctx) {
      const listing = await apiFor(input.language).browse(ctx, input.folder_id ?? null);
      const entries = listing.entries.slice(input.offset, input.offset + input.limit);
      const truncated = listing.entries.length > input.offset + entries.length;
      return {
        data: {
          folder_id: input.folder_id ?? null,
          entries,
          returned: entries.length,
          truncated,
          total_matched: listing.entries.length,
          next_offset: nextOffset(input.offset, entries.length, truncated),
        },
        source: pxwebSource(rt, {
          license: await portalLicence(ctx, apiFor),
          fetched: listing,
          identifiers: input.folder_id ? { folder: input.folder_id } : {},
          title: `${rt.title}: ${input.folder_id ?? 'top level'}`,
          publisher: null,
          modifiedAt: null,
        }),
      };
    },
  });
}
