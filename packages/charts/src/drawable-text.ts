// Control characters are not text: XML (the SVG a chart becomes) cannot hold most of them, and a
// line break or a tab would only break the line it is drawn on. The line and paragraph separators
// end a string in Vega's expression parser, which reads titles as string literals.
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/gu;

/** Text as it can be drawn: control characters and line separators become spaces, all else stays. */
export function drawableText(text: string): string {
  return text.replace(CONTROL, ' ');
}
