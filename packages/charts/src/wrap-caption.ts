/** How many sources the picture names before it says how many more the text lists. */
const MAX_DRAWN_SOURCES = 4;

/**
 * The caption drawn under a chart, as lines that fit its width. The renderer does not measure text
 * in Node, so the line length is estimated from the average width of the font's characters.
 */
export function captionLines(citations: string[], widthPx: number, fontSizePx: number): string[] {
  const perLine = Math.max(30, Math.floor(widthPx / (fontSizePx * 0.58)));
  const drawn = citations.slice(0, MAX_DRAWN_SOURCES);
  const lines = drawn.flatMap((citation, i) =>
    wrap(`${citations.length > 1 ? `[${i + 1}] ` : ''}Source: ${citation}`, perLine),
  );
  const more = citations.length - drawn.length;
  if (more > 0) lines.push(`… and ${more} more source${more === 1 ? '' : 's'}, listed with the chart.`);
  return lines;
}

function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    // A word longer than a line (a URL) is cut rather than allowed to widen the picture.
    for (const piece of word.match(new RegExp(`.{1,${perLine}}`, 'gu')) ?? []) {
      if (line === '') line = piece;
      else if (line.length + 1 + piece.length <= perLine) line = `${line} ${piece}`;
      else {
        lines.push(line);
        line = piece;
      }
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
