import type { FlowStructure } from '../registry/flow-structure.js';
import { dataContext } from './data-context.js';
import { detectDataFormat } from './detect-data-format.js';
import { notData } from './not-data.js';
import type { ParsedData } from './observation.js';
import { parseDataCsvText } from './parse-data-csv.js';
import { parseDataJson } from './parse-data-json.js';
import { parseDataXml } from './parse-data-xml.js';

/**
 * Any SDMX data answer as observations: SDMX-ML (generic or structure-specific, 2.1 or 3.0),
 * SDMX-JSON (1.0 or 2.0) or CSV (SDMX-CSV 1.0 or 2.0, or the code-and-label layout). The parser
 * is chosen by what came back, never by what was asked. The structure, when given, orders the
 * key and labels codes the message leaves unlabelled. The parse runs in slices that give the
 * event loop a turn between them, and stops when `signal` (the call's) aborts.
 */
export async function parseDataMessage(
  body: string,
  contentType: string | undefined,
  structure: FlowStructure | null,
  language: string,
  signal?: AbortSignal,
): Promise<ParsedData> {
  const ctx = dataContext(structure, language);
  switch (detectDataFormat(contentType, body)) {
    case 'xml':
      return await parseDataXml(body, ctx, signal);
    case 'json':
      return await parseDataJson(body, ctx, signal);
    case 'csv':
      return await parseDataCsvText(body, ctx, signal);
    default:
      throw notData('SDMX', `it is neither SDMX-ML, SDMX-JSON nor CSV (${contentType ?? 'no content type'})`);
  }
}
