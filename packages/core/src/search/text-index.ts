import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';
import { analyzeQuery } from './analyze-query.js';
import { compoundParts, documentTerms, type LangText, vocabularyOf } from './document-terms.js';
import { lexiconTerms } from './expand-with-lexicon.js';
import { fieldKey } from './field-key.js';
import { type IndexedDocument, matchQuery, type TextHit, type TextSearchOptions } from './match-query.js';
import { serializeMiniSearch } from './serialize-mini-search.js';
import { workSlicer } from './work-slicer.js';

/** A field of the indexed documents and how much a match in it counts (title 3, description 1 …). */
export interface TextField {
  name: string;
  boost?: number;
}

/** A document to index: its id, and per field the texts it carries in each language. */
export interface TextDocument {
  id: string;
  fields: Record<string, readonly LangText[]>;
}

export interface TextIndexOptions {
  fields: readonly TextField[];
}

/**
 * A full-text index of documents with names and descriptions in several languages (MiniSearch with
 * BM25+ ranking underneath). `add` documents, then `search` a question typed as people type it:
 * every word is optional, hits are ordered by how much of the question they cover, then by score,
 * and name the question's words they matched. `serialize` gives bytes that `loadTextIndex` reads back.
 *
 * Documents are analysed when the index is prepared. `await prepare()` does it in slices that give
 * the event loop a turn every few milliseconds; an index of unbounded size (a registry's catalogue)
 * must be prepared so before `search` or `serialize`, which otherwise analyse what is pending at
 * once, holding the main thread (fine for a page of hits, not for thousands of documents).
 */
export interface TextIndex {
  add(doc: TextDocument): void;
  addAll(docs: Iterable<TextDocument>): void;
  /**
   * Analyses and indexes the pending documents in time slices; stops with the signal's reason when
   * it aborts (what was indexed stays, the rest stays pending). Concurrent calls share the work.
   */
  prepare(options?: { signal?: AbortSignal }): Promise<void>;
  search(query: string, options?: TextSearchOptions): TextHit[];
  /** Documents indexed so far. */
  readonly size: number;
  /** The index as bytes, at once: for small indexes only (use `serializeAsync` otherwise). */
  serialize(): Uint8Array;
  /** The same bytes as `serialize`, prepared and written in time slices; stops when the signal aborts. */
  serializeAsync(options?: { signal?: AbortSignal }): Promise<Uint8Array>;
}

const FORMAT = 'opendata-mcp/text-index';
const VERSION = 1;

interface SerialisedIndex {
  format: typeof FORMAT;
  version: number;
  fields: TextField[];
  index: AsPlainObject;
}

/** A new, empty index over the given fields. */
export function createTextIndex(options: TextIndexOptions): TextIndex {
  return wrapIndex([...options.fields], new MiniSearch(miniSearchOptions(options.fields)), []);
}

/**
 * Reads back an index from the bytes `serialize` gave, at once: for small indexes only (use
 * `loadTextIndexAsync` otherwise). Throws on bytes of another format or version.
 */
export function loadTextIndex(bytes: Uint8Array): TextIndex {
  const data = parseIndex(new TextDecoder().decode(bytes));
  const terms = (data.index.index as Array<[string, unknown]>).map(([term]) => term);
  return wrapIndex(data.fields, MiniSearch.loadJS(data.index, miniSearchOptions(data.fields)), terms);
}

/**
 * Reads back an index from what `serialize` gave (bytes or their text), giving the event loop a
 * turn every few milliseconds; stops with the signal's reason when it aborts.
 */
export async function loadTextIndexAsync(
  serialised: Uint8Array | string,
  options: { signal?: AbortSignal } = {},
): Promise<TextIndex> {
  const slicer = workSlicer(options.signal);
  const data = parseIndex(typeof serialised === 'string' ? serialised : new TextDecoder().decode(serialised));
  await slicer.tick();
  const mini = await MiniSearch.loadJSAsync(data.index, miniSearchOptions(data.fields));
  options.signal?.throwIfAborted();
  const terms: string[] = [];
  for (const [term] of data.index.index as Array<[string, unknown]>) {
    terms.push(term);
    await slicer.tick();
  }
  return wrapIndex(data.fields, mini, terms);
}

function parseIndex(text: string): SerialisedIndex {
  const data = JSON.parse(text) as Partial<SerialisedIndex>;
  if (data.format !== FORMAT || data.version !== VERSION || !Array.isArray(data.fields) || !data.index)
    throw new Error(`Not a text index of format ${FORMAT} version ${VERSION}.`);
  return data as SerialisedIndex;
}

function miniSearchOptions(fields: readonly TextField[]): Options<Record<string, string>> {
  return {
    idField: 'id',
    fields: fields.map((f) => fieldKey(f.name)),
    // Documents arrive analysed: their terms are joined by spaces, so reading them back is a split.
    tokenize: (text) => text.split(' '),
    processTerm: (term) => term || null,
  };
}

function wrapIndex(
  fields: TextField[],
  mini: MiniSearch<Record<string, string>>,
  terms: string[],
): TextIndex {
  const vocabulary = new Set<string>([...lexiconTerms(), ...terms]);
  const known = (term: string) => vocabulary.has(term);
  let pending: TextDocument[] = [];
  let preparing: Promise<void> | null = null;
  const learn = (doc: TextDocument) => {
    for (const texts of Object.values(doc.fields)) for (const t of vocabularyOf(texts)) vocabulary.add(t);
  };
  const analyse = (doc: TextDocument) => {
    const row: Record<string, string> = { id: doc.id };
    for (const { name } of fields) {
      const docTerms = documentTerms(doc.fields[name] ?? [], known);
      for (const term of docTerms) vocabulary.add(term);
      row[fieldKey(name)] = docTerms.join(' ');
    }
    return row;
  };
  // Documents are indexed when first searched, so compounds split against every document's words.
  const flush = () => {
    // While a preparation runs it owns the pending documents; a search then sees what it indexed.
    if (pending.length === 0 || preparing) return;
    for (const doc of pending) learn(doc);
    const analysed = pending.map(analyse);
    pending = [];
    mini.addAll(analysed);
  };
  const prepareSliced = async (signal: AbortSignal | undefined) => {
    const slicer = workSlicer(signal);
    for (const doc of pending) {
      learn(doc);
      await slicer.tick();
    }
    let done = 0;
    try {
      for (; done < pending.length; done++) {
        mini.add(analyse(pending[done] as TextDocument));
        await slicer.tick();
      }
    } finally {
      pending.splice(0, done);
    }
  };
  const indexed: IndexedDocument = {
    mini,
    fields,
    known,
    splitWord: (word) =>
      ['de', 'nl'].map((lang) => compoundParts(word, lang, known)).find((parts) => parts.length > 1) ?? [],
  };
  const index: TextIndex = {
    add: (doc) => {
      pending.push(doc);
    },
    addAll: (docs) => {
      for (const doc of docs) pending.push(doc);
    },
    prepare: async ({ signal } = {}) => {
      while (pending.length > 0) {
        if (preparing) {
          // Another caller's preparation: wait for it, and carry on with this signal if it stopped.
          await preparing.catch(() => {});
          signal?.throwIfAborted();
          continue;
        }
        const running = prepareSliced(signal);
        preparing = running;
        try {
          await running;
        } finally {
          preparing = null;
        }
      }
    },
    search: (query, options = {}) => {
      flush();
      return matchQuery(indexed, analyzeQuery(query, options.languages), options);
    },
    get size() {
      return mini.documentCount + pending.length;
    },
    serialize: () => {
      flush();
      const data: SerialisedIndex = { format: FORMAT, version: VERSION, fields, index: mini.toJSON() };
      return new TextEncoder().encode(JSON.stringify(data));
    },
    serializeAsync: async ({ signal } = {}) => {
      await index.prepare({ signal });
      const head = JSON.stringify({ format: FORMAT, version: VERSION, fields });
      const body = await serializeMiniSearch(mini as MiniSearch<never>, workSlicer(signal));
      return new TextEncoder().encode(`${head.slice(0, -1)},"index":${body}}`);
    },
  };
  return index;
}
