import { distance } from 'fastest-levenshtein';

/**
 * The names nearest to one that was not found, for a hint that says what exists instead: names
 * containing it (or contained in it) first, then by edit distance; each name once.
 */
export function nearbyNames(asked: string, names: Iterable<string>, count = 8): string[] {
  const needle = asked.toLowerCase();
  const scored = [...new Set(names)].map((name) => {
    const lower = name.toLowerCase();
    const contains = lower.includes(needle) || needle.includes(lower);
    return { name, score: (contains ? 0 : 1000) + distance(needle, lower) };
  });
  return scored
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, count)
    .map((s) => s.name);
}
