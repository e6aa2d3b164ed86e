/** A CKAN text field that some portals store per language ({"de": …, "fr": …}); read in the preferred order. */
export function localizedText(value: unknown, languages: string[]): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value !== 'object' || value === null) return null;
  const byLanguage = value as Record<string, unknown>;
  for (const language of [...languages, ...Object.keys(byLanguage)]) {
    const text = byLanguage[language];
    if (typeof text === 'string' && text.trim()) return text.trim();
  }
  return null;
}

/** Plain text of a description: markup and Markdown links removed, whitespace collapsed, cut at `max`. */
export function shortText(value: string | null, max: number): string | null {
  if (!value) return null;
  const plain = value
    .replace(/<[^>]+>/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_#`>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain || null;
}
