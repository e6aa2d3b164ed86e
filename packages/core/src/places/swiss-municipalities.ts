import type { Place } from './place.js';

const SOURCE =
  'Swiss Federal Statistical Office (BFS), official register of municipalities (municipality numbers)';

// The largest Swiss towns and those the offline LINDAS recordings name: BFS number, then the
// German, French, Italian and English names (one name for a town every language calls alike).
const MUNICIPALITIES: Array<[number, string, string?, string?, string?]> = [
  [261, 'Zürich', 'Zurich', 'Zurigo', 'Zurich'],
  [6621, 'Genf', 'Genève', 'Ginevra', 'Geneva'],
  [2701, 'Basel', 'Bâle', 'Basilea', 'Basel'],
  [5586, 'Lausanne', 'Lausanne', 'Losanna', 'Lausanne'],
  [351, 'Bern', 'Berne', 'Berna', 'Bern'],
  [230, 'Winterthur', 'Winterthour', 'Winterthur', 'Winterthur'],
  [1061, 'Luzern', 'Lucerne', 'Lucerna', 'Lucerne'],
  [3203, 'St. Gallen', 'Saint-Gall', 'San Gallo', 'St. Gallen'],
  [5192, 'Lugano'],
  [371, 'Biel/Bienne', 'Bienne', 'Bienna', 'Biel'],
  [942, 'Thun', 'Thoune', 'Thun', 'Thun'],
  [355, 'Köniz'],
  [6421, 'La Chaux-de-Fonds'],
  [2196, 'Freiburg', 'Fribourg', 'Friburgo', 'Fribourg'],
  [2939, 'Schaffhausen', 'Schaffhouse', 'Sciaffusa', 'Schaffhausen'],
  [3901, 'Chur', 'Coire', 'Coira', 'Chur'],
  [6643, 'Vernier'],
  [6458, 'Neuenburg', 'Neuchâtel', 'Neuchâtel', 'Neuchâtel'],
  [198, 'Uster'],
  [6266, 'Sitten', 'Sion', 'Sion', 'Sion'],
  [6628, 'Lancy'],
  [1024, 'Emmen'],
  [1711, 'Zug', 'Zoug', 'Zugo', 'Zug'],
  [5938, 'Yverdon-les-Bains'],
  [5002, 'Bellenz', 'Bellinzone', 'Bellinzona', 'Bellinzona'],
  [1059, 'Kriens'],
  [4001, 'Aarau'],
  [2601, 'Solothurn', 'Soleure', 'Soletta', 'Solothurn'],
  [2581, 'Olten'],
  [2473, 'Dornach'],
];

/** Swiss municipalities by BFS number, as LINDAS names them (https://ld.admin.ch/municipality/6621). */
export function swissMunicipalityPlaces(): Place[] {
  return MUNICIPALITIES.map(([bfs, de, fr = de, it = de, en = de]) => ({
    id: `municipality/${bfs}`,
    kind: 'municipality' as const,
    names: { de: [de], fr: [fr], it: [it], en: [en] },
    codes: { bfs },
    source: SOURCE,
  }));
}
