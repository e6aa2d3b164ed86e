import type { Place } from './place.js';

const EU27 = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');
// Bulgaria adopted the euro on 1 January 2026, by the Council decision of July 2025.
const EURO_AREA = 'AT BE BG HR CY EE FI FR DE GR IE IT LV LT LU MT NL PT SK SI ES'.split(' ');
const OECD =
  'AU AT BE CA CL CO CR CZ DK EE FI FR DE GR HU IS IE IL IT JP KR LV LT LU MX NL NZ NO PL PT SK SI ES SE CH TR GB US'.split(
    ' ',
  );
const G7 = 'CA FR DE IT JP GB US'.split(' ');
// The nineteen member countries; the European Union and the African Union are members as groups.
const G20 = 'AR AU BR CA CN FR DE IN ID IT JP KR MX RU SA ZA TR GB US'.split(' ');

const countries = (codes: string[]) => codes.map((code) => `country/${code}`);

/** Groups of countries statistics report on, with their members as of 2026. */
export function countryGroupPlaces(): Place[] {
  return [
    {
      id: 'group/EU27',
      kind: 'country_group',
      names: {
        en: ['European Union', 'EU', 'EU27', 'EU-27'],
        de: ['Europäische Union', 'EU'],
        fr: ['Union européenne', 'UE'],
        it: ['Unione europea', 'UE'],
        nl: ['Europese Unie'],
        es: ['Unión Europea', 'UE'],
        uk: ['Європейський Союз', 'ЄС'],
        ru: ['Европейский союз', 'ЕС'],
      },
      codes: { aggregate: ['EU27_2020', 'EU27', 'EU', 'EUU', 'B0'] },
      members: countries(EU27),
      source: 'Treaty on European Union; members since the United Kingdom left on 31 January 2020',
    },
    {
      id: 'group/EA',
      kind: 'country_group',
      names: {
        en: ['euro area', 'eurozone'],
        de: ['Euroraum', 'Eurozone', 'Euro-Währungsgebiet'],
        fr: ['zone euro'],
        it: ["area dell'euro", 'eurozona'],
        nl: ['eurozone'],
        es: ['zona del euro', 'eurozona'],
        uk: ['єврозона'],
        ru: ['еврозона'],
      },
      codes: { aggregate: ['EA', 'EA21', 'EA20', 'U2', 'EMU'] },
      members: countries(EURO_AREA),
      source: 'European Central Bank, euro area members; Bulgaria from 1 January 2026',
    },
    {
      id: 'group/OECD',
      kind: 'country_group',
      names: {
        en: ['OECD'],
        de: ['OECD'],
        fr: ['OCDE'],
        it: ['OCSE'],
        es: ['OCDE'],
        uk: ['ОЕСР'],
        ru: ['ОЭСР'],
      },
      codes: { aggregate: ['OECD', 'OED', 'OECDE'] },
      members: countries(OECD),
      source: 'OECD, list of member countries (38, Costa Rica since 2021)',
    },
    {
      id: 'group/G7',
      kind: 'country_group',
      names: {
        en: ['G7', 'Group of Seven'],
        de: ['G7'],
        fr: ['G7'],
        it: ['G7'],
        es: ['G7'],
        uk: ['G7'],
        ru: ['G7'],
      },
      codes: { aggregate: ['G7'] },
      members: countries(G7),
      source: 'G7 member countries (the European Union takes part without being counted)',
    },
    {
      id: 'group/G20',
      kind: 'country_group',
      names: {
        en: ['G20', 'Group of Twenty'],
        de: ['G20'],
        fr: ['G20'],
        it: ['G20'],
        es: ['G20'],
        uk: ['G20'],
        ru: ['G20'],
      },
      codes: { aggregate: ['G20'] },
      members: countries(G20),
      source: 'G20 member countries (the European Union and the African Union are members as groups)',
    },
  ];
}
