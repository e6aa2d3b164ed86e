import { ownText } from './own-text.js';

const V3_MESSAGE_NAMESPACE = /schemas\/v3_\d\/message/;
/** Where a message declares its namespaces: its root element, near the start. */
const HEAD_CHARS = 4096;

/**
 * Whether an SDMX-ML message, as text or as the bytes received, is of version 3, by the message
 * namespace it declares. A head of text is copied first: a regular expression that matches keeps
 * its subject (for the language's legacy `RegExp.lastMatch`), and a view into the message would
 * keep the whole message with it. A head of bytes decodes to a string of its own (a character cut
 * off at its end reads as U+FFFD, past the namespace).
 */
export function isSdmxMl3(message: string | Uint8Array): boolean {
  const head =
    typeof message === 'string'
      ? ownText(message.slice(0, HEAD_CHARS))
      : new TextDecoder().decode(message.subarray(0, HEAD_CHARS));
  return V3_MESSAGE_NAMESPACE.test(head);
}
