import { isOpenDataError, type OpenDataError } from '@opendata-mcp/core';
import { SaxesParser } from 'saxes';
import { cutOff } from '../messages/cut-off.js';
import { breathe, SLICE_CHARS } from './breathe.js';
import { gatherAttributes } from './gather-attributes.js';
import { FLAT_CHARS, flatCopy } from './own-text.js';
import { localName, XmlAttributes } from './xml-attributes.js';

/** What a message reader does with the parts of a message, in document order. */
export interface XmlHandler {
  /**
   * An element opens; `name` is its local name (SDMX-ML 2.1 and 3.0 prefixes read alike),
   * `attributes` its attributes and `path` the local names from the root down to it (both shared:
   * read them, never keep them).
   */
  open(name: string, attributes: XmlAttributes, path: readonly string[]): void;
  /** An element closes; `path` still ends with it. */
  close(name: string, path: readonly string[]): void;
  /** Character data (text and CDATA), in pieces. */
  text(text: string): void;
}

export interface FeedOptions {
  /** The format named in errors ("SDMX-ML"). */
  format: string;
  /** The error for a body that is not well-formed XML or not the message expected. */
  refuse: (why: string) => OpenDataError;
  signal: AbortSignal | undefined;
  /** Characters per slice; SLICE_CHARS unless a test crosses every boundary with tiny slices. */
  sliceChars?: number;
}

/**
 * A tag object of the parser's own, kept for the life of the process. Saxes adds a field to each
 * tag after making it, which gives tags an object layout (hidden class) of their own; V8 forgets
 * that layout once no tag is alive, between two messages, and throws away the optimized code of
 * the parser's tag handling with it, so that each message after a full collection was read by
 * unoptimized code again. The first parser made reads a one-tag document to keep its tag.
 */
let keptTag: unknown = null;

/** What an idle parser feeds: nothing (a finished parse's reader is not kept alive by the pool). */
const NO_HANDLER: XmlHandler = { open() {}, close() {}, text() {} };

/**
 * A saxes parser with its events wired once to whichever reader it feeds now. Parsers are reused
 * rather than made per message: V8 optimizes saxes' code for the parsers it sees and throws that
 * code away when they are collected, so a parser per message had the same hot code compiled again
 * and again, which made a message read in slices cost several times a single pass.
 */
class XmlFeed {
  readonly parser = new SaxesParser({ xmlns: false, position: false });
  handler = NO_HANDLER;
  /** Local names from the root down to the open element, shared with the reader. */
  readonly path: string[] = [];
  /** The attributes of the element being opened, gathered as the parser reads them. */
  readonly attributes = new XmlAttributes();

  constructor() {
    gatherAttributes(this.parser, this.attributes);
    if (keptTag === null) {
      this.parser.on('opentag', (tag) => {
        keptTag = tag;
      });
      this.parser.write('<kept/>').close();
    }
    this.parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      this.path.push(name);
      this.handler.open(name, this.attributes, this.path);
      this.attributes.clear();
    });
    this.parser.on('closetag', () => {
      this.handler.close(this.path[this.path.length - 1] as string, this.path);
      this.path.pop();
    });
    this.parser.on('text', (chars) => this.handler.text(chars));
    this.parser.on('cdata', (chars) => this.handler.text(chars));
  }
}

/** Idle parsers, each ready for a new document; a parse that fails mid-way drops its parser instead. */
const idleFeeds: XmlFeed[] = [];
/** Enough for the parses that run at once (each yields between slices, so several can be under way). */
const MAX_IDLE_FEEDS = 4;

/**
 * Reads an XML message with a streaming SAX parser (saxes), giving the event loop a turn and
 * checking the call's signal after each SLICE_CHARS characters or bytes of it: a large message never
 * holds the thread for long, and stops at the call's deadline. The message is read from the bytes
 * the registry sent, decoded as UTF-8 a slice at a time, or from text. No tree of the message is
 * built; what a reader keeps is its own business. A body that is not well-formed is refused; one
 * that ends before its root element does was cut off in transit and fails as retryable.
 */
export async function feedXml(
  message: string | Uint8Array,
  handler: XmlHandler,
  options: FeedOptions,
): Promise<void> {
  const feed = idleFeeds.pop() ?? new XmlFeed();
  feed.handler = handler;
  feed.path.length = 0;
  feed.attributes.clear();
  const { parser } = feed;
  const fed =
    typeof message === 'string'
      ? await feedText(parser, message, options)
      : await feedBytes(parser, message, options);
  try {
    parser.close();
  } catch (error) {
    if (isOpenDataError(error)) throw error;
    // Anything but an empty body that ends unfinished (even after the declaration alone) was cut off.
    throw fed ? cutOff(options.format) : options.refuse('it is empty');
  }
  // Closed without error, the parser is back at the start of a document, holding nothing of this one.
  feed.handler = NO_HANDLER;
  feed.path.length = 0;
  feed.attributes.release();
  if (idleFeeds.length < MAX_IDLE_FEEDS) idleFeeds.push(feed);
}

/**
 * White space and byte-order marks before the XML declaration, which XML forbids and registries
 * sometimes send (a newline, mostly). Tested a character at a time on text: a regular expression
 * that matches keeps its subject, which would keep a whole message alive.
 */
const LEADING_SPACE = /^[\s\uFEFF]+/;

/** Writes the text, slice by slice; whether it held anything but leading white space. */
async function feedText(parser: SaxesParser, text: string, options: FeedOptions): Promise<boolean> {
  let start = 0;
  while (start < text.length && LEADING_SPACE.test(text[start] as string)) start++;
  const step = options.sliceChars ?? SLICE_CHARS;
  for (let at = start; at < text.length; at += step) {
    if (at > start) await breathe(options.signal);
    const end = Math.min(text.length, at + step);
    // Small copies: each is made in memory the engine reuses, where a copy of the whole slice
    // would take fresh pages of its own.
    for (let from = at; from < end; from += FLAT_CHARS)
      write(parser, flatCopy(text, from, Math.min(end, from + FLAT_CHARS)), options);
  }
  return start < text.length;
}

/**
 * Bytes decoded at a time: a string of at most as many characters, which the engine makes in
 * memory it reuses (a larger one would take fresh pages of its own), one byte per character when
 * every one of them allows.
 */
const DECODE_BYTES = 32 * 1024;

/**
 * Decodes the bytes as UTF-8 a slice at a time and writes each slice's text; whether they held
 * anything but leading white space. The decoder carries a character split between two slices over
 * to the next, drops a leading byte-order mark, and reads malformed bytes as U+FFFD, as the text of
 * every other answer is read. The whole message is never one string: for a 40 MB message that
 * spares twice its size in memory, and decoding it slice by slice costs a fraction of decoding it
 * at once.
 */
async function feedBytes(parser: SaxesParser, bytes: Uint8Array, options: FeedOptions): Promise<boolean> {
  const decoder = new TextDecoder();
  const step = options.sliceChars ?? SLICE_CHARS;
  const size = Math.min(step, DECODE_BYTES);
  let started = false;
  let sinceTurn = 0;
  for (let at = 0; ; at += size) {
    const end = at >= bytes.length;
    if (sinceTurn >= step) {
      await breathe(options.signal);
      sinceTurn = 0;
    }
    sinceTurn += size;
    // Past the last slice, the decoder gives what it still holds of a character cut off at the end.
    let text = end ? decoder.decode() : decoder.decode(bytes.subarray(at, at + size), { stream: true });
    if (!started) {
      text = text.replace(LEADING_SPACE, '');
      started = text !== '';
    }
    if (text !== '') write(parser, text, options);
    if (end) return started;
  }
}

function write(parser: SaxesParser, slice: string, options: FeedOptions): void {
  try {
    parser.write(slice);
  } catch (error) {
    // A reader refusing the message throws its own error from a handler; saxes' own are malformations.
    if (isOpenDataError(error)) throw error;
    throw options.refuse('the XML is malformed');
  }
}
