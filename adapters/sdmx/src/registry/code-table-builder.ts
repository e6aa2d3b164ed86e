import { bufferBytes, CodeTable, columnsIn, type NumberColumn } from './code-table.js';
import { language } from './xml-nodes.js';

/**
 * How many characters of a list's text are copied out of the message at a time, at a code boundary:
 * the pieces are joined into one string (the engine allocates a string of more than 128 kB in fresh
 * memory of its own, a page fault per 4 kB touched; strings of this size come from memory it
 * reuses), which is then written out as UTF-8 at once.
 */
const CHUNK_CHARS = 16 * 1024;

/** A list of numbers that grows as it is written, reused from one code list to the next. */
class Column<T extends Uint8Array | Uint32Array> {
  length = 0;
  constructor(private values: T) {}

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new (this.values.constructor as new (size: number) => T)(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }

  /** What was written, copied into `target` (as long as what was written, and wide enough for each value). */
  copyTo(target: NumberColumn): void {
    target.set(this.values.subarray(0, this.length));
  }
}

/** Gathers a code list's codes as they stream past, then makes its `CodeTable` once the list is read. */
export class CodeTableBuilder {
  /** The pieces of the chunk being gathered: substrings of the message, copied out once the chunk is full. */
  private readonly pieces: string[] = [];
  /** How many characters they hold. */
  private chunkChars = 0;
  /** The most characters a chunk of the list has held. */
  private longestChunk = 0;
  /** The list's text so far, in UTF-8, chunk after chunk; reused from list to list, grown as needed. */
  private text = Buffer.allocUnsafeSlow(64 * 1024);
  private textBytes = 0;
  private readonly languages: string[] = [];
  /** Where each chunk's text ends in `text`, in bytes. */
  private readonly chunkEnds = new Column(new Uint32Array(1024));
  private readonly chunks = new Column(new Uint32Array(1024));
  private readonly firsts = new Column(new Uint32Array(1024));
  private readonly ends = new Column(new Uint32Array(4096));
  private readonly langs = new Column(new Uint32Array(4096));
  private readonly parents = new Column(new Uint8Array(1024));

  /** Starts the next list afresh (the builder is reused from list to list). */
  private reset(): void {
    this.pieces.length = 0;
    this.chunkChars = 0;
    this.longestChunk = 0;
    this.textBytes = 0;
    this.languages.length = 0;
    this.chunkEnds.length = 0;
    this.chunks.length = 0;
    this.firsts.length = 0;
    this.ends.length = 0;
    this.langs.length = 0;
    this.parents.length = 0;
  }

  /** A code opens, with its id. */
  startCode(id: string): void {
    if (this.chunkChars >= CHUNK_CHARS) this.copyChunk();
    this.chunks.push(this.chunkEnds.length);
    this.firsts.push(this.ends.length);
    this.add(id, 0);
  }

  /**
   * One of the code's names; `lang` is its language tag as written. A list names its codes in a few
   * languages, found by comparing a tag with each (a couple of characters), where looking it up
   * among every tag seen (`language`) would hash each afresh.
   */
  addName(lang: string, value: string): void {
    let at = this.languages.indexOf(lang);
    if (at < 0) at = this.languages.push(language(lang)) - 1;
    this.add(value, at);
  }

  /** The code closes, naming its parent or none. */
  endCode(parent: string | null): void {
    this.parents.push(parent === null ? 0 : 1);
    if (parent !== null) this.add(parent, 0);
  }

  /**
   * The list's codes, copied out of the message: the list's text and its columns in one buffer of
   * its own, outside the engine's heap. Memory the collector manages is given back to the system
   * after a collection and faulted in afresh for the next structure kept, which on a slow machine
   * cost more than reading the codes; a buffer is reused from what earlier ones freed, and is never
   * moved or walked by the collector.
   */
  finish(): CodeTable {
    if (this.firsts.length > 0) this.copyChunk();
    this.firsts.push(this.ends.length);
    const counts = {
      chunks: this.chunkEnds.length,
      codes: this.chunks.length,
      pieces: this.ends.length,
      textBytes: this.textBytes,
      languages: this.languages.length,
      longestChunk: this.longestChunk,
    };
    // Not zeroed first, as `new ArrayBuffer` would be: every byte of it is written below.
    const { buffer } = Buffer.allocUnsafeSlow(bufferBytes(counts));
    const columns = columnsIn(buffer, counts);
    this.chunkEnds.copyTo(columns.chunkEnds);
    this.chunks.copyTo(columns.chunks);
    this.firsts.copyTo(columns.firsts);
    this.ends.copyTo(columns.ends);
    this.langs.copyTo(columns.langs);
    this.parents.copyTo(columns.parents);
    this.text.copy(columns.text, 0, 0, this.textBytes);
    const table = new CodeTable(buffer, counts, this.languages.slice());
    this.reset();
    return table;
  }

  private add(piece: string, lang: number): void {
    this.chunkChars += piece.length;
    this.ends.push(this.chunkChars);
    this.langs.push(lang);
    // An empty piece adds nothing to the text, and joined with one other piece gives back that very piece.
    if (piece.length > 0) this.pieces.push(piece);
  }

  /**
   * The chunk's pieces, copied out of the message in one go: joined into one string (where there are
   * two or more), written at the end of the list's text as UTF-8, one byte for each ASCII character.
   * A lone surrogate (which XML does not allow, but the parser lets through in text) reads back as
   * U+FFFD, one character for one, so every piece still ends where it did.
   */
  private copyChunk(): void {
    const { pieces } = this;
    const joined = pieces.length < 2 ? (pieces[0] ?? '') : pieces.join('');
    const room = this.textBytes + joined.length * 3;
    if (room > this.text.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(room, this.text.length * 2));
      this.text.copy(grown, 0, 0, this.textBytes);
      this.text = grown;
    }
    this.textBytes += this.text.write(joined, this.textBytes, 'utf8');
    this.chunkEnds.push(this.textBytes);
    if (this.chunkChars > this.longestChunk) this.longestChunk = this.chunkChars;
    this.pieces.length = 0;
    this.chunkChars = 0;
  }
}
