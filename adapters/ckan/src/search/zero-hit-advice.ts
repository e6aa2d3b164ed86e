import type { ToolContext } from '@opendata-mcp/core';
import type { CkanRuntime } from '../ckan-runtime.js';
import type { CkanOrganization } from '../portal/ckan-types.js';
import { localizedText } from '../portal/localized-text.js';

export interface PublisherEntry {
  name: string;
  title: string;
  dataset_count: number | null;
}

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  it: 'Italian',
  nl: 'Dutch',
  es: 'Spanish',
  pt: 'Portuguese',
  uk: 'Ukrainian',
  ru: 'Russian',
};

/** What to try when nothing matched: other or fewer words, the portal's languages, `*` for everything. */
export function zeroHitHint(rt: CkanRuntime, filtered: boolean, withPublishers: boolean): string {
  const languages = rt.quirks.languages.map((l) => LANGUAGE_NAMES[l] ?? l).join(', ');
  return [
    'Try fewer or other words (a broader term, a synonym, the name of a place or publisher)',
    `in the portal's language${rt.quirks.languages.length > 1 ? 's' : ''} (${languages}).`,
    filtered ? 'Drop publisher_id or format to widen the search.' : null,
    'Pass query "*" to list every dataset, newest first, and narrow it with publisher_id.',
    withPublishers ? 'The publishers below are the ones on the portal; pass a name as publisher_id.' : null,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The portal's publishers, with one organization_list request (one page), so an empty answer shows
 * where to look; null when the portal does not answer it (the hint stands without it).
 */
export async function publishersOf(rt: CkanRuntime, ctx: ToolContext): Promise<PublisherEntry[] | null> {
  try {
    const answer = await rt.client.action<CkanOrganization[]>(ctx, 'organization_list', {
      all_fields: true,
      sort: 'package_count desc',
      limit: rt.quirks.organization_page_max,
    });
    const rows = Array.isArray(answer.result) ? answer.result : [];
    return rows.map((o) => ({
      name: o.name,
      title: localizedText(o.title, rt.quirks.languages) ?? o.display_name ?? o.name,
      dataset_count: typeof o.package_count === 'number' ? o.package_count : null,
    }));
  } catch {
    return null;
  }
}
