import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { exactRecords } from './exact-records.js';

const big = (digits: string) => new LosslessNumber(digits);

describe('exactRecords', () => {
  it('hands numbers past a double as their digits, and JSON values as text with their numbers as written', () => {
    const { records } = exactRecords(
      [
        { id: 'n', type: 'int8' },
        { id: 'j', type: 'json' },
      ],
      [{ n: big('9007199254740995'), j: { deep: [big('12345678901234567890'), 'x'] } }],
    );
    expect(records).toEqual([{ n: '9007199254740995', j: '{"deep":[12345678901234567890,"x"]}' }]);
  });

  it('loads a numeric column as BIGINT only when every value is an integer that fits, as text otherwise', () => {
    const { fields, notes } = exactRecords(
      [
        { id: 'ints', type: 'numeric' },
        { id: 'huge', type: 'numeric' },
        { id: 'mixed', type: 'numeric' },
        { id: 'plain', type: 'numeric' },
      ],
      [
        {
          ints: big('9007199254740995'),
          huge: big('99999999999999999999'),
          mixed: big('9007199254740995'),
          plain: 1.5,
        },
        { ints: -4, huge: 1, mixed: 0.5, plain: null },
        { ints: null, huge: null, mixed: null, plain: 2 },
      ],
    );
    expect(fields.map((field) => field.type)).toEqual(['int8', 'text', 'text', 'numeric']);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^Column "huge" holds numbers with more digits than a double keeps/);
  });
});
