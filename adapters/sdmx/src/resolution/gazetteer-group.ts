import { gazetteer, type Place, placeName } from '@opendata-mcp/core';
import type { CodeInfo } from '../registry/structure-types.js';
import { placeCodeIn } from './place-codes.js';

export type GazetteerGroup =
  | { kind: 'registry'; code: string }
  | { kind: 'gazetteer'; place: Place; label: string; memberCodes: string[] };

/**
 * A group a code list does not name the way the agent did ("G7", "Europäische Union", "Afrique
 * subsaharienne"), read through the gazetteer: the registry's own code for it when its aggregates
 * have one (so the registry's hierarchy decides the members), else the gazetteer's members as this
 * list codes them. Null when no single group of the gazetteer has that name.
 */
export function gazetteerGroup(
  asked: string,
  all: CodeInfo[],
  aggregates: CodeInfo[],
  language: string,
): GazetteerGroup | null {
  const groups = gazetteer()
    .find(asked)
    .filter((p) => p.members);
  const [place] = groups;
  if (!place || groups.length > 1) return null;
  const own = placeCodeIn(aggregates, place, language);
  if (own) return { kind: 'registry', code: own.id };
  const memberCodes = gazetteer()
    .membersOf(place)
    .flatMap((member) => placeCodeIn(all, member, language)?.id ?? []);
  return { kind: 'gazetteer', place, label: placeName(place, language), memberCodes };
}
