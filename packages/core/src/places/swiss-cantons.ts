import type { Place } from './place.js';

const SOURCE =
  'Swiss Federal Statistical Office (BFS), canton numbers and abbreviations; names in the national languages and English';

// BFS number, abbreviation, then names: German, French, Italian, English, Romansh.
const CANTONS: Array<[number, string, string, string, string, string, string]> = [
  [1, 'ZH', 'Zürich', 'Zurich', 'Zurigo', 'Zurich', 'Turitg'],
  [2, 'BE', 'Bern', 'Berne', 'Berna', 'Bern', 'Berna'],
  [3, 'LU', 'Luzern', 'Lucerne', 'Lucerna', 'Lucerne', 'Lucerna'],
  [4, 'UR', 'Uri', 'Uri', 'Uri', 'Uri', 'Uri'],
  [5, 'SZ', 'Schwyz', 'Schwytz', 'Svitto', 'Schwyz', 'Sviz'],
  [6, 'OW', 'Obwalden', 'Obwald', 'Obvaldo', 'Obwalden', 'Sursilvania'],
  [7, 'NW', 'Nidwalden', 'Nidwald', 'Nidvaldo', 'Nidwalden', 'Sutsilvania'],
  [8, 'GL', 'Glarus', 'Glaris', 'Glarona', 'Glarus', 'Glaruna'],
  [9, 'ZG', 'Zug', 'Zoug', 'Zugo', 'Zug', 'Zug'],
  [10, 'FR', 'Freiburg', 'Fribourg', 'Friburgo', 'Fribourg', 'Friburg'],
  [11, 'SO', 'Solothurn', 'Soleure', 'Soletta', 'Solothurn', 'Soloturn'],
  [12, 'BS', 'Basel-Stadt', 'Bâle-Ville', 'Basilea Città', 'Basel-City', 'Basilea-Citad'],
  [13, 'BL', 'Basel-Landschaft', 'Bâle-Campagne', 'Basilea Campagna', 'Basel-Country', 'Basilea-Champagna'],
  [14, 'SH', 'Schaffhausen', 'Schaffhouse', 'Sciaffusa', 'Schaffhausen', 'Schaffusa'],
  [
    15,
    'AR',
    'Appenzell Ausserrhoden',
    'Appenzell Rhodes-Extérieures',
    'Appenzello Esterno',
    'Appenzell Outer Rhodes',
    'Appenzell Dadora',
  ],
  [
    16,
    'AI',
    'Appenzell Innerrhoden',
    'Appenzell Rhodes-Intérieures',
    'Appenzello Interno',
    'Appenzell Inner Rhodes',
    'Appenzell Dadens',
  ],
  [17, 'SG', 'St. Gallen', 'Saint-Gall', 'San Gallo', 'St. Gallen', 'Son Gagl'],
  [18, 'GR', 'Graubünden', 'Grisons', 'Grigioni', 'Grisons', 'Grischun'],
  [19, 'AG', 'Aargau', 'Argovie', 'Argovia', 'Aargau', 'Argovia'],
  [20, 'TG', 'Thurgau', 'Thurgovie', 'Turgovia', 'Thurgau', 'Turgovia'],
  [21, 'TI', 'Tessin', 'Tessin', 'Ticino', 'Ticino', 'Tessin'],
  [22, 'VD', 'Waadt', 'Vaud', 'Vaud', 'Vaud', 'Vad'],
  [23, 'VS', 'Wallis', 'Valais', 'Vallese', 'Valais', 'Vallais'],
  [24, 'NE', 'Neuenburg', 'Neuchâtel', 'Neuchâtel', 'Neuchâtel', 'Neuchâtel'],
  [25, 'GE', 'Genf', 'Genève', 'Ginevra', 'Geneva', 'Genevra'],
  [26, 'JU', 'Jura', 'Jura', 'Giura', 'Jura', 'Jura'],
];

/** The 26 Swiss cantons, keyed by their BFS number as LINDAS does (https://ld.admin.ch/canton/25). */
export function swissCantonPlaces(): Place[] {
  return CANTONS.map(([bfs, abbreviation, de, fr, it, en, rm]) => ({
    id: `canton/${bfs}`,
    kind: 'canton' as const,
    names: { de: [de], fr: [fr], it: [it], en: [en], rm: [rm] },
    codes: { bfs, abbreviation },
    source: SOURCE,
  }));
}
