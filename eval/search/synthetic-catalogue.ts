import type { CkanPackage } from '@opendata-mcp/fixtures';

// SYNTHETIC: a city-portal catalogue invented for the search evaluation. Every topic is published by
// every city for every year, in the city's language, so one question's answer stands among many
// datasets that share all but one of its words. Nothing here is portal data.

type Language = 'de' | 'fr' | 'it';

// Each topic with the breakdowns (indices into BREAKDOWNS) its datasets plausibly come in.
const TOPICS: Array<{ names: Record<Language, string>; by: number[] }> = [
  {
    names: { de: 'Wohnbevölkerung', fr: 'Population résidante', it: 'Popolazione residente' },
    by: [0, 1, 3],
  },
  { names: { de: 'Arbeitslosenquote', fr: 'Taux de chômage', it: 'Tasso di disoccupazione' }, by: [1, 2, 3] },
  {
    names: { de: 'Strassenverkehrsunfälle', fr: 'Accidents de la route', it: 'Incidenti stradali' },
    by: [0, 2],
  },
  {
    names: {
      de: 'Luftqualität: Stickstoffdioxid',
      fr: "Qualité de l'air: dioxyde d'azote",
      it: "Qualità dell'aria: biossido di azoto",
    },
    by: [2],
  },
  { names: { de: 'Baubewilligungen', fr: 'Permis de construire', it: 'Licenze edilizie' }, by: [0, 2] },
  {
    names: { de: 'Stromverbrauch', fr: "Consommation d'électricité", it: 'Consumo di elettricità' },
    by: [0, 2],
  },
  {
    names: {
      de: 'Haltestellen des öffentlichen Verkehrs',
      fr: 'Arrêts des transports publics',
      it: 'Fermate dei trasporti pubblici',
    },
    by: [0],
  },
  {
    names: {
      de: 'Schülerinnen und Schüler',
      fr: 'Élèves de la scolarité obligatoire',
      it: "Allievi della scuola dell'obbligo",
    },
    by: [0, 1, 3],
  },
  { names: { de: 'Steuerertrag', fr: 'Recettes fiscales', it: 'Gettito fiscale' }, by: [0] },
  {
    names: {
      de: 'Wasserqualität der Badegewässer',
      fr: 'Qualité des eaux de baignade',
      it: 'Qualità delle acque di balneazione',
    },
    by: [2],
  },
  { names: { de: 'Geburten', fr: 'Naissances', it: 'Nascite' }, by: [0, 2, 3] },
  { names: { de: 'Todesfälle', fr: 'Décès', it: 'Decessi' }, by: [1, 2, 3] },
  { names: { de: 'Leerwohnungen', fr: 'Logements vacants', it: 'Abitazioni vuote' }, by: [0] },
  { names: { de: 'Mietpreise', fr: 'Loyers', it: 'Affitti' }, by: [0] },
  {
    names: { de: 'Hotelübernachtungen', fr: 'Nuitées hôtelières', it: 'Pernottamenti alberghieri' },
    by: [2],
  },
  { names: { de: 'Siedlungsabfälle', fr: 'Déchets urbains', it: 'Rifiuti urbani' }, by: [0, 2] },
  { names: { de: 'Velozählungen', fr: 'Comptages de vélos', it: 'Conteggi di biciclette' }, by: [2] },
  { names: { de: 'Baumkataster', fr: 'Cadastre des arbres', it: 'Catasto degli alberi' }, by: [0] },
  { names: { de: 'Heiraten', fr: 'Mariages', it: 'Matrimoni' }, by: [1, 2] },
  {
    names: { de: 'Unternehmen und Beschäftigte', fr: 'Entreprises et emplois', it: 'Imprese e addetti' },
    by: [0],
  },
  { names: { de: 'Niederschlagsmengen', fr: 'Précipitations', it: 'Precipitazioni' }, by: [2] },
  { names: { de: 'Lufttemperatur', fr: "Température de l'air", it: "Temperatura dell'aria" }, by: [2] },
  { names: { de: 'Parkplätze', fr: 'Places de stationnement', it: 'Posti auto' }, by: [0] },
  {
    names: { de: 'Wahlbeteiligung', fr: 'Participation électorale', it: 'Partecipazione al voto' },
    by: [0, 1],
  },
];

const BREAKDOWNS: Record<Language, string[]> = {
  de: ['nach Quartier', 'nach Altersgruppe', 'nach Monat', 'nach Geschlecht'],
  fr: ['par quartier', "par classe d'âge", 'par mois', 'par sexe'],
  it: ['per quartiere', "per classe d'età", 'per mese', 'per sesso'],
};

const CITIES: Array<{ name: string; language: Language; publisher: string }> = [
  { name: 'Zürich', language: 'de', publisher: 'Stadt Zürich' },
  { name: 'Bern', language: 'de', publisher: 'Stadt Bern' },
  { name: 'Basel', language: 'de', publisher: 'Kanton Basel-Stadt' },
  { name: 'Luzern', language: 'de', publisher: 'Stadt Luzern' },
  { name: 'St. Gallen', language: 'de', publisher: 'Stadt St. Gallen' },
  { name: 'Winterthur', language: 'de', publisher: 'Stadt Winterthur' },
  { name: 'Chur', language: 'de', publisher: 'Stadt Chur' },
  { name: 'Genève', language: 'fr', publisher: 'Ville de Genève' },
  { name: 'Lausanne', language: 'fr', publisher: 'Ville de Lausanne' },
  { name: 'Neuchâtel', language: 'fr', publisher: 'Ville de Neuchâtel' },
  { name: 'Sion', language: 'fr', publisher: 'Ville de Sion' },
  { name: 'Lugano', language: 'it', publisher: 'Città di Lugano' },
  { name: 'Bellinzona', language: 'it', publisher: 'Città di Bellinzona' },
  { name: 'Locarno', language: 'it', publisher: 'Città di Locarno' },
];

const YEARS = Array.from({ length: 10 }, (_, i) => 2014 + i);

const NOTES: Record<Language, (topic: string, city: string, year: number) => string> = {
  de: (topic, city, year) =>
    `${topic} in ${city} im Jahr ${year}. Synthetische Testdaten, keine amtlichen Zahlen.`,
  fr: (topic, city, year) =>
    `${topic} à ${city} en ${year}. Données de test synthétiques, pas de chiffres officiels.`,
  it: (topic, city, year) =>
    `${topic} a ${city} nel ${year}. Dati di test sintetici, nessuna cifra ufficiale.`,
};

/** The portal's own slug of a title: lower case, letters without accents, words joined by hyphens. */
export function slugOf(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Title of the dataset of one topic, city and year (indices into the lists above). */
function titleOf(topic: number, city: number, year: number): string {
  const { name, language } = CITIES[city] as (typeof CITIES)[number];
  const { names, by } = TOPICS[topic] as (typeof TOPICS)[number];
  const breakdown = BREAKDOWNS[language][by[(topic * 7 + city * 3 + year) % by.length] as number];
  return `${names[language]} ${breakdown} – ${name} ${YEARS[year]}`;
}

/** Every synthetic dataset (topics × cities × years = 3,360), the same on every call. */
export function syntheticCatalogue(): CkanPackage[] {
  const packages: CkanPackage[] = [];
  for (const [t, { names: topic }] of TOPICS.entries()) {
    for (const [c, city] of CITIES.entries()) {
      for (const [y, year] of YEARS.entries()) {
        const title = titleOf(t, c, y);
        const name = `synthetic-${slugOf(title)}`;
        packages.push({
          id: `synthetic-${t}-${c}-${y}`,
          name,
          title,
          notes: NOTES[city.language](topic[city.language], city.name, year),
          organization: { id: slugOf(city.publisher), name: slugOf(city.publisher), title: city.publisher },
          tags: [{ name: topic[city.language].toLowerCase() }, { name: 'synthetic' }],
          resources: [{ id: `${name}-csv`, name: `${title} (CSV)`, format: 'CSV', url: null }],
        });
      }
    }
  }
  return packages;
}
