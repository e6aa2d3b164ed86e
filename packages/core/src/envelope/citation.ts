import { describeLicence } from '../licences/describe-licence.js';
import type { Provenance } from './provenance.js';

/** One line a person can paste under a chart or into a report. */
export function buildCitation(source: Provenance): string {
  const parts: string[] = [];
  const what = source.title ?? Object.values(source.identifiers)[0] ?? source.endpoint;
  parts.push(source.publisher ? `${source.publisher}: ${what}` : what);
  // The endpoint is named once: not again when the line already names it or ends with a link into it.
  if (what !== source.endpoint && !within(source.url, source.endpoint)) parts.push(`via ${source.endpoint}`);
  const stated = source.license;
  // A name from the table of known licences keeps the URI beside it, so a reader can check it.
  const licence =
    stated?.title ?? (stated?.known_as ? `${stated.known_as} (${stated.url})` : (stated?.id ?? stated?.url));
  // An act cited as the legal basis is no licence: its name says what it is ("…, cited as legal basis").
  if (licence) parts.push(describeLicence(stated?.url)?.legalBasis ? licence : `licence ${licence}`);
  if (source.source_modified_at) parts.push(`modified ${source.source_modified_at.slice(0, 10)}`);
  parts.push(`retrieved ${source.retrieved_at.slice(0, 10)}`);
  const line = parts.join(', ');
  return source.url ? `${line}. ${source.url}` : `${line}.`;
}

/**
 * Whether `url` is the endpoint or a path under it: a prefix that ends at a boundary, so that
 * `https://data.gov.ua.example.org/…` is not taken for a page of `https://data.gov.ua`.
 */
function within(url: string | null, endpoint: string): boolean {
  if (url === null || !url.startsWith(endpoint)) return false;
  if (url.length === endpoint.length || endpoint.endsWith('/')) return true;
  const next = url[endpoint.length];
  return next === '/' || next === '?' || next === '#';
}
