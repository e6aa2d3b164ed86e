import type { LocalText } from './structure-types.js';

/** The text in the preferred language, else English, else the first given; null when there is none. */
export function pickText(texts: LocalText[], language: string): string | null {
  const hit =
    texts.find((t) => t.lang === language) ?? texts.find((t) => t.lang === 'en') ?? texts[0] ?? undefined;
  return hit?.value ?? null;
}
