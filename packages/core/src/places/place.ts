/** Languages the gazetteer names places in. */
export const PLACE_LANGUAGES = ['en', 'de', 'fr', 'it', 'nl', 'es', 'uk', 'ru', 'rm'] as const;
export type PlaceLanguage = (typeof PLACE_LANGUAGES)[number];

export type PlaceKind = 'country' | 'country_group' | 'world_region' | 'canton' | 'municipality';

/** The codes a place is known by in the standards backends use; absent when the standard has none. */
export interface PlaceCodes {
  /** ISO 3166-1 alpha-2, e.g. "CH". */
  iso2?: string;
  /** ISO 3166-1 alpha-3, e.g. "CHE". */
  iso3?: string;
  /** UN M49 numeric, three digits, e.g. "756". */
  m49?: string;
  /** Swiss Federal Statistical Office number of a canton (1..26) or municipality. */
  bfs?: number;
  /** Canton abbreviation, e.g. "GE". */
  abbreviation?: string;
  /** Codes statistical registries give a group, e.g. "EU27_2020", "EA". */
  aggregate?: string[];
}

/** One place of the gazetteer: a country, a group of countries, a Swiss canton or municipality. */
export interface Place {
  /** Stable id, e.g. "country/CH", "group/EU27", "m49/202", "canton/25", "municipality/6621". */
  id: string;
  kind: PlaceKind;
  /** Names per language, the usual one first; a language without a name of its own is absent. */
  names: Partial<Record<PlaceLanguage, string[]>>;
  codes: PlaceCodes;
  /** Ids of the countries of a group. */
  members?: string[];
  /** Where the facts come from. */
  source: string;
}

/** The name of a place in a language, falling back to English, then to any name it has. */
export function placeName(place: Place, language = 'en'): string {
  const names = place.names as Record<string, string[] | undefined>;
  return (
    names[language]?.[0] ?? place.names.en?.[0] ?? Object.values(names).find((n) => n?.[0])?.[0] ?? place.id
  );
}
