import { textWidth } from './text-width.js';

/** How many sources the picture names before it says how many more the text lists. */
const MAX_DRAWN_SOURCES = 4;

/** The caption drawn under a chart, as lines measured in the chart font to fit its width. */
export function captionLines(citations: string[], widthPx: number, fontSizePx: number): string[] {
  const fits = (line: string) => textWidth(line, fontSizePx) <= widthPx;
  const drawn = citations.slice(0, MAX_DRAWN_SOURCES);
  const lines = drawn.flatMap((citation, i) =>
    wrap(`${citations.length > 1 ? `[${i + 1}] ` : ''}Source: ${citation}`, fits),
  );
  const more = citations.length - drawn.length;
  if (more > 0) lines.push(`… and ${more} more source${more === 1 ? '' : 's'}, listed with the chart.`);
  return lines;
}

function wrap(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).flatMap((w) => cut(w, fits))) {
    const longer = line === '' ? word : `${line} ${word}`;
    if (fits(longer)) line = longer;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** A word wider than a line (a long URL) is cut into pieces rather than allowed to widen the picture. */
function cut(word: string, fits: (line: string) => boolean): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && !fits(piece + char)) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  return piece === '' ? pieces : [...pieces, piece];
}
