import { drawableText } from './drawable-text.js';

/**
 * Longest label (category, series name) drawn, in characters. The axis shows about 30 of them and
 * the legend about 25; 100 keep a long name recognisable in the tooltip and the alt text, while the
 * layout, which measures every label in the chart font, stays cheap at the 5,000-point cap.
 */
export const MAX_LABEL_CHARS = 100;

/**
 * Puts labels in a drawable form: control characters become spaces, and labels over
 * MAX_LABEL_CHARS characters are cut with an ellipsis. Two labels that would read the same then
 * get a number, so distinct categories are never merged into one bar.
 */
export class LabelCutter {
  private readonly drawn = new Map<string, string>();
  private readonly taken = new Set<string>();
  /** The next number to try for a drawn form, so thousands of labels alike are numbered in linear time. */
  private readonly nextNumber = new Map<string, number>();
  /** How many distinct labels were cut. */
  cutCount = 0;

  cut(label: string): string {
    const known = this.drawn.get(label);
    if (known !== undefined) return known;
    const chars = headChars(label, MAX_LABEL_CHARS + 1);
    if (chars.length > MAX_LABEL_CHARS) this.cutCount += 1;
    const plain = fitted(chars, '');
    let drawn = plain;
    let n = this.nextNumber.get(plain) ?? 2;
    for (; this.taken.has(drawn); n++) drawn = fitted(chars, ` (${n})`);
    this.nextNumber.set(plain, n);
    this.drawn.set(label, drawn);
    this.taken.add(drawn);
    return drawn;
  }
}

/**
 * The first `count` characters (code points) of a text, control characters as spaces, read no
 * further than that: a code point takes at most two UTF-16 units.
 */
function headChars(text: string, count: number): string[] {
  return Array.from(drawableText(text.slice(0, 2 * count))).slice(0, count);
}

function fitted(chars: string[], tail: string): string {
  if (chars.length + tail.length <= MAX_LABEL_CHARS) return chars.join('') + tail;
  return `${chars.slice(0, MAX_LABEL_CHARS - tail.length - 1).join('')}…${tail}`;
}
