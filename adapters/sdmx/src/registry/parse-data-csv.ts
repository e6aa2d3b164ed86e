import { dataContext } from '../messages/data-context.js';
import type { ParsedData } from '../messages/observation.js';
import { parseDataCsvText } from '../messages/parse-data-csv.js';
import type { FlowStructure } from './flow-structure.js';

export type { CodedValue, Observation, ParsedData } from '../messages/observation.js';

/**
 * A CSV data answer read against the flow's structure. Kept for callers that know the answer is
 * CSV; `parseDataMessage` (messages/) reads any format by what came back.
 */
export async function parseDataCsv(
  text: string,
  structure: FlowStructure,
  language: string,
): Promise<ParsedData> {
  return await parseDataCsvText(text, dataContext(structure, language));
}
