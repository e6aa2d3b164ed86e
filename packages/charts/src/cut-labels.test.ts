import { describe, expect, it } from 'vitest';
import { LabelCutter, MAX_LABEL_CHARS } from './cut-labels.js';

describe('LabelCutter', () => {
  it('keeps short labels as they are and cuts long ones to the limit with an ellipsis', () => {
    const labels = new LabelCutter();
    expect(labels.cut('Brazil')).toBe('Brazil');
    const long = `${'a'.repeat(150)}z`;
    const cut = labels.cut(long);
    expect(Array.from(cut)).toHaveLength(MAX_LABEL_CHARS);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.startsWith('a'.repeat(MAX_LABEL_CHARS - 1))).toBe(true);
    expect(labels.cut('x'.repeat(MAX_LABEL_CHARS))).toBe('x'.repeat(MAX_LABEL_CHARS));
    expect(labels.cutCount).toBe(1);
  });

  it('gives the same label the same cut, and distinct labels distinct cuts, numbered when alike', () => {
    const labels = new LabelCutter();
    const base = 'x'.repeat(4_000);
    const cuts = Array.from({ length: 5_000 }, (_, i) => labels.cut(`${base}${i}`));
    expect(new Set(cuts).size).toBe(5_000);
    expect(labels.cut(`${base}0`)).toBe(cuts[0]);
    expect(cuts[1]).toMatch(/… \(2\)$/);
    expect(cuts[4_999]).toMatch(/… \(5000\)$/);
    for (const cut of cuts) expect(Array.from(cut).length).toBeLessThanOrEqual(MAX_LABEL_CHARS);
    expect(labels.cutCount).toBe(5_000);
  });

  it('numbers a label that reads like the cut of another', () => {
    const labels = new LabelCutter();
    const cut = labels.cut('y'.repeat(200));
    expect(labels.cut(cut)).toBe(`${'y'.repeat(MAX_LABEL_CHARS - 5)}… (2)`);
  });

  it('turns control characters into spaces, and keeps labels apart that only they told apart', () => {
    const labels = new LabelCutter();
    expect(labels.cut('a\u0000b\nc\u007f')).toBe('a b c ');
    expect(labels.cut('a b c ')).toBe('a b c  (2)');
  });

  it('cuts between characters, never inside one', () => {
    const labels = new LabelCutter();
    const cut = labels.cut('😀'.repeat(300));
    expect(cut).toBe(`${'😀'.repeat(MAX_LABEL_CHARS - 1)}…`);
    // No lone half of a surrogate pair.
    expect(cut).not.toMatch(/[\ud800-\udfff]/u);
  });
});
