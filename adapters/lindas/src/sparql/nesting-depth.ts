/**
 * The deepest nesting of `{`, `(` and `[` in a SPARQL text, read in one linear pass.
 *
 * sparqljs's parse time grows faster than linearly with nesting (thousands of nested groups
 * within the length cap kept the thread busy for tens of seconds), so depth is bounded before
 * the parser starts. The scan skips what sparqljs's own lexer (flex rules: longest match) reads as
 * one token: string literals in their four forms, IRIs `<…>`, comments, and the escaped
 * characters of prefixed names (`ex:a\(`). Its token forms are the lexer's, so a bracket hidden
 * from the scan is hidden from the parser too. Where the scan cannot read a token (an
 * unterminated string) neither can the lexer, whose parse ends there with an error.
 */

const ECHAR = String.raw`\\[tbnrf\\"']`;
const UCHAR = String.raw`\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}`;

// The lexer's rules for IRIREF and the four string forms (case-insensitive like the lexer, which
// so also reads `\U` and `\T` escapes), anchored at the scan position.
// biome-ignore lint/suspicious/noControlCharactersInRegex: IRIREF excludes control characters and space.
const IRIREF = /<[^<>"{}|^`\\\u0000-\u0020]*>/iy;
const STRINGS = [
  new RegExp(`'(?:[^'\\\\\\n\\r]|${ECHAR}|${UCHAR})*'`, 'iy'),
  new RegExp(`"(?:[^"\\\\\\n\\r]|${ECHAR}|${UCHAR})*"`, 'iy'),
  new RegExp(`'''(?:(?:'|'')?(?:[^'\\\\]|${ECHAR}|${UCHAR}))*'''`, 'iy'),
  new RegExp(`"""(?:(?:"|"")?(?:[^"\\\\]|${ECHAR}|${UCHAR}))*"""`, 'iy'),
];

function matchAt(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex - at : 0;
}

/** Length of the string literal starting at `at` (the longest form that matches), or 0. */
function stringLength(text: string, at: number): number {
  let longest = 0;
  for (const pattern of STRINGS) longest = Math.max(longest, matchAt(pattern, text, at));
  return longest;
}

function lineEnd(text: string, at: number): number {
  let i = at;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  return i;
}

/** The deepest bracket nesting in `text`, outside literals, IRIs and comments. */
export function sparqlNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '{' || c === '(' || c === '[') {
      depth++;
      if (depth > deepest) deepest = depth;
      i++;
    } else if (c === '}' || c === ')' || c === ']') {
      if (depth > 0) depth--;
      i++;
    } else if (c === '#') {
      i = lineEnd(text, i);
    } else if (c === '<') {
      i += matchAt(IRIREF, text, i) || 1;
    } else if (c === '"' || c === "'") {
      i += stringLength(text, i) || 1;
    } else if (c === '\\') {
      // Outside literals a backslash only escapes one character of a prefixed name.
      i += 2;
    } else {
      i++;
    }
  }
  return deepest;
}
