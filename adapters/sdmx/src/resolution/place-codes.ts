import { type Place, placeName } from '@opendata-mcp/core';
import type { CodeInfo } from '../registry/structure-types.js';
import { resolveCode } from './resolve-code.js';

// Eurostat writes Greece and the United Kingdom with the codes the EU uses for them.
const EU_COUNTRY_CODES: Record<string, string> = { GR: 'EL', GB: 'UK' };

/** Codes a registry may give a place, most specific first: ISO alpha-3, alpha-2, the EU's, M49; a group's usual codes. */
function codeCandidates(place: Place): string[] {
  const { iso2, iso3, m49, aggregate } = place.codes;
  return [iso3, iso2, iso2 ? EU_COUNTRY_CODES[iso2] : undefined, ...(aggregate ?? []), m49].filter(
    (c): c is string => c !== undefined,
  );
}

/**
 * The code of a gazetteer place in one code list: by a code the standards give it, else by a
 * label that is one of its names in any language (whole label, never words of it). Null when the
 * list codes it neither way.
 */
export function placeCodeIn(codes: CodeInfo[], place: Place, language: string): CodeInfo | null {
  const byId = new Map(codes.map((c) => [c.id, c]));
  for (const candidate of codeCandidates(place)) {
    const found = byId.get(candidate);
    if (found) return found;
  }
  const region = regionCode(codes, place);
  if (region) return region;
  const names = [placeName(place, language), ...Object.values(place.names).flat()];
  for (const name of new Set(names)) {
    if (!name) continue;
    const hit = resolveCode(codes, name, { role: 'geography', language });
    if (hit.status === 'resolved' && hit.matched_by === 'label') return byId.get(hit.code) ?? null;
  }
  return null;
}

/**
 * A world region by its M49 number inside a prefixed code, as registries that list several region
 * schemes write it (UNICEF's UNDEV_419, UNDEV_39): one code only, or none.
 */
function regionCode(codes: CodeInfo[], place: Place): CodeInfo | null {
  const m49 = place.kind === 'world_region' ? place.codes.m49 : undefined;
  if (!m49) return null;
  const suffix = new RegExp(`_0*${Number(m49)}$`);
  const found = codes.filter((c) => suffix.test(c.id));
  return found.length === 1 ? (found[0] ?? null) : null;
}
