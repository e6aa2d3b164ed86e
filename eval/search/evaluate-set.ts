import type { CkanPackage } from '@opendata-mcp/fixtures';
import { startOfflineSearch } from './offline-search.js';
import type { QuestionSet } from './question-set.js';
import { type Run, runQuestions } from './run-questions.js';

/** One server for the whole set: started, asked every question, closed. */
export async function evaluateSet(set: QuestionSet, extraCkanPackages: CkanPackage[] = []): Promise<Run> {
  const search = await startOfflineSearch({ extraCkanPackages });
  try {
    return await runQuestions(search, set.questions);
  } finally {
    await search.close();
  }
}
