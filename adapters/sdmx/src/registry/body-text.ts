import { breathe } from './breathe.js';

const DECODE_BYTES = 1024 * 1024;

/**
 * An answer's body as UTF-8 text, decoded a megabyte at a time with a turn of the event loop in
 * between: decoding a body near the response cap in one call would hold the thread for a
 * noticeable while. Malformed bytes read as U+FFFD. A structure answer in SDMX-ML is read from its
 * bytes (`feedXml`) and never needs this.
 */
export async function bodyText(body: Uint8Array, signal: AbortSignal | undefined): Promise<string> {
  const decoder = new TextDecoder();
  if (body.length <= DECODE_BYTES) return decoder.decode(body);
  const parts: string[] = [];
  for (let at = 0; at < body.length; at += DECODE_BYTES) {
    if (at > 0) await breathe(signal);
    parts.push(decoder.decode(body.subarray(at, at + DECODE_BYTES), { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** Whether a body opens with `{` once white space and a byte-order mark are passed over: JSON, not XML. */
export function opensAsJson(body: string | Uint8Array): boolean {
  if (typeof body === 'string') return body.trimStart().startsWith('{');
  let at = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
  while (
    at < body.length &&
    (body[at] === 0x20 || body[at] === 0x09 || body[at] === 0x0a || body[at] === 0x0d)
  )
    at++;
  return body[at] === 0x7b;
}
