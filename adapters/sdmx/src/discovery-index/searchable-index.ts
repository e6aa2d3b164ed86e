import { loadTextIndexAsync, type TextIndex, type WorkSlicer, workSlicer } from '@opendata-mcp/core';
import type { FlowStructure } from '../registry/flow-structure.js';
import type { CodelistInfo, DataflowInfo, LocalText } from '../registry/structure-types.js';
import { dimensionRoles, type Role } from '../resolution/dimension-roles.js';
import { wordForms } from '../resolution/word-forms.js';
import { codelistsById, type DiscoveryData } from './discovery-data.js';
import { indexedStructure, structureKey } from './flow-structures.js';
import { flowTextIndex } from './text-documents.js';

/** Flows sharing one DSD: their code lists are the same, so one structure stands for all. */
export interface DsdGroup {
  key: string;
  flows: DataflowInfo[];
  /** The first flow's structure from the bulk answers; null when the DSD was not in them. */
  structure: FlowStructure | null;
  /** Id of the structure's indicator dimension; null when it has none. */
  indicator: string | null;
  /** Place of the indicator code list in the index's `codelists`; null when it is not there. */
  list: number | null;
}

/**
 * The discovery index held in memory, ready to answer: word forms of every flow (id, names and
 * descriptions in every language, categories it is filed under) and, per word, the DSD groups
 * whose indicator code list holds it. Built once per index and kept while the index is.
 */
export interface SearchableIndex {
  flows: DataflowInfo[];
  flowWords: Map<DataflowInfo, Set<string>>;
  groups: DsdGroup[];
  groupOf: Map<string, DsdGroup>;
  /** DSD groups whose indicator code names hold the word form. */
  groupsByWord: Map<string, Set<DsdGroup>>;
  /** Whether DSDs and indicator code lists are in the index (else only flow titles are). */
  codesIndexed: boolean;
  /** Full-text index of the flows; document ids are places in `flows`. */
  flowText: TextIndex;
  /** Full-text index of the indicator codes (`list:code` places in `codelists`); null while building. */
  codeText: TextIndex | null;
  codelists: CodelistInfo[];
  /** For each document of `codeText`, its places in `codelists` as `[list, code, list, code …]`. */
  codePlaces: number[][];
  /** DSD groups by the place of their indicator code list in `codelists`. */
  groupsOfList: Map<number, DsdGroup[]>;
}

const built = new WeakMap<object, { promise: Promise<SearchableIndex>; signal: AbortSignal | undefined }>();

/**
 * The searchable form of a complete index (the store's plain data), assembled once per data in
 * time slices; stops when the signal aborts, and is then assembled again by the next caller.
 */
export function searchableIndex(
  data: DiscoveryData,
  overrides: Record<string, Role>,
  signal?: AbortSignal,
): Promise<SearchableIndex> {
  return once(data, signal, () => assemble(data, overrides, workSlicer(signal), signal));
}

/** An index of flow titles alone, while the full one builds or when the registry refuses bulk queries. */
export function flowsOnlyIndex(flows: DataflowInfo[], signal?: AbortSignal): Promise<SearchableIndex> {
  return once(flows, signal, async () => ({
    flows,
    flowWords: await flowWordsOf(flows, {}, workSlicer(signal)),
    groups: [],
    groupOf: new Map(),
    groupsByWord: new Map(),
    codesIndexed: false,
    flowText: await flowTextIndex(flows, {}, signal),
    codeText: null,
    codelists: [],
    codePlaces: [],
    groupsOfList: new Map(),
  }));
}

/**
 * One assembly per key, shared by concurrent callers. One stopped by its own caller's signal is
 * dropped, and a caller whose signal still runs starts it again rather than sharing the refusal.
 */
async function once(
  key: object,
  signal: AbortSignal | undefined,
  make: () => Promise<SearchableIndex>,
): Promise<SearchableIndex> {
  for (;;) {
    let entry = built.get(key);
    if (!entry) {
      const made = { promise: make(), signal };
      made.promise.catch(() => {
        if (built.get(key) === made) built.delete(key);
      });
      built.set(key, made);
      entry = made;
    }
    try {
      return await entry.promise;
    } catch (error) {
      if (!entry.signal?.aborted || entry.signal === signal) throw error;
      signal?.throwIfAborted();
    }
  }
}

async function assemble(
  data: DiscoveryData,
  overrides: Record<string, Role>,
  slicer: WorkSlicer,
  signal: AbortSignal | undefined,
): Promise<SearchableIndex> {
  const dsds = new Map(data.dataStructures.map((d) => [structureKey(d), d]));
  const codelists = codelistsById(data.codelists);
  const fetched = { url: data.list.url, fetchedAt: data.builtAt, prepared: data.list.prepared };
  const groupOf = new Map<string, DsdGroup>();
  const groups: DsdGroup[] = [];
  for (const flow of data.flows) {
    await slicer.tick();
    const key = flow.structure ? structureKey(flow.structure) : `flow:${flow.id}`;
    let group = groupOf.get(key);
    if (!group) {
      const dsd = flow.structure ? dsds.get(key) : undefined;
      group = {
        key,
        flows: [],
        structure: dsd ? safeStructure(flow, dsd, codelists, fetched) : null,
        indicator: null,
        list: null,
      };
      groupOf.set(key, group);
      groups.push(group);
    }
    group.flows.push(flow);
  }
  const wordsOfList = new Map<CodelistInfo, Set<string>>();
  const groupsByWord = new Map<string, Set<DsdGroup>>();
  const places = new Map(data.codelists.map((list, i) => [list, i]));
  const groupsOfList = new Map<number, DsdGroup[]>();
  for (const group of groups) {
    await slicer.tick();
    const structure = group.structure;
    if (!structure) continue;
    const dimension = dimensionRoles(structure, overrides).find((r) => r.role === 'indicator')?.dimension;
    group.indicator = dimension?.id ?? null;
    const list = dimension?.codelist;
    if (!list) continue;
    const place = places.get(list);
    if (place !== undefined) {
      group.list = place;
      groupsOfList.set(place, [...(groupsOfList.get(place) ?? []), group]);
    }
    let words = wordsOfList.get(list);
    if (!words) {
      words = new Set<string>();
      for (const code of list.codes) {
        for (const name of code.names) for (const word of wordForms(name.value)) words.add(word);
        await slicer.tick();
      }
      wordsOfList.set(list, words);
    }
    for (const word of words) {
      const set = groupsByWord.get(word) ?? new Set<DsdGroup>();
      set.add(group);
      groupsByWord.set(word, set);
    }
    await slicer.tick();
  }
  const answered = (resource: string) => data.bulk.some((b) => b.resource === resource && b.answered);
  return {
    flows: data.flows,
    flowWords: await flowWordsOf(data.flows, data.filedUnder, slicer),
    groups,
    groupOf,
    groupsByWord,
    codesIndexed: answered('datastructure') && answered('codelist'),
    flowText: await loadTextIndexAsync(data.flowText, { signal }),
    codeText: await loadTextIndexAsync(data.codeText, { signal }),
    codelists: data.codelists,
    codePlaces: data.codePlaces,
    groupsOfList,
  };
}

/** A DSD the bulk answer holds but that cannot be joined (a malformed reference) leaves its flows unindexed. */
function safeStructure(...args: Parameters<typeof indexedStructure>): FlowStructure | null {
  try {
    return indexedStructure(...args);
  } catch {
    return null;
  }
}

async function flowWordsOf(
  flows: DataflowInfo[],
  filedUnder: Record<string, LocalText[]>,
  slicer: WorkSlicer,
): Promise<Map<DataflowInfo, Set<string>>> {
  const out = new Map<DataflowInfo, Set<string>>();
  for (const flow of flows) {
    await slicer.tick();
    const texts = [...flow.names, ...flow.descriptions, ...(filedUnder[flow.id] ?? [])];
    out.set(flow, new Set(wordForms(`${flow.id.replace(/_/g, ' ')} ${texts.map((t) => t.value).join(' ')}`)));
  }
  return out;
}
