import codes from 'i18n-iso-countries/codes.json' with { type: 'json' };
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' };
import uk from 'i18n-iso-countries/langs/uk.json' with { type: 'json' };
import type { Place, PlaceLanguage } from './place.js';

const SOURCE = 'ISO 3166-1 codes and localized names from the npm package i18n-iso-countries 7.14.0 (MIT)';

const LOCALES: Array<[PlaceLanguage, { countries: Record<string, string | string[]> }]> = [
  ['en', en],
  ['de', de],
  ['fr', fr],
  ['it', it],
  ['nl', nl],
  ['es', es],
  ['uk', uk],
  ['ru', ru],
];

// Names statistical offices use that the locale files leave out.
const EXTRA_NAMES: Record<string, Partial<Record<PlaceLanguage, string[]>>> = {
  CZ: { en: ['Czech Republic'] },
  TR: { en: ['Turkey'] },
  KR: { en: ['Korea'] },
  NL: { en: ['Holland'] },
};

/** Every ISO 3166-1 country with its codes and names in the gazetteer's languages. */
export function countryPlaces(): Place[] {
  return (codes as string[][]).flatMap(([iso2, iso3, m49]) => {
    if (!iso2 || !iso3 || !m49) return [];
    const names: Place['names'] = {};
    for (const [language, locale] of LOCALES) {
      const given = locale.countries[iso2];
      const list = [...(given === undefined ? [] : typeof given === 'string' ? [given] : given)];
      list.push(...(EXTRA_NAMES[iso2]?.[language] ?? []));
      if (list.length > 0) names[language] = list;
    }
    return [
      { id: `country/${iso2}`, kind: 'country' as const, names, codes: { iso2, iso3, m49 }, source: SOURCE },
    ];
  });
}
