/**
 * Whether every character is within Latin-1. A loop, not a regular expression: a match records its
 * subject for the language's legacy `RegExp.lastMatch`, which would keep the message alive.
 */
function narrow(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return false;
  return true;
}

/**
 * Where copies are made: one buffer reused, as a buffer made per text cost more than the copy.
 * Texts longer than it holds get a buffer of their own.
 */
const scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * A string cut from a message, copied so that keeping it does not keep the message alive. V8 gives
 * a substring of 13 characters or more as a view into its parent: a name kept from a 40 MB
 * structure message would hold all 40 MB (80 MB when any character is outside Latin-1) for as long
 * as the parsed structure is cached. The copy is also one byte per character when it can be, where
 * the message's own substrings take two. Shorter substrings are copies already. The copy goes
 * through a byte buffer in the text's own width, which is several times quicker than UTF-8 for
 * scripts beyond Latin.
 */
export function ownText(text: string): string {
  if (text.length < 13) return text;
  return copied(text, narrow(text));
}

/** The most characters `flatCopy` copies at once: two bytes each fill the scratch buffer half way. */
export const FLAT_CHARS = 16 * 1024;

/**
 * Characters `start` to `end` of a message (at most FLAT_CHARS) as a string of their own, one byte
 * per character when every one of them allows. A slice would be a view into the message: the
 * parser reading it steps through the view for each character, and in a message with any
 * character beyond Latin-1 the whole of it is two bytes wide, so that every name and value cut
 * from it is too. The engine narrows the copy itself when it can, and a lone surrogate is copied
 * as it is.
 */
export function flatCopy(text: string, start: number, end: number): string {
  const bytes = scratch.write(text.slice(start, end), 0, 'utf16le');
  return scratch.toString('utf16le', 0, bytes);
}

function copied(text: string, oneByte: boolean): string {
  const encoding = oneByte ? 'latin1' : 'utf16le';
  const width = encoding === 'latin1' ? 1 : 2;
  if (text.length * width > scratch.length) return Buffer.from(text, encoding).toString(encoding);
  const bytes = scratch.write(text, 0, encoding);
  return scratch.toString(encoding, 0, bytes);
}
