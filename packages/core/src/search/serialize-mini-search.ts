import type MiniSearch from 'minisearch';
import type { WorkSlicer } from './work-slicer.js';

/**
 * What MiniSearch 7 (version pinned in package.json) keeps and `toJSON` writes out. `toJSON` builds
 * one object of every term at once and JSON.stringify then writes it in one pass; for a registry's
 * thousands of documents the two hold the main thread for hundreds of milliseconds, so the same
 * text (serialisation version 2, which `loadJS`/`loadJSAsync` read) is written here term by term.
 */
interface MiniSearchState {
  _documentCount: number;
  _nextId: number;
  _documentIds: Map<number, unknown>;
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _storedFields: Map<number, unknown>;
  _dirtCount: number;
  _index: Iterable<[string, Map<number, Map<number, number>>]>;
}

/** The JSON text of `mini.toJSON()`, written in slices paced by the slicer. */
export async function serializeMiniSearch(mini: MiniSearch<never>, slicer: WorkSlicer): Promise<string> {
  const state = mini as unknown as MiniSearchState;
  const parts: string[] = [
    `{"documentCount":${state._documentCount},"nextId":${state._nextId},"documentIds":`,
    await objectText(state._documentIds, slicer),
    `,"fieldIds":${JSON.stringify(state._fieldIds)},"fieldLength":`,
    await objectText(state._fieldLength, slicer),
    `,"averageFieldLength":${JSON.stringify(state._avgFieldLength)},"storedFields":`,
    await objectText(state._storedFields, slicer),
    `,"dirtCount":${state._dirtCount},"index":[`,
  ];
  let first = true;
  for (const [term, fields] of state._index) {
    const data: string[] = [];
    for (const [fieldId, freqs] of fields)
      data.push(`${JSON.stringify(String(fieldId))}:${await objectText(freqs, slicer)}`);
    parts.push(`${first ? '' : ','}[${JSON.stringify(term)},{${data.join(',')}}]`);
    first = false;
    await slicer.tick();
  }
  parts.push('],"serializationVersion":2}');
  return parts.join('');
}

/** A map with number keys as the JSON object `Object.fromEntries` would give. */
async function objectText(map: Map<number, unknown>, slicer: WorkSlicer): Promise<string> {
  const entries: string[] = [];
  for (const [key, value] of map) {
    // As JSON.stringify leaves out a property whose value is undefined.
    if (value === undefined) continue;
    entries.push(`${JSON.stringify(String(key))}:${JSON.stringify(value)}`);
    if (entries.length % 256 === 0) await slicer.tick();
  }
  return `{${entries.join(',')}}`;
}
