import type { Provenance } from './provenance.js';

/** One line a person can paste under a chart or into a report. */
export function buildCitation(source: Provenance): string {
  const parts: string[] = [];
  const what = source.title ?? Object.values(source.identifiers)[0] ?? source.endpoint;
  parts.push(source.publisher ? `${source.publisher}: ${what}` : what);
  parts.push(`via ${source.endpoint}`);
  const stated = source.license;
  // A name from the table of known licences keeps the URI beside it, so a reader can check it.
  const licence =
    stated?.title ?? (stated?.known_as ? `${stated.known_as} (${stated.url})` : (stated?.id ?? stated?.url));
  if (licence) parts.push(`licence ${licence}`);
  if (source.source_modified_at) parts.push(`modified ${source.source_modified_at.slice(0, 10)}`);
  parts.push(`retrieved ${source.retrieved_at.slice(0, 10)}`);
  const line = parts.join(', ');
  return source.url ? `${line}. ${source.url}` : `${line}.`;
}
