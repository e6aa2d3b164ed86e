import { describe, expect, it } from 'vitest';
import { createTextIndex, loadTextIndex, type TextDocument } from './text-index.js';

const FIELDS = [
  { name: 'title', boost: 3 },
  { name: 'description', boost: 1 },
];

function doc(
  id: string,
  title: Array<[string, string]>,
  description: Array<[string, string]> = [],
): TextDocument {
  const texts = (pairs: Array<[string, string]>) => pairs.map(([lang, text]) => ({ lang, text }));
  return { id, fields: { title: texts(title), description: texts(description) } };
}

const DOCS = [
  doc(
    'births',
    [
      ['de', 'Lebendgeburten nach Kanton'],
      ['fr', 'Naissances vivantes par canton'],
    ],
    [['de', 'Geburtenrate und Fertilität']],
  ),
  doc('fires', [['de', 'Waldbrände im Kanton Tessin']]),
  doc('population-ua', [
    ['uk', 'Населення України за регіонами'],
    ['en', 'Population of Ukraine by region'],
  ]),
  doc('accidents', [['de', 'Strassenverkehrsunfälle nach Kanton']]),
  doc('cpi', [['de', 'Landesindex der Konsumentenpreise']], [['de', 'Teuerung in der Schweiz']]),
  doc('schools', [['de', 'Schulen und Lernende im Kanton Zürich']]),
  doc('grass', [['en', 'Grassland area']], [['en', 'Fires on grassland by region']]),
  doc('fire-title', [['en', 'Fires by region']]),
];

function indexOf(docs: TextDocument[] = DOCS) {
  const index = createTextIndex({ fields: FIELDS });
  index.addAll(docs);
  return index;
}

const ids = (hits: Array<{ id: string }>) => hits.map((h) => h.id);

describe('createTextIndex', () => {
  it('finds a document from an inflected, compounded or differently spelt question', () => {
    const index = indexOf();
    expect(ids(index.search('Geburten Rate'))[0]).toBe('births');
    expect(ids(index.search('Wald-brände'))[0]).toBe('fires');
    expect(ids(index.search('Straßenverkehrsunfälle'))[0]).toBe('accidents');
    expect(ids(index.search('населенню України'))[0]).toBe('population-ua');
  });

  it('finds a Ukrainian noun whose stem changes its vowel between cases (і/о)', () => {
    const index = indexOf([...DOCS, doc('deaths-ua', [['uk', 'Смертність населення за причинами']])]);
    expect(ids(index.search('смертності'))[0]).toBe('deaths-ua');
  });

  it('finds a document from a question in another language through the lexicon', () => {
    const index = indexOf();
    expect(ids(index.search('forest fires'))[0]).toBe('fires');
    expect(ids(index.search('inflation'))[0]).toBe('cpi');
    expect(ids(index.search('народжуваність'))[0]).toBe('births');
  });

  it('finds housing from buildings, but not the resident population through its "Wohn-"', () => {
    const index = indexOf([
      ...DOCS,
      doc('dwellings', [['de', 'Leerstehende Wohnungen nach Kanton']]),
      doc('residents', [['de', 'Ständige Wohnbevölkerung je Kanton']]),
    ]);
    expect(ids(index.search('Gebäude'))).toEqual(['dwellings']);
  });

  it('ranks the hit covering the whole question above hits sharing only its commonest word', () => {
    const hits = indexOf().search('Kanton Zürich Schulen');
    expect(hits[0]).toMatchObject({ id: 'schools', coverage: 1 });
    expect(hits[0]?.matchedWords).toEqual(['kanton', 'zürich', 'schulen']);
    // Hits matching only "Kanton" cover a third of the question: under half the best, so left out.
    expect(ids(hits)).toEqual(['schools']);
  });

  it('ranks a match in the title above the same match in the description', () => {
    expect(ids(indexOf().search('fires region')).slice(0, 2)).toEqual(['fire-title', 'grass']);
  });

  it('puts the title holding every word as asked above titles holding some, whatever the descriptions say', () => {
    const index = indexOf([
      doc(
        'share',
        [['en', 'Neonatal deaths as a percentage of under-five deaths']],
        [['en', 'Child mortality']],
      ),
      doc('rate', [['en', 'Under-five mortality rate']], [['en', 'Child mortality']]),
    ]);
    const hits = index.search('under-five mortality');
    expect(hits.map((h) => h.coverage)).toEqual([1, 1]);
    expect(ids(hits)).toEqual(['rate', 'share']);
  });

  it('reads two words written apart as the one word the index holds ("still birth" for stillbirth)', () => {
    const index = indexOf([
      doc('stillbirth', [['en', 'Stillbirth rate']]),
      doc('adolescent', [['en', 'Adolescent birth rate']]),
      doc('still-water', [['en', 'Still water sources']]),
    ]);
    const hits = index.search('still birth rate');
    expect(hits[0]).toMatchObject({ id: 'stillbirth', coverage: 1 });
    expect(hits[0]?.matchedWords).toEqual(['still', 'birth', 'rate']);
    // Where the index holds no such word, the two words are read apart, as before.
    expect(ids(index.search('adolescent birth'))).toEqual(['adolescent']);
  });

  it('finds a count by the word that names it as one, before a rate on the same subject', () => {
    const index = indexOf([
      doc('fertility', [['en', 'Fertility: births per woman']]),
      doc('count', [['en', 'Number of live births by region of residence of the mother']]),
    ]);
    expect(ids(index.search('Anzahl Geburten'))[0]).toBe('count');
    expect(ids(index.search('nombre de naissances'))[0]).toBe('count');
  });

  it('returns nothing for words that match nothing', () => {
    expect(indexOf().search('xqzplorb wibbleflap')).toEqual([]);
  });

  it('names the asked word a lexicon match stands for, and counts it below an exact match', () => {
    const [hit] = indexOf().search('births');
    expect(hit).toMatchObject({ id: 'births', matchedWords: ['births'] });
    expect(hit?.coverage).toBeLessThan(1);
  });

  it('matches a lexicon name of several words only where all its words are', () => {
    const index = indexOf([
      doc('live-births-es', [['es', 'Tasa de mortalidad materna por 100 000 nacidos vivos']]),
      doc('nouveau-fr', [['fr', 'Nouveau recensement des logements']]),
      doc('infants-es', [['es', 'Muertes de recién nacidos']]),
      doc('life-expectancy', [['en', 'Life expectancy at birth']]),
      doc('life-insurance', [['en', 'Life insurance premiums']]),
    ]);
    // "Säuglinge" is "recién nacidos" in Spanish and "nouveau-nés" in French: "nacidos" alone
    // (live births) and "nouveau" alone (new) are other words.
    expect(ids(index.search('Säuglinge'))).toEqual(['infants-es']);
    // "Lebenserwartung" is "life expectancy": the phrase finds its document, "life" alone does not.
    const hits = index.search('Lebenserwartung');
    expect(ids(hits)).toEqual(['life-expectancy']);
    expect(hits[0]?.coverage).toBe(0.8);
  });

  it('counts the words of a name of several words only together when asked to', () => {
    const index = indexOf([
      doc('member-states', [['en', 'Infant deaths in the member states']]),
      doc('infant-deaths', [['en', 'Infant deaths']]),
      doc('us-infants', [['en', 'Infant deaths, United States']]),
    ]);
    const question = 'infant deaths United States';
    // Read word by word, "states" alone lifts the member states above the plain count.
    expect(ids(index.search(question)).slice(0, 2)).toEqual(['us-infants', 'member-states']);
    const hits = index.search(question, { wholeNames: ['United States'], relativeCoverage: 0 });
    expect(ids(hits).slice(0, 1)).toEqual(['us-infants']);
    const coverage = Object.fromEntries(hits.map((h) => [h.id, h.coverage]));
    expect(coverage['member-states']).toBe(coverage['infant-deaths']);
    expect(hits.find((h) => h.id === 'member-states')?.matchedWords).toEqual(['infant', 'deaths']);
    // "and" is a stop word of the name, not a gap in it; a name of one word is any other word.
    const bosnia = indexOf([doc('herz', [['en', 'Herzegovina rivers']]), doc('rivers', [['en', 'Rivers']])]);
    const both = bosnia.search('rivers Bosnia and Herzegovina', {
      wholeNames: ['Bosnia and Herzegovina'],
      relativeCoverage: 0,
    });
    expect(both.find((h) => h.id === 'herz')?.matchedWords).toEqual(['rivers']);
    expect(ids(index.search('infant Kyiv', { wholeNames: ['Kyiv'] }))).toContain('infant-deaths');
  });
  it('reads back from its bytes and answers as before', () => {
    const index = indexOf();
    const back = loadTextIndex(index.serialize());
    for (const q of ['Geburten Rate', 'forest fires', 'населення', 'Kanton Zürich Schulen'])
      expect(back.search(q)).toEqual(index.search(q));
    expect(back.size).toBe(DOCS.length);
    back.add(doc('late', [['en', 'Hospital beds']]));
    expect(ids(back.search('hospital'))).toEqual(['late']);
  });

  it('refuses bytes that are not a text index', () => {
    expect(() => loadTextIndex(new TextEncoder().encode('{"format":"other"}'))).toThrow(/Not a text index/);
  });
});
