import { ownText } from './own-text.js';

const V3_MESSAGE_NAMESPACE = /schemas\/v3_\d\/message/;
/** Where a message declares its namespaces: its root element, near the start. */
const HEAD_CHARS = 4096;

/**
 * Whether an SDMX-ML message is of version 3, by the message namespace it declares. The head is
 * copied first: a regular expression that matches keeps its subject (for the language's legacy
 * `RegExp.lastMatch`), and a view into the message would keep the whole message with it.
 */
export function isSdmxMl3(xml: string): boolean {
  return V3_MESSAGE_NAMESPACE.test(ownText(xml.slice(0, HEAD_CHARS)));
}
