import { describe, expect, it } from 'vitest';
import { ownText } from './own-text.js';

describe('ownText', () => {
  it('gives back the same text, whatever its characters and length', () => {
    const message = `<x>${'Côte d’Ivoire 科特迪瓦 '.repeat(3)}</x>`;
    for (const [start, end] of [
      [3, 5],
      [3, 20],
      [3, message.length - 4],
    ] as const) {
      const cut = message.slice(start, end);
      expect(ownText(cut)).toBe(cut);
    }
    expect(ownText('x'.repeat(5000))).toBe('x'.repeat(5000));
    // Longer than the buffer copies are made in, one and two bytes per character.
    expect(ownText('x'.repeat(70_000))).toBe('x'.repeat(70_000));
    expect(ownText('é科'.repeat(20_000))).toBe('é科'.repeat(20_000));
    // One copy after another from the same buffer: the first is not overwritten by the second.
    const first = ownText('Côte d’Ivoire, first');
    const second = ownText('Kyrgyz Republic, second');
    expect([first, second]).toEqual(['Côte d’Ivoire, first', 'Kyrgyz Republic, second']);
    expect(ownText('')).toBe('');
  });
});
