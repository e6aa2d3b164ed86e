/**
 * True when a JSON text ends inside a string or with objects or arrays still open: what a body
 * cut in transit looks like, as against JSON that is complete but malformed.
 */
export function jsonCutOff(text: string): boolean {
  let depth = 0;
  let inString = false;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      depth++;
      started = true;
    } else if (c === '}' || c === ']') depth--;
  }
  return started && (inString || depth > 0);
}
