import type { Provenance } from '../envelope/provenance.js';
import { describeLicence } from './describe-licence.js';

/**
 * Adds a readable name and what a re-user must do to a licence the portal gave only as a URI or an
 * id. What the portal stated is left as it is: the name is added beside it, never in its place.
 */
export function annotateLicence(source: Provenance): Provenance {
  const licence = source.license;
  if (!licence) return source;
  const known = describeLicence(licence.url);
  if (!known) return source;
  return { ...source, license: { ...licence, known_as: known.name, terms: known.terms } };
}
