/**
 * True when a CSV text ends inside a quoted field, or on a last line with fewer fields than its
 * header and no line break after it. A cut just after a line break, or inside the last field,
 * leaves a text that is complete CSV: no reader can tell it from a shorter answer.
 */
export function csvCutOff(text: string): boolean {
  if (text.endsWith('\n') || text.endsWith('\r')) return false;
  let inQuote = false;
  let fields = 1;
  let headerFields: number | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inQuote) {
      if (c === '"') {
        if (text[i + 1] === '"') i++;
        else inQuote = false;
      }
    } else if (c === '"') inQuote = true;
    else if (c === ',') fields++;
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      headerFields ??= fields;
      fields = 1;
    }
  }
  return inQuote || (headerFields !== null && fields < headerFields);
}
