import { bodyText, opensAsJson } from './body-text.js';
import { parseStructureJson } from './parse-structure-json.js';
import { parseStructureMessage } from './parse-structure-message.js';
import type { StructureMessage } from './structure-types.js';

/**
 * A structure answer in whichever form came back, as text or as the bytes received: SDMX-JSON when
 * the Content-Type says JSON or the body opens with `{`, SDMX-ML (2.1 or 3.0) otherwise.
 * `expected` names what the answer must hold, so a message without it is refused rather than read
 * as empty. SDMX-ML is streamed in slices that give the event loop a turn and stop when `signal`
 * aborts.
 */
export async function parseStructureAnswer(
  body: string | Uint8Array,
  contentType?: string,
  expected?: 'dataflows',
  signal?: AbortSignal,
): Promise<StructureMessage> {
  const type = (contentType ?? '').toLowerCase();
  const json = /[+/]json\b/.test(type) || (!/[+/]xml\b/.test(type) && opensAsJson(body));
  if (!json) return await parseStructureMessage(body, signal);
  return parseStructureJson(typeof body === 'string' ? body : await bodyText(body, signal), expected);
}
