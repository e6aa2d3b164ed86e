const encoder = new TextEncoder();
const decoder = new TextDecoder();
let scratch = new Uint8Array(1024);

/**
 * A string cut from a message, copied so that keeping it does not keep the message alive. V8 gives
 * a substring of 13 characters or more as a view into its parent: a name kept from a 40 MB
 * structure message would hold all 40 MB (80 MB when any character is outside Latin-1) for as long
 * as the parsed structure is cached. The copy is also one byte per character when it can be, where
 * the message's own substrings take two. Shorter substrings are copies already.
 */
export function ownText(text: string): string {
  if (text.length < 13) return text;
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, scratch);
  return decoder.decode(scratch.subarray(0, written));
}
