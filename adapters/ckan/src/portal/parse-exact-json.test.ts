import { isLosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { parseExactJson } from './parse-exact-json.js';

describe('parseExactJson', () => {
  it('keeps the digits of numbers a double would change, and gives plain numbers otherwise', () => {
    const value = parseExactJson(
      '{"a": 9007199254740995, "b": 9007199254740991, "c": 0.1000000000000000055, "d": 1.5, "e": 1e400, "f": "x"}',
    ) as Record<string, unknown>;
    expect(isLosslessNumber(value.a) && value.a.toString()).toBe('9007199254740995');
    expect(value.b).toBe(9007199254740991);
    expect(isLosslessNumber(value.c) && value.c.toString()).toBe('0.1000000000000000055');
    expect(value.d).toBe(1.5);
    expect(isLosslessNumber(value.e)).toBe(true);
    expect(value.f).toBe('x');
  });

  it('parses text without long numbers as JSON.parse does', () => {
    const text = '{"records": [{"_id": 1, "amount": -12.25, "when": "2019-06-05T11:19:31"}], "total": 1}';
    expect(parseExactJson(text)).toEqual(JSON.parse(text));
  });
});
