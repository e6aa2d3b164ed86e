import { isOpenDataError } from '@opendata-mcp/core';
import { fuzzParameters, fuzzTimeout } from '@opendata-mcp/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundRows, MAX_CELL_CHARS } from '../engine/bound-answer.js';

// Text around the cut length, emoji included (a cut must not split a surrogate pair).
const text = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.string({ unit: 'grapheme', minLength: MAX_CELL_CHARS - 5, maxLength: MAX_CELL_CHARS + 5 }),
  fc.nat({ max: 1_500 }).map((n) => '😀x'.repeat(n)),
);
const cell = fc.oneof(
  text,
  fc.integer(),
  fc.constant(null),
  fc.array(text, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), text, { maxKeys: 3 }),
);
const table = fc
  .integer({ min: 1, max: 4 })
  .chain((width) => fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 12 }));

/** A value as the answer measures it: text itself, a nested value as its JSON text. */
const asText = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : value;

// A cut that split a surrogate pair would end on its first half.
const SPLIT_PAIR = /[\uD800-\uDBFF]$/;

describe('answers held to a byte budget under generated rows', () => {
  it(
    'either refuses with resource_too_large or gives rows within the budget, no value past the cut',
    () => {
      fc.assert(
        fc.property(table, fc.integer({ min: 2, max: 200_000 }), (rows, maxBytes) => {
          const columns = (rows[0] ?? []).map((_, i) => ({ name: `c${i}`, type: 'VARCHAR' }));
          const before = structuredClone(rows);
          let bounded: ReturnType<typeof boundRows>;
          try {
            bounded = boundRows(rows, columns, { maxBytes });
          } catch (error) {
            expect(isOpenDataError(error) && error.code).toBe('resource_too_large');
            return;
          }
          expect(Buffer.byteLength(JSON.stringify(bounded.rows))).toBeLessThanOrEqual(maxBytes);
          const cutColumns = new Set<number>();
          for (const [r, row] of bounded.rows.entries()) {
            for (const [c, value] of row.entries()) {
              const original = before[r]?.[c];
              const full = asText(original);
              if (typeof full !== 'string' || full.length <= MAX_CELL_CHARS) {
                expect(value).toEqual(original);
                continue;
              }
              cutColumns.add(c);
              expect(typeof value).toBe('string');
              expect(full.startsWith(value as string)).toBe(true);
              expect((value as string).length).toBeGreaterThanOrEqual(MAX_CELL_CHARS - 1);
              expect(SPLIT_PAIR.test(value as string)).toBe(false);
            }
          }
          expect(bounded.notes).toHaveLength(cutColumns.size);
        }),
        fuzzParameters(100),
      );
    },
    fuzzTimeout(60_000),
  );
});
