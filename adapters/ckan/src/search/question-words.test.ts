import { expect, it } from 'vitest';
import { looseQuery, questionLanguages, questionWords } from './question-words.js';

it('keeps the words of a question, without stop words, punctuation or search syntax', () => {
  const { words } = questionWords('the Births: of "Zürich" (2020) AND deaths*', ['en', 'de']);
  expect(words).toEqual(['births', 'zürich', '2020', 'deaths']);
  for (const word of words) expect(word).not.toMatch(/[:"()*+-]/);
});

it('gives the looser query folded forms, stem and word prefixes, every term optional', () => {
  const { looseTerms } = questionWords('Städte Schwerpunkt', ['de', 'en']);
  expect(looseTerms).toEqual(expect.arrayContaining(['städte', 'stadte', 'stadt*', 'schwerpunkt*']));
  expect(looseQuery(['a', 'b*'])).toBe('text:(a OR b*)');
});

it('escapes what Lucene reads as syntax and stays bounded', () => {
  const { looseTerms } = questionWords(Array.from({ length: 40 }, (_, i) => `word${i}`).join(' '), ['en']);
  expect(looseTerms.length).toBeLessThanOrEqual(24);
  expect(questionWords('a/b', ['en']).looseTerms.join(' ')).not.toMatch(/(^|[^\\])\//);
});

it('reads a Cyrillic question in Ukrainian and Russian too', () => {
  expect(questionLanguages(['en'], 'фонду Києва')).toEqual(['en', 'uk', 'ru']);
  expect(questionLanguages(['de', 'fr', 'pt'], 'Geburten')).toEqual(['de', 'fr', 'en']);
});
