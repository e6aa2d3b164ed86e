// Linking elements between the parts of a German or Dutch compound: Geburt-en-rate, Arbeit-s-markt.
const LINKS = ['', 's', 'es', 'n', 'en', 'e', 'er'];
const MIN_PART = 3;
const MAX_PARTS = 4;
// A part the vocabulary does not know is split off only when both parts are this long.
const MIN_OPEN_PART = 4;

/**
 * Splits a folded word into known words ("geburtenrate" → ["geburt", "rate"]), or returns null
 * when it is not a compound of known words. `known` says whether a piece is a word (or stem) the
 * index holds; the head may carry a linking s/es/n/en/e/er. Longest heads are tried first and the
 * fewest parts win, so a word is not cut into scraps. When no split into known parts exists, a
 * known head or tail of four letters or more is split from the rest.
 */
export function splitCompound(word: string, known: (piece: string) => boolean): string[] | null {
  return splitFrom(word, known, MAX_PARTS, new Map(), false) ?? splitOpenTail(word, known);
}

/**
 * The longest known head and whatever follows it ("geburtenrate" → geburten + rate), else the
 * longest known tail and whatever precedes it ("lärmbelastung" → lärm + belastung), when nothing
 * splits the word into known parts.
 */
function splitOpenTail(word: string, known: (piece: string) => boolean): string[] | null {
  for (let end = word.length - MIN_OPEN_PART; end >= MIN_OPEN_PART; end--) {
    if (known(word.slice(0, end))) return [word.slice(0, end), word.slice(end)];
  }
  for (let start = MIN_OPEN_PART; start <= word.length - MIN_OPEN_PART; start++) {
    if (known(word.slice(start))) return [word.slice(0, start), word.slice(start)];
  }
  return null;
}

function splitFrom(
  rest: string,
  known: (piece: string) => boolean,
  partsLeft: number,
  memo: Map<string, string[] | null>,
  wholeCounts = true,
): string[] | null {
  const key = `${partsLeft}:${rest}`;
  const cached = wholeCounts ? memo.get(key) : undefined;
  if (cached !== undefined) return cached;
  let best: string[] | null = wholeCounts && rest.length >= MIN_PART && known(rest) ? [rest] : null;
  if (partsLeft > 1 && (!best || best.length > 1)) {
    for (let end = rest.length - MIN_PART; end >= MIN_PART; end--) {
      const head = rest.slice(0, end);
      if (!known(head)) continue;
      for (const link of LINKS) {
        const tailStart = end + link.length;
        if (rest.slice(end, tailStart) !== link || rest.length - tailStart < MIN_PART) continue;
        const tail = splitFrom(rest.slice(tailStart), known, partsLeft - 1, memo);
        if (tail && (!best || tail.length + 1 < best.length)) best = [head, ...tail];
      }
      if (best?.length === 2) break;
    }
  }
  if (wholeCounts) memo.set(key, best);
  return best;
}
