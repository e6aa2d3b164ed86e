import { parseStructureJson } from './parse-structure-json.js';
import { parseStructureMessage } from './parse-structure-message.js';
import type { StructureMessage } from './structure-types.js';

/**
 * A structure answer in whichever form came back: SDMX-JSON when the Content-Type says JSON or
 * the body opens with `{`, SDMX-ML (2.1 or 3.0) otherwise. `expected` names what the answer must
 * hold, so a message without it is refused rather than read as empty. SDMX-ML is streamed in
 * slices that give the event loop a turn and stop when `signal` aborts.
 */
export async function parseStructureAnswer(
  text: string,
  contentType?: string,
  expected?: 'dataflows',
  signal?: AbortSignal,
): Promise<StructureMessage> {
  const type = (contentType ?? '').toLowerCase();
  const json = /[+/]json\b/.test(type) || (!/[+/]xml\b/.test(type) && text.trimStart().startsWith('{'));
  return json ? parseStructureJson(text, expected) : await parseStructureMessage(text, signal);
}
