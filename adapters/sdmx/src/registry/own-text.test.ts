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
    expect(ownText('')).toBe('');
  });
});
