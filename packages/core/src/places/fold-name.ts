import { foldWord } from '../search/fold-word.js';

/**
 * A place name in the form names are compared in: each word folded as the text index folds it
 * (lower case, no diacritics, ß as ss, Cyrillic in Latin letters), anything that is not a letter
 * or digit read as one space.
 */
export function foldName(text: string): string {
  return text
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((word) => word !== '')
    .map(foldWord)
    .join(' ');
}
