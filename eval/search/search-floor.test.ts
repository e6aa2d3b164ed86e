import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmeIndicatorCodes, labelledObjectExists } from './labelled-object-exists.js';
import { type OfflineSearch, startOfflineSearch } from './offline-search.js';
import { loadQuestionSet, QUESTIONS_FILE, SYNTHETIC_QUESTIONS_FILE } from './question-set.js';
import { type Run, runQuestions } from './run-questions.js';
import { GROUPINGS, score, scoreBy } from './score.js';
import { syntheticCatalogue } from './synthetic-catalogue.js';

interface Floors {
  fixtures: { overall: number; by_language: Record<string, number> };
  synthetic: { overall: number };
}
const floors = JSON.parse(readFileSync(new URL('./floors.json', import.meta.url), 'utf8')) as Floors;

describe('search_all over the offline fixtures holds its recall floors', () => {
  const questions = loadQuestionSet(QUESTIONS_FILE).questions;
  let server: OfflineSearch;
  let run: Run;

  beforeAll(async () => {
    server = await startOfflineSearch();
    run = await runQuestions(server, questions);
  }, 300_000);
  afterAll(() => server?.close());

  it('every backend answered every question, so a miss is the ranking', () => {
    expect(run.failures).toEqual([]);
  });

  it('recall@3 overall and per language stays at or above the floors', () => {
    const measured = {
      overall: score(run.outcomes).recall_at_3,
      by_language: Object.fromEntries(
        Object.entries(scoreBy(run.outcomes, GROUPINGS.language)).map(([l, s]) => [l, s.recall_at_3]),
      ),
    };
    expect(measured.overall).toBeGreaterThanOrEqual(floors.fixtures.overall);
    expect(Object.keys(measured.by_language).sort()).toEqual(Object.keys(floors.fixtures.by_language).sort());
    for (const [language, floor] of Object.entries(floors.fixtures.by_language)) {
      expect(measured.by_language[language], language).toBeGreaterThanOrEqual(floor);
    }
  });

  it('labels only objects that exist, read through the tools that open them', async () => {
    let codes: Promise<Set<string>> | undefined;
    const indicatorCodes = () => {
      codes ??= cmeIndicatorCodes(server);
      return codes;
    };
    const missing: string[] = [];
    const checked = new Map<string, boolean>();
    for (const question of questions) {
      for (const target of question.answers) {
        const key = `${target.adapter}/${target.kind}/${target.id}`;
        if (!checked.has(key)) checked.set(key, await labelledObjectExists(server, target, indicatorCodes));
        if (!checked.get(key)) missing.push(`${question.id}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
    // The check itself tells a label that names nothing from one that names an object.
    for (const [adapter, kind] of [
      ['ckan', 'dataset'],
      ['lindas', 'cube'],
      ['sdmx', 'dataflow'],
      ['sdmx', 'indicator'],
      ['pxweb', 'table'],
      ['ckan', 'organization'],
    ] as const) {
      const invented = {
        adapter,
        kind,
        id: adapter === 'lindas' ? 'https://example.org/no-such-cube/1' : 'NO_SUCH_OBJECT',
      };
      expect(await labelledObjectExists(server, invented, indicatorCodes), `${adapter}/${kind}`).toBe(false);
    }
  }, 120_000);
});

describe('search_all among 3,360 synthetic CKAN datasets holds its recall floor', () => {
  let run: Run;

  beforeAll(async () => {
    const server = await startOfflineSearch({ extraCkanPackages: syntheticCatalogue() });
    try {
      run = await runQuestions(server, loadQuestionSet(SYNTHETIC_QUESTIONS_FILE).questions);
    } finally {
      await server.close();
    }
  }, 300_000);

  it('every backend answered and recall@3 stays at or above the floor', () => {
    expect(run.failures).toEqual([]);
    expect(score(run.outcomes).recall_at_3).toBeGreaterThanOrEqual(floors.synthetic.overall);
  });
});
