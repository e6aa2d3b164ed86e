import { describe, expect, it } from 'vitest';
import { describeLanguages, describeLeftOut, describeWeakHits } from './describe-languages.js';

describe('search_all hints', () => {
  it('names each backend language, and says what to change whether or not the question is in one', () => {
    const hint = describeLanguages([
      { adapter_id: 'lindas', languages: ['de', 'fr', 'it', 'en'] },
      { adapter_id: 'ckan', languages: null },
      { adapter_id: 'sdmx', languages: ['en'] },
    ]);
    expect(hint).toBe(
      'Few hits. The backends describe their data in these languages (lindas: de, fr, it, en; sdmx: en): ' +
        'a question in another one finds only the words they share, so ask in one of them; ' +
        'one already in them may find more with fewer or other words.',
    );
    expect(describeLanguages([{ adapter_id: 'ckan', languages: [] }])).toBeNull();
  });

  it('names the backends whose hits were left out, with how many', () => {
    expect(
      describeLeftOut([
        { adapter_id: 'lindas', hits: 3, kept: 3 },
        { adapter_id: 'ckan', hits: 5, kept: 0 },
      ]),
    ).toBe('Hits left out as far weaker than the best (ckan 5): they match fewer of the words.');
    expect(describeLeftOut([{ adapter_id: 'lindas', hits: 2, kept: 2 }])).toBeNull();
  });

  it('warns when even the best hit covers less than half of the question', () => {
    expect(
      describeWeakHits([
        { coverage: 0.25, matchedWords: ['rate'] },
        { coverage: 0.4, matchedWords: ['exchange', 'rate'] },
      ]),
    ).toBe(
      'No hit covers half of the question (the best matches only "exchange", "rate"): the backends may not hold what was asked.',
    );
    expect(describeWeakHits([{ coverage: 0.5, matchedWords: ['a', 'b'] }])).toBeNull();
    expect(describeWeakHits([])).toBeNull();
  });
});
