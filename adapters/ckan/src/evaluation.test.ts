import { expect, it } from 'vitest';
import { QUESTIONS, REFUSALS } from '../eval/level1-cases.js';
import { runLevel1 } from '../eval/run-level1.js';

it('answers every level-1 question like the independent oracle and refuses every refusal case', async () => {
  expect(QUESTIONS.length).toBeGreaterThanOrEqual(20);
  expect(REFUSALS.length).toBeGreaterThanOrEqual(7);
  const results = await runLevel1();
  const failed = results
    .filter((r) => !r.pass)
    .map((r) => `${r.id}: expected ${r.expected}, got ${r.actual}`);
  expect(failed).toEqual([]);
}, 120_000);
