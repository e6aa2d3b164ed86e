import type { CodeInfo, CodelistInfo, LocalText } from './structure-types.js';

/**
 * The codes of one code list held as columns: every id, name and parent of the list in a few texts,
 * with the end of each piece and each name's language beside them. A registry's code lists run to
 * hundreds of thousands of codes with a name in several languages each; held as an object per code,
 * per name and per string, they cost several objects each for the collector to copy as they age and
 * to walk at every full collection for as long as the structure is cached. Here a list is a handful
 * of objects whatever its size, in half the memory or less (a 43 MB message's codes: 21 MB, not 40).
 * `CodeInfo` objects are made from it when asked for (`code`, `all`).
 */
export class CodeTable {
  constructor(
    /** The list's text in chunks: per code its id, its names, then its parent if any, one after another. */
    private readonly texts: readonly string[],
    /** The chunk each code's pieces are in. */
    private readonly chunks: Uint32Array,
    /** The first piece of each code, and one more entry: where the pieces of the last code end. */
    private readonly firsts: Uint32Array,
    /** Where each piece ends in its chunk; it starts where the one before ends, or at 0 when first in it. */
    private readonly ends: Uint32Array,
    /** The language of each piece that is a name, as its place in `languages` (ids and parents have none). */
    private readonly langs: Uint32Array,
    private readonly languages: readonly string[],
    /** Whether each code names a parent (its last piece). */
    private readonly parents: Uint8Array,
  ) {}

  get size(): number {
    return this.firsts.length - 1;
  }

  /** The code at `index` (0-based, in the order of the list), made afresh at each call. */
  code(index: number): CodeInfo {
    const text = this.texts[this.chunks[index] as number] as string;
    const first = this.firsts[index] as number;
    const hasParent = this.parents[index] === 1;
    const end = (this.firsts[index + 1] as number) - (hasParent ? 1 : 0);
    const firstInChunk = index === 0 || this.chunks[index - 1] !== this.chunks[index];
    const names: LocalText[] = new Array(end - first - 1);
    for (let piece = first + 1; piece < end; piece++)
      names[piece - first - 1] = {
        lang: this.languages[this.langs[piece] as number] as string,
        value: this.piece(text, piece),
      };
    return {
      id: text.slice(firstInChunk ? 0 : this.ends[first - 1], this.ends[first]),
      names,
      parent: hasParent ? this.piece(text, end) : null,
    };
  }

  /** Every code of the list, in order. */
  all(): CodeInfo[] {
    const codes: CodeInfo[] = new Array(this.size);
    for (let i = 0; i < codes.length; i++) codes[i] = this.code(i);
    return codes;
  }

  /**
   * A piece after a code's first. A slice of 13 characters or more is a view into its chunk, which is
   * the list's own copy (never the message), so keeping it keeps nothing more than the list.
   */
  private piece(text: string, index: number): string {
    return text.slice(this.ends[index - 1], this.ends[index]);
  }
}

/**
 * The code list with its codes in `table`, made into `CodeInfo` objects the first time `codes` is
 * read, and the table then let go. A structure message carries code lists nobody asks about (a
 * registry's every list, when a discovery index is built from it, keeps only those its dataflows
 * use), and a list's objects cost several times its table. The list reads, spreads and serialises
 * as a plain one.
 */
export function withCodeTable(
  list: Omit<CodelistInfo, 'codes'> & { codes: undefined },
  table: CodeTable,
): CodelistInfo {
  let codes: CodeInfo[] | null = null;
  let rows: CodeTable | null = table;
  return Object.defineProperty(list as unknown as CodelistInfo, 'codes', {
    enumerable: true,
    configurable: true,
    get: () => {
      if (codes === null) {
        codes = (rows as CodeTable).all();
        rows = null;
      }
      return codes;
    },
    set: (value: CodeInfo[]) => {
      codes = value;
      rows = null;
    },
  });
}
