import { type Font, openSync } from 'fontkit';
import { chartFontFiles } from './chart-font.js';

let fonts: { regular: Font; bold: Font } | undefined;

function loadFonts(): { regular: Font; bold: Font } {
  if (!fonts) {
    const [regular, bold] = chartFontFiles().map((file) => openSync(file) as Font);
    fonts = { regular: regular!, bold: bold! };
  }
  return fonts;
}

/** The width in pixels of a line of text set in the chart font, from the font's own advance widths. */
export function textWidth(text: string, fontSizePx: number, bold = false): number {
  if (text === '' || fontSizePx <= 0) return 0;
  const font = bold ? loadFonts().bold : loadFonts().regular;
  return (font.layout(text).advanceWidth / font.unitsPerEm) * fontSizePx;
}

/** The parts of a Vega text item the width depends on. */
interface TextItem {
  fontSize?: number | string | null;
  fontWeight?: string | number | null;
  limit?: number | null;
}

/**
 * Replaces Vega's text measurement in Node. Without a canvas Vega guesses 0.8 em per character, much
 * wider than the chart font, so legends drift away from the plot and long captions widen the picture.
 * Measuring with the same font the renderer draws with lays text out where it will be.
 */
export function measureVegaText(item: TextItem, text: unknown): number {
  const value = text === null || text === undefined ? '' : String(text).trim();
  const size = item.fontSize === null || item.fontSize === undefined ? 11 : Number(item.fontSize) || 0;
  const weight = item.fontWeight;
  const bold = weight === 'bold' || weight === 'bolder' || (Number(weight) || 0) >= 600;
  const width = textWidth(value, size, bold);
  // Vega cuts text past its limit with an ellipsis; the cut text is no wider than the limit.
  const limit = Number(item.limit) || 0;
  return limit > 0 ? Math.min(width, limit) : width;
}
