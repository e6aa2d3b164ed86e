/**
 * True when an XML document ends before its root element is closed: inside a tag, a comment, a
 * CDATA section or a processing instruction, or with elements still open. One linear pass over
 * markup only (no tree), so it costs little beside the parse and holds for any parser. Text that
 * does not start like XML is not judged here: the parser refuses it.
 */
export function xmlCutOff(xml: string): boolean {
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < xml.length && /\s/.test(xml[i] as string)) i++;
  if (xml[i] !== '<') return false;
  let depth = 0;
  let rootSeen = false;
  while (i < xml.length) {
    const open = xml.indexOf('<', i);
    if (open < 0) break;
    const end = constructEnd(xml, open);
    if (end < 0) return true;
    if (xml.startsWith('</', open)) depth--;
    else if (/[A-Za-z_:]/.test(xml[open + 1] ?? '')) {
      rootSeen = true;
      if (xml[end - 2] !== '/') depth++;
    }
    i = end;
  }
  return !rootSeen || depth !== 0;
}

/** Index just past the construct opening at `open`, or -1 when the text ends inside it. */
function constructEnd(xml: string, open: number): number {
  const closer = xml.startsWith('<!--', open)
    ? '-->'
    : xml.startsWith('<![CDATA[', open)
      ? ']]>'
      : xml.startsWith('<?', open)
        ? '?>'
        : null;
  if (closer) {
    const at = xml.indexOf(closer, open + 2);
    return at < 0 ? -1 : at + closer.length;
  }
  // A tag ends at the first `>` outside quoted attribute values.
  let quote: string | null = null;
  for (let j = open + 1; j < xml.length; j++) {
    const c = xml[j];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return j + 1;
  }
  return -1;
}
