import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { compareReports } from './compare-reports.js';
import { formatReport, reportOf } from './format-report.js';
import type { Question } from './question-set.js';
import { loadQuestionSet } from './question-set.js';
import { GROUPINGS, type Hit, type Outcome, rankOf, score, scoreBy } from './score.js';

const question = (id: string, language: string, answers: Question['answers']): Question => ({
  id,
  query: `question ${id}`,
  language,
  class: 'exact',
  answers,
});
const hit = (adapter_id: string, kind: string, id: string): Hit => ({ adapter_id, kind, id, title: id });

const cube = { adapter: 'lindas', kind: 'cube', id: 'c1' };
const dataset = { adapter: 'ckan', kind: 'dataset', id: 'd1' };
// By hand: a at rank 1, b at rank 2 (its twin of another kind at rank 1 does not count), c at rank 4, d missed.
const outcomes: Outcome[] = [
  { question: question('a', 'de', [cube]), hits: [hit('lindas', 'cube', 'c1'), hit('ckan', 'dataset', 'x')] },
  {
    question: question('b', 'de', [dataset]),
    hits: [hit('ckan', 'organization', 'd1'), hit('ckan', 'dataset', 'd1')],
  },
  {
    question: question('c', 'fr', [cube, dataset]),
    hits: [
      hit('sdmx', 'dataflow', 'f'),
      hit('sdmx', 'dataflow', 'g'),
      hit('lindas', 'cube', 'c2'),
      hit('ckan', 'dataset', 'd1'),
    ],
  },
  { question: question('d', 'fr', [cube]), hits: [] },
];

describe('search evaluation scorer', () => {
  it('ranks the first hit that is one of the answers, by adapter, kind and id', () => {
    expect(outcomes.map(rankOf)).toEqual([1, 2, 4, null]);
  });

  it('computes recall@1, recall@3 and MRR over all questions', () => {
    const all = score(outcomes);
    expect(all.questions).toBe(4);
    expect(all.recall_at_1).toBeCloseTo(1 / 4);
    expect(all.recall_at_3).toBeCloseTo(2 / 4);
    expect(all.mrr).toBeCloseTo((1 + 1 / 2 + 1 / 4 + 0) / 4);
  });

  it('groups by language, and counts a question with answers in two backends in both', () => {
    const byLanguage = scoreBy(outcomes, GROUPINGS.language);
    expect(byLanguage.de).toMatchObject({ questions: 2, recall_at_1: 0.5, recall_at_3: 1 });
    expect(byLanguage.fr).toMatchObject({ questions: 2, recall_at_1: 0, recall_at_3: 0 });
    const byBackend = scoreBy(outcomes, GROUPINGS.backend);
    expect(byBackend.lindas?.questions).toBe(3);
    expect(byBackend.ckan?.questions).toBe(2);
    expect(byBackend.ckan?.mrr).toBeCloseTo((1 / 2 + 1 / 4) / 2);
  });

  it('scores an empty group as zero rather than dividing by zero', () => {
    expect(score([])).toEqual({ questions: 0, recall_at_1: 0, recall_at_3: 0, mrr: 0 });
  });

  it('lists every question not answered first, with what came first instead', () => {
    const text = formatReport(reportOf('hand-made', outcomes));
    expect(text).toContain('misses (answer not first): 3');
    expect(text).toContain('b [de exact] «question b» → rank 2; first: ckan/organization/d1');
    expect(text).toContain('d [fr exact] «question d» → not in top 10; first: no hits');
    expect(text).not.toContain('a [de exact]');
  });

  it('sets two runs side by side and lists the questions whose rank changed', () => {
    const [first, second, third, fourth] = outcomes as [Outcome, Outcome, Outcome, Outcome];
    const better = [first, { ...second, hits: second.hits.slice(1) }, third, { ...fourth, hits: first.hits }];
    const text = compareReports(reportOf('run', outcomes), reportOf('run', better));
    expect(text).toContain('overall                  50.0%   75.0%');
    expect(text).toContain('language fr               0.0%   50.0%');
    expect(text).toContain('questions whose rank changed: 2');
    expect(text).toContain('b «question b»: 2 → 1');
    expect(text).toContain('d «question d»: - → 1');
  });

  it('refuses a question file that uses one id twice or names an unknown class', () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-eval-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const write = (questions: unknown[]) => {
      const path = join(dir, `${questions.length}.json`);
      writeFileSync(path, JSON.stringify({ description: 'test', synthetic: false, questions }));
      return path;
    };
    const one = { id: 'q', query: 'waldbrand', language: 'de', class: 'exact', answers: [cube] };
    expect(() => loadQuestionSet(write([one, one]))).toThrow(/question id q is used twice/);
    expect(() => loadQuestionSet(write([{ ...one, class: 'synonym' }]))).toThrow();
    expect(loadQuestionSet(write([one])).questions).toHaveLength(1);
  });
});
