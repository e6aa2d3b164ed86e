import { cutOff } from './cut-off.js';
import type { DataContext } from './data-context.js';
import type { Json } from './json-components.js';
import { jsonCutOff } from './json-cut-off.js';
import { readDataSet } from './json-data-set.js';
import { notData } from './not-data.js';
import type { Observation, ParsedData } from './observation.js';
import { Pace } from './pace.js';

/**
 * Reads an SDMX-JSON data message, 1.0 (`structure` + `dataSets` at the top, or under `data`) or
 * 2.0 (`data.structures[]`, each data set naming its structure). Series keys and observation
 * keys are indexes into the message's own value lists; observation arrays hold the value(s)
 * first, then attribute indexes. Data sets whose action is Delete carry no observations to read.
 * `JSON.parse` is one native call (the body is capped by the response size limit); the decoding
 * after it gives the event loop a turn every few milliseconds.
 */
export async function parseDataJson(
  text: string,
  ctx: DataContext,
  signal?: AbortSignal,
): Promise<ParsedData> {
  let message: Json;
  try {
    message = JSON.parse(text);
  } catch {
    if (jsonCutOff(text)) throw cutOff('SDMX-JSON');
    throw notData('SDMX-JSON', 'the JSON does not parse');
  }
  const body = message?.data ?? message;
  const dataSets: Json[] | undefined = body?.dataSets;
  if (!Array.isArray(dataSets)) throw notData('SDMX-JSON', 'it has no dataSets');
  const v2 = Array.isArray(body.structures);
  const observations = objectArray<Observation>();
  const pace = new Pace(signal);
  for (const dataSet of dataSets) {
    if (String(dataSet?.action ?? '').toLowerCase() === 'delete') continue;
    const structure = v2 ? body.structures[Number(dataSet.structure ?? 0)] : body.structure;
    if (!structure?.dimensions) throw notData('SDMX-JSON', 'a data set has no structure to read its keys');
    await readDataSet(dataSet, structure, ctx, observations, v2, pace);
  }
  return { dialect: v2 ? 'sdmx-json-2.0' : 'sdmx-json-1.0', observations };
}

/**
 * An empty array laid out for objects from the start. V8 lays out an empty array for small
 * integers and changes the layout at its first push; code optimized while decoding one message,
 * having met only the changed layout, would be thrown away at the next message's first push.
 */
function objectArray<T>(): T[] {
  const array: T[] = [undefined as T];
  array.pop();
  return array;
}
