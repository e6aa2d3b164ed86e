/** One word of a text: as written (lower-cased) and, for hyphenated words, the joined form too. */
export interface TextToken {
  word: string;
  /** Set on the parts of a hyphenated word: the parts written together ("wald-brände" → "waldbrände"). */
  joined?: string;
}

const WORD = /[\p{L}\p{N}]+(?:[-‐‑][\p{L}\p{N}]+)*/gu;
const HYPHENS = /[-‐‑]/;

/**
 * Splits text into lower-cased words on anything that is not a letter or digit. A hyphenated word
 * gives its parts, each carrying the joined form, so "Wald-brände" can meet "Waldbrand".
 */
export function tokenizeText(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const parts = match[0].split(HYPHENS);
    if (parts.length === 1) tokens.push({ word: match[0] });
    else {
      const joined = parts.join('');
      for (const word of parts) tokens.push({ word, joined });
    }
  }
  return tokens;
}
