import type { CodeInfo, CodelistInfo, LocalText } from './structure-types.js';

/** A column of whole numbers, each one, two or four bytes wide: as narrow as its largest value allows. */
export type NumberColumn = Uint8Array | Uint16Array | Uint32Array;

/** Where each code's pieces are in its list's text, as the builder writes them. */
export interface CodeColumns {
  /** Where each chunk's text ends in the list's text, in bytes. */
  chunkEnds: NumberColumn;
  /** The chunk each code's pieces are in. */
  chunks: NumberColumn;
  /** The first piece of each code, and one more entry: where the pieces of the last code end. */
  firsts: NumberColumn;
  /** Where each piece ends in its chunk, in characters; it starts where the one before ends, or at 0 when first in it. */
  ends: NumberColumn;
  /** The language of each piece that is a name, as its place in the languages (ids and parents have none). */
  langs: NumberColumn;
  /** Whether each code names a parent (its last piece). */
  parents: Uint8Array;
  /** Per code its id, its names, then its parent if any, one after another, chunk after chunk, in UTF-8. */
  text: Buffer;
}

/**
 * What a list holds, which places each column and sets its width: how many chunks, codes and
 * pieces, bytes of text and languages, and the characters in its longest chunk.
 */
export interface CodeCounts {
  chunks: number;
  codes: number;
  pieces: number;
  textBytes: number;
  languages: number;
  longestChunk: number;
}

/** The number columns, in the order `columnShapes` lists them before sorting them by width. */
const CHUNK_ENDS = 0;
const CHUNKS = 1;
const FIRSTS = 2;
const ENDS = 3;
const LANGS = 4;
const PARENTS = 5;

/** Bytes a column takes per value, so that `largest` fits. */
function widthFor(largest: number): 1 | 2 | 4 {
  return largest < 0x100 ? 1 : largest < 0x10000 ? 2 : 4;
}

/**
 * Each column's length and width, widest first, in the order they lie at the start of a list's
 * buffer (so that each starts at a multiple of its width). Most lists need two bytes or one where
 * four would always do: a language is one of a few, a place in a chunk is under 65,536.
 */
function columnShapes(counts: CodeCounts): Array<{ column: number; length: number; width: 1 | 2 | 4 }> {
  const { chunks, codes, pieces, textBytes, languages, longestChunk } = counts;
  const shapes = [
    { column: CHUNK_ENDS, length: chunks, width: widthFor(textBytes) },
    { column: CHUNKS, length: codes, width: widthFor(chunks - 1) },
    { column: FIRSTS, length: codes + 1, width: widthFor(pieces) },
    { column: ENDS, length: pieces, width: widthFor(longestChunk) },
    { column: LANGS, length: pieces, width: widthFor(languages - 1) },
    { column: PARENTS, length: codes, width: 1 as const },
  ];
  return shapes.sort((a, b) => b.width - a.width);
}

/** The bytes a list's buffer takes: its columns, then its text. */
export function bufferBytes(counts: CodeCounts): number {
  let bytes = counts.textBytes;
  for (const { length, width } of columnShapes(counts)) bytes += length * width;
  return bytes;
}

const COLUMN_OF_WIDTH = { 1: Uint8Array, 2: Uint16Array, 4: Uint32Array } as const;

/**
 * The columns of a list in its buffer, then its text. The builder writes them there and the table
 * reads them back through these very views. The views go into a list by column, then into one
 * object literal: an object given its properties in an order that varies with the widths would take
 * a layout of its own per order, which V8 forgets between two messages, throwing away the optimized
 * code of whoever made it.
 */
export function columnsIn(buffer: ArrayBuffer, counts: CodeCounts): CodeColumns {
  const views: NumberColumn[] = [];
  let at = 0;
  for (const { column, length, width } of columnShapes(counts)) {
    views[column] = new COLUMN_OF_WIDTH[width](buffer, at, length);
    at += length * width;
  }
  return {
    chunkEnds: views[CHUNK_ENDS] as NumberColumn,
    chunks: views[CHUNKS] as NumberColumn,
    firsts: views[FIRSTS] as NumberColumn,
    ends: views[ENDS] as NumberColumn,
    langs: views[LANGS] as NumberColumn,
    parents: views[PARENTS] as Uint8Array,
    text: Buffer.from(buffer, at, counts.textBytes),
  };
}

/**
 * The codes of one code list held as columns: every id, name and parent of the list in one UTF-8
 * text, in chunks of about 16,000 characters, with the end of each piece and each name's language
 * beside them, all in one buffer outside the engine's heap. A registry's code lists run to hundreds
 * of thousands of codes with a name in several languages each; held as an object per code, per
 * name and per string, they cost several objects each for the collector to copy as they age and to
 * walk at every full collection for as long as the structure is cached. Here a list is a handful of
 * objects whatever its size, in under half the memory (a 43 MB message's code lists: 13 MB, not 40), at
 * one byte per character for ids and names in Latin script. `CodeInfo` objects are made from it when
 * asked for (`code`, `all`), a chunk's text being read back once for all its codes.
 */
export class CodeTable {
  /** The chunk read back last, and its text. */
  private chunkRead = -1;
  private chunkText = '';
  /**
   * The views of the columns, made when a code is first read: a structure keeps many lists nobody
   * reads, and a view is an object for the collector to move and walk, seven of them a list.
   */
  private viewed: CodeColumns | null = null;

  constructor(
    private readonly buffer: ArrayBuffer,
    private readonly counts: CodeCounts,
    private readonly languages: readonly string[],
  ) {}

  get size(): number {
    return this.counts.codes;
  }

  private get columns(): CodeColumns {
    this.viewed ??= columnsIn(this.buffer, this.counts);
    return this.viewed;
  }

  /** The code at `index` (0-based, in the order of the list), made afresh at each call. */
  code(index: number): CodeInfo {
    const { chunks, firsts, ends, langs, parents } = this.columns;
    const chunk = chunks[index] as number;
    const text = this.chunk(chunk);
    const first = firsts[index] as number;
    const hasParent = parents[index] === 1;
    const end = (firsts[index + 1] as number) - (hasParent ? 1 : 0);
    const firstInChunk = index === 0 || chunks[index - 1] !== chunk;
    const names: LocalText[] = new Array(end - first - 1);
    for (let piece = first + 1; piece < end; piece++)
      names[piece - first - 1] = {
        lang: this.languages[langs[piece] as number] as string,
        value: text.slice(ends[piece - 1], ends[piece]),
      };
    return {
      id: text.slice(firstInChunk ? 0 : ends[first - 1], ends[first]),
      names,
      parent: hasParent ? text.slice(ends[end - 1], ends[end]) : null,
    };
  }

  /** Every code of the list, in order. */
  all(): CodeInfo[] {
    const codes: CodeInfo[] = new Array(this.size);
    for (let i = 0; i < codes.length; i++) codes[i] = this.code(i);
    return codes;
  }

  /** A chunk's text, read back from UTF-8 (codes come in order, so each chunk is read once). */
  private chunk(chunk: number): string {
    if (chunk !== this.chunkRead) {
      const { chunkEnds, text } = this.columns;
      this.chunkText = text.toString('utf8', chunk === 0 ? 0 : chunkEnds[chunk - 1], chunkEnds[chunk]);
      this.chunkRead = chunk;
    }
    return this.chunkText;
  }
}

/** Where a list keeps its codes: their table until they are first read, then the objects made from it. */
const HELD_CODES = Symbol('codes');

interface TabledList {
  [HELD_CODES]: CodeTable | CodeInfo[];
}

/**
 * The `codes` of every tabled list: one accessor pair for all of them. A pair of its own per list
 * (closures over each list's table) turned each list into a dictionary for the engine, about 700 bytes
 * more per list; with a shared pair, lists share one object layout.
 */
const CODES_PROPERTY: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: TabledList): CodeInfo[] {
    const held = this[HELD_CODES];
    if (!(held instanceof CodeTable)) return held;
    const codes = held.all();
    this[HELD_CODES] = codes;
    return codes;
  },
  set(this: TabledList, codes: CodeInfo[]) {
    this[HELD_CODES] = codes;
  },
};

/**
 * The code list with its codes in `table`, made into `CodeInfo` objects the first time `codes` is
 * read, and the table then let go. A structure message carries code lists nobody asks about (a
 * registry's every list, when a discovery index is built from it, keeps only those its dataflows
 * use), and a list's objects cost several times its table. The list reads, spreads and serialises
 * as a plain one, `codes` last.
 */
export function withCodeTable(list: Omit<CodelistInfo, 'codes'>, table: CodeTable): CodelistInfo {
  Object.defineProperty(list, HELD_CODES, {
    value: table,
    writable: true,
    enumerable: false,
    configurable: true,
  });
  return Object.defineProperty(list, 'codes', CODES_PROPERTY) as CodelistInfo;
}
