import { describe, expect, it } from 'vitest';
import { FLAT_CHARS, flatCopy, ownText } from './own-text.js';

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

describe('flatCopy', () => {
  it('copies any stretch of a message exactly, up to FLAT_CHARS, whatever its characters', () => {
    // Latin-1 alone, beyond it, a pair split at the edge of a copy, and a lone surrogate (which the
    // parser lets through in text) are each copied unit for unit.
    const message = `<x>${'Côte d’Ivoire 科特迪瓦 \u{1F30D} \uD800 plain ascii '.repeat(2000)}</x>`;
    for (const [start, end] of [
      [0, 0],
      [3, 16],
      [3, 3 + FLAT_CHARS],
      [0, FLAT_CHARS],
      [message.indexOf('\u{1F30D}') + 1, message.indexOf('\u{1F30D}') + 40],
      [message.indexOf('plain'), message.indexOf('plain') + 11],
    ] as const)
      expect(flatCopy(message, start, end)).toBe(message.slice(start, end));
    // One copy after another: the first is not overwritten by the second.
    const [first, second] = [flatCopy(message, 3, 40), flatCopy(message, 50, 90)];
    expect([first, second]).toEqual([message.slice(3, 40), message.slice(50, 90)]);
  });
});
