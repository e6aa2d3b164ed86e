import { describe, expect, it } from 'vitest';
import { matchedWords, queryWords } from './query-words.js';

describe('the words of a question', () => {
  it("drops the stop words of the question's language, so they never count as matched", () => {
    const words = queryWords('mortalité des enfants de moins de cinq ans au Brésil', 'fr');
    expect(words.map((w) => w.word)).toEqual(['mortalité', 'enfants', 'moins', 'cinq', 'ans', 'Brésil']);
    const forms = words.map((w) => w.form);
    expect(matchedWords(words, forms.slice(0, 2))).toEqual(['mortalité', 'enfants']);
  });

  it('keeps a word that is a stop word only in another language', () => {
    // "die" is German for "the"; asked in English it is a word of its own, as is "under".
    expect(queryWords('people die under five', 'en').map((w) => w.word)).toEqual([
      'people',
      'die',
      'under',
      'five',
    ]);
    expect(queryWords('die Bevölkerung', 'de').map((w) => w.word)).toEqual(['Bevölkerung']);
  });
});
