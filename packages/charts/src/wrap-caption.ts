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

// A long URL breaks after one of these, so each line ends at a part of its path or query.
const BREAK_AFTER = new Set(['/', '?', '&', '=', ',', '.']);

/** Where to break a piece that is full: after its last separator, if that keeps over half of it. */
function breakAt(piece: string): number {
  for (let i = piece.length - 1; i > piece.length / 2; i--) {
    if (BREAK_AFTER.has(piece[i] as string)) return i + 1;
  }
  return piece.length;
}

/**
 * A word wider than a line (a long URL) is cut into pieces rather than allowed to widen the picture,
 * each piece ending at a separator where one is near the end.
 */
function cut(word: string, fits: (line: string) => boolean): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && !fits(piece + char)) {
      const at = breakAt(piece);
      pieces.push(piece.slice(0, at));
      piece = piece.slice(at);
    }
    piece += char;
  }
  return piece === '' ? pieces : [...pieces, piece];
}
