import { countryPlaces } from './countries.js';
import { countryGroupPlaces } from './country-groups.js';
import { foldName } from './fold-name.js';
import { worldRegionPlaces } from './m49-regions.js';
import type { Place, PlaceKind } from './place.js';
import { swissCantonPlaces } from './swiss-cantons.js';
import { swissMunicipalityPlaces } from './swiss-municipalities.js';

/** Place names found in a longer text: the words as written, and every place they name. */
export interface PlaceMention {
  text: string;
  places: Place[];
}

export interface Gazetteer {
  readonly places: ReadonlyArray<Place>;
  byId(id: string): Place | undefined;
  /**
   * The places a text names as a whole: a name in any language (case, diacritics, ß and script
   * folded), an id ("canton/25"), or a code typed in capitals ("CH", "CHE") or an M49 number ("756").
   * Several places answer when the name is shared (a canton and its capital); `kind` narrows them.
   */
  find(text: string, kind?: PlaceKind): Place[];
  /** Names of places inside a question, in order; a longer name wins over the shorter ones inside it. */
  mentions(text: string): PlaceMention[];
  /** The countries of a group or region; empty for a single place. */
  membersOf(place: Place): Place[];
}

const MAX_NAME_WORDS = 5;
// Short names ("US", "UE", "EU") are read as names only when written in capitals, and these
// names are everyday words in another language ("Island" is Iceland in German).
const COMMON_WORDS = new Set(['island', 'zug', 'man', 'chad', 'turkey', 'jersey', 'guinea']);

let built: Gazetteer | undefined;

/** The gazetteer of countries, country groups, M49 regions and Swiss cantons and towns (built once). */
export function gazetteer(): Gazetteer {
  built ??= buildGazetteer();
  return built;
}

function buildGazetteer(): Gazetteer {
  const countries = countryPlaces();
  const alpha2 = new Map(countries.map((c) => [c.codes.iso3 ?? '', c.codes.iso2 ?? '']));
  const places = [
    ...countries,
    ...countryGroupPlaces(),
    ...worldRegionPlaces((iso3) => alpha2.get(iso3)),
    ...swissCantonPlaces(),
    ...swissMunicipalityPlaces(),
  ];
  const ids = new Map(places.map((p) => [p.id, p]));
  const byName = new Map<string, Place[]>();
  const byCode = new Map<string, Place[]>();
  const add = (index: Map<string, Place[]>, key: string, place: Place) => {
    const list = index.get(key) ?? [];
    if (!list.includes(place)) list.push(place);
    index.set(key, list);
  };
  for (const place of places) {
    for (const names of Object.values(place.names))
      for (const name of names ?? []) add(byName, foldName(name), place);
    const { iso2, iso3, m49, abbreviation, aggregate } = place.codes;
    for (const code of [iso2, iso3, m49, abbreviation, ...(aggregate ?? [])])
      if (code) add(byCode, code, place);
  }
  const find = (text: string, kind?: PlaceKind): Place[] => {
    const trimmed = text.trim();
    const direct = ids.get(trimmed);
    const found = direct
      ? [direct]
      : [...new Set([...(byCode.get(trimmed) ?? []), ...(byName.get(foldName(trimmed)) ?? [])])];
    return kind ? found.filter((p) => p.kind === kind) : found;
  };
  return {
    places,
    byId: (id) => ids.get(id),
    find,
    mentions: (text) => mentionsIn(text, byName),
    membersOf: (place) => (place.members ?? []).flatMap((id) => ids.get(id) ?? []),
  };
}

function mentionsIn(text: string, byName: Map<string, Place[]>): PlaceMention[] {
  const words = text.split(/[^\p{L}\p{N}.'’-]+/u).filter((w) => w !== '');
  const taken = new Array<boolean>(words.length).fill(false);
  const found: Array<PlaceMention & { at: number }> = [];
  for (let size = Math.min(MAX_NAME_WORDS, words.length); size >= 1; size--) {
    for (let at = 0; at + size <= words.length; at++) {
      if (taken.slice(at, at + size).some(Boolean)) continue;
      const written = words.slice(at, at + size).join(' ');
      const key = foldName(written);
      if (COMMON_WORDS.has(key) || (key.length <= 3 && written !== written.toUpperCase())) continue;
      const places = byName.get(key);
      if (!places) continue;
      found.push({ text: written, places, at });
      taken.fill(true, at, at + size);
    }
  }
  return found.sort((a, b) => a.at - b.at).map(({ text: t, places }) => ({ text: t, places }));
}
