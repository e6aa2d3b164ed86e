import { describe, expect, it } from 'vitest';
import {
  loadQuestionSet,
  QUESTION_CLASSES,
  QUESTIONS_FILE,
  SYNTHETIC_QUESTIONS_FILE,
} from './question-set.js';
import { syntheticCatalogue } from './synthetic-catalogue.js';

describe('search evaluation question sets', () => {
  const fixtures = loadQuestionSet(QUESTIONS_FILE);
  const synthetic = loadQuestionSet(SYNTHETIC_QUESTIONS_FILE);

  it('asks at least 150 questions over the fixtures, in en, de, fr, it and more, in every class', () => {
    expect(fixtures.synthetic).toBe(false);
    expect(fixtures.questions.length).toBeGreaterThanOrEqual(150);
    const languages = new Set(fixtures.questions.map((q) => q.language));
    for (const language of ['en', 'de', 'fr', 'it', 'uk', 'es', 'nl']) expect(languages).toContain(language);
    expect(new Set(fixtures.questions.map((q) => q.class))).toEqual(new Set(QUESTION_CLASSES));
    const backends = new Set(fixtures.questions.flatMap((q) => q.answers.map((a) => a.adapter)));
    expect(backends).toEqual(new Set(['lindas', 'ckan', 'sdmx', 'pxweb']));
  });

  it('labels the synthetic questions with datasets the generated catalogue holds', () => {
    expect(synthetic.synthetic).toBe(true);
    expect(synthetic.questions.length).toBeGreaterThanOrEqual(30);
    const catalogue = syntheticCatalogue();
    const names = new Set(catalogue.map((p) => p.name));
    expect(names.size).toBe(catalogue.length);
    expect(catalogue.length).toBeGreaterThan(3000);
    for (const question of synthetic.questions) {
      for (const answer of question.answers) {
        expect(answer).toMatchObject({ adapter: 'ckan', kind: 'dataset' });
        expect(names, question.id).toContain(answer.id);
      }
    }
  });

  it('generates the same synthetic catalogue on every call', () => {
    expect(syntheticCatalogue()).toEqual(syntheticCatalogue());
  });
});
