import { KNOWN_LICENCES, type KnownLicence } from './known-licences.js';

function normalise(uri: string): string {
  return uri
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/(legalcode|deed\.[a-z-]+)$/, '')
    .replace(/\/+$/, '')
    .replace(/\/(?=#)/, '');
}

/** The readable name and terms of a licence URI; null for a URI not in the table (it stays a URI). */
export function describeLicence(uri: string | null | undefined): KnownLicence | null {
  if (!uri) return null;
  const key = normalise(uri);
  const exact = KNOWN_LICENCES.find((l) => normalise(l.uri) === key);
  if (exact) return exact;
  // The longest listed prefix wins: a specific act before "any Fedlex act".
  const prefixed = KNOWN_LICENCES.filter((l) => l.prefix && key.startsWith(normalise(l.uri)));
  return prefixed.sort((a, b) => b.uri.length - a.uri.length)[0] ?? null;
}
