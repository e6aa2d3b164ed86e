import {
  defineTool,
  limitParam,
  NextOffsetSchema,
  nextOffset,
  offsetParam,
  READ_ONLY_OPEN_WORLD,
} from '@opendata-mcp/core';
import { z } from 'zod';
import type { CkanRuntime } from '../ckan-runtime.js';
import { ckanSource } from '../ckan-source.js';
import type { ActionAnswer } from '../portal/ckan-client.js';
import type { CkanOrganization } from '../portal/ckan-types.js';
import { localizedText, shortText } from '../portal/localized-text.js';

export function listOrganizationsTool(rt: CkanRuntime) {
  return defineTool({
    name: 'list_organizations',
    title: `Publishing organisations (${rt.title})`,
    description:
      `Lists the organisations that publish on ${rt.title}, with their number of datasets. Pass an ` +
      "organisation's name as publisher_id to search_datasets.",
    input: z
      .object({
        query: z
          .string()
          .min(1)
          .max(100)
          .optional()
          .describe('Words that must occur in the organisation name (default: every organisation).'),
        limit: limitParam('Organisations', 100, 20),
        offset: offsetParam('Organisations', 10_000),
      })
      .strict(),
    output: z.object({
      organizations: z.array(
        z.object({
          name: z.string().describe('Pass as `publisher_id` to search_datasets.'),
          title: z.string(),
          description: z.string().nullable(),
          dataset_count: z
            .number()
            .int()
            .nullable()
            .describe('Public datasets of the organisation, as the portal counts them.'),
        }),
      ),
      returned: z.number().int(),
      total_matched: z.number().int().nullable().describe('Null: the portal does not state a total.'),
      truncated: z.boolean().describe('True when more organisations match than were returned.'),
      next_offset: NextOffsetSchema,
      notes: z
        .array(z.string())
        .describe('What the portal did that bears on the list, e.g. that it ignored paging.'),
    }),
    annotations: READ_ONLY_OPEN_WORLD,
    example: {},
    async execute(input, ctx) {
      // Portals cap all_fields pages (CKAN default 25), so pages are read until offset + limit + 1 are in.
      const page = rt.quirks.organization_page_max;
      const found: CkanOrganization[] = [];
      const seen = new Set<string>();
      const notes: string[] = [];
      let first: ActionAnswer<CkanOrganization[]> | undefined;
      for (let offset = 0; found.length <= input.offset + input.limit; offset += page) {
        const answer = await rt.client.action<CkanOrganization[]>(ctx, 'organization_list', {
          all_fields: true,
          q: input.query,
          limit: page,
          offset,
        });
        first ??= answer;
        const rows = Array.isArray(answer.result) ? answer.result : [];
        const fresh = rows.filter((o) => !seen.has(o.name));
        for (const o of fresh) seen.add(o.name);
        // Older CKAN versions ignore offset and send the same list again: stop instead of repeating it.
        if (rows.length > 0 && fresh.length === 0) {
          notes.push(
            `The portal ignored the offset of organization_list (page ${offset / page + 1} repeated earlier ones); each organisation it sent is listed once.`,
          );
          break;
        }
        found.push(...fresh);
        if (rows.length < page) break;
      }
      const organizations = found.slice(input.offset, input.offset + input.limit).map((o) => ({
        name: o.name,
        title: localizedText(o.title, rt.quirks.languages) ?? o.display_name ?? o.name,
        description: shortText(localizedText(o.description, rt.quirks.languages), 200),
        dataset_count: typeof o.package_count === 'number' ? o.package_count : null,
      }));
      if (!first) throw new Error('organization_list was not called');
      return {
        data: {
          organizations,
          returned: organizations.length,
          total_matched: null,
          truncated: found.length > input.offset + input.limit,
          next_offset: nextOffset(
            input.offset,
            organizations.length,
            found.length > input.offset + input.limit,
          ),
          notes,
        },
        source: ckanSource(rt, {
          identifiers: {},
          title: 'Organisations of the portal',
          url: `${rt.baseUrl.replace(/\/+$/, '')}/organization`,
          query: { language: 'url', text: first.url },
          accessMethod: 'ckan_api',
          metadata: first,
        }),
      };
    },
  });
}
