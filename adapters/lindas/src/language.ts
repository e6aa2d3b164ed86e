/** The national languages plus English, in the fallback order LINDAS labels are read. */
export const LANGUAGES = ['de', 'fr', 'it', 'en', 'rm'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The languages cube names and descriptions are mostly written in (Romansh names are rare). */
export const METADATA_LANGUAGES: readonly Language[] = ['de', 'fr', 'it', 'en'];

export interface LangLiteral {
  value: string;
  /** Language tag; '' for an untagged literal. */
  lang: string;
}

/** The preferred language first, then the fixed fallback order; '' (untagged) last. */
export function languageOrder(preferred: Language): string[] {
  return [preferred, ...LANGUAGES.filter((l) => l !== preferred), ''];
}

/** Empty strings and the lone "@" some exports carry are placeholders, not labels. */
export function isPlaceholder(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === '' || trimmed === '@';
}

/** The best label for the preferred language, or null when only placeholders exist. */
export function pickLabel(candidates: LangLiteral[], preferred: Language): LangLiteral | null {
  const usable = candidates.filter((c) => !isPlaceholder(c.value));
  for (const lang of languageOrder(preferred)) {
    const hit = usable.find((c) => primary(c.lang) === lang);
    if (hit) return hit;
  }
  return usable[0] ?? null;
}

function primary(tag: string): string {
  return tag.toLowerCase().split('-')[0] ?? '';
}

/**
 * SPARQL that binds `?<out>` to the best `schema:name` of `?<subject>` in the same fallback
 * order as `pickLabel`, inside the query: one OPTIONAL per language, then COALESCE.
 */
export function labelPattern(subject: string, out: string, preferred: Language): string {
  const parts = languageOrder(preferred).map((lang, i) => {
    const v = `?${out}_${i}`;
    const langTest = lang === '' ? `LANG(${v}) = ""` : `LANGMATCHES(LANG(${v}), "${lang}")`;
    return `OPTIONAL { ?${subject} schema:name ${v} FILTER(${langTest} && STR(${v}) NOT IN ("", "@")) }`;
  });
  const vars = languageOrder(preferred).map((_, i) => `?${out}_${i}`);
  return `${parts.join('\n')}\nBIND(COALESCE(${vars.join(', ')}) AS ?${out})`;
}
