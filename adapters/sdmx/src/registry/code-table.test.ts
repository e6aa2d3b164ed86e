import { describe, expect, it } from 'vitest';
import { bufferBytes, withCodeTable } from './code-table.js';
import { CodeTableBuilder } from './code-table-builder.js';
import type { CodeInfo } from './structure-types.js';

/** The table of `codes`, made through the builder as the structure reader makes it. */
function tableOf(codes: CodeInfo[], builder = new CodeTableBuilder()) {
  for (const code of codes) {
    builder.startCode(code.id);
    for (const name of code.names) builder.addName(name.lang, name.value);
    builder.endCode(code.parent);
  }
  return builder.finish();
}

/**
 * Codes of every shape: names in several languages or none, a parent or none, ids of any length,
 * characters of one to four bytes in UTF-8.
 */
function sampleCodes(count: number): CodeInfo[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i % 7 === 0 ? `A_LONG_CODE_IDENTIFIER_${i}` : `C${i}`,
    names:
      i % 5 === 0
        ? []
        : [
            { lang: 'en', value: `Name of code ${i}, written out at some length` },
            ...(i % 2 === 0 ? [{ lang: 'uk', value: `Назва коду ${i}` }] : []),
            ...(i % 3 === 0 ? [{ lang: '', value: 'x' }] : []),
            // Beyond the basic plane: two UTF-16 units, four bytes of UTF-8.
            ...(i % 13 === 0 ? [{ lang: 'zh', value: `代码 ${i} 🌍 𠀀` }] : []),
          ],
    parent: i % 4 === 0 ? null : `C${i - 1}`,
  }));
}

describe('CodeTable', () => {
  it('gives back every code as written, across the chunks a long list is copied in', () => {
    // About 70 characters a code: 3,000 codes run over many 16k-character chunks.
    const codes = sampleCodes(3_000);
    const table = tableOf(codes);
    expect(table.size).toBe(3_000);
    expect(table.all()).toEqual(codes);
    expect(table.code(2_999)).toEqual(codes[2_999]);
  });

  it('reads a lone surrogate back as U+FFFD, and every piece after it as written', () => {
    const table = tableOf([
      { id: 'A', names: [{ lang: 'en', value: 'bad \uD800 name' }], parent: null },
      { id: 'B', names: [{ lang: 'en', value: 'good name' }], parent: 'A' },
    ]);
    expect(table.all()).toEqual([
      { id: 'A', names: [{ lang: 'en', value: 'bad \uFFFD name' }], parent: null },
      { id: 'B', names: [{ lang: 'en', value: 'good name' }], parent: 'A' },
    ]);
  });

  it('reads an empty list, and a list of one code with neither name nor parent', () => {
    expect(tableOf([]).all()).toEqual([]);
    expect(tableOf([{ id: 'ONLY', names: [], parent: null }]).all()).toEqual([
      { id: 'ONLY', names: [], parent: null },
    ]);
  });

  it('starts each list afresh when the builder is reused', () => {
    const builder = new CodeTableBuilder();
    const first = tableOf(sampleCodes(40), builder);
    const second = tableOf([{ id: 'B', names: [{ lang: 'fr', value: 'Bé' }], parent: 'A' }], builder);
    expect(first.all()).toEqual(sampleCodes(40));
    expect(second.all()).toEqual([{ id: 'B', names: [{ lang: 'fr', value: 'Bé' }], parent: 'A' }]);
  });
});

describe('column widths', () => {
  it('keeps each column as narrow as its largest value allows', () => {
    // 10 codes, 20 pieces in 2 languages, one chunk of 100 bytes: every column one byte a value.
    const counts = { chunks: 1, codes: 10, pieces: 20, textBytes: 100, languages: 2, longestChunk: 100 };
    expect(bufferBytes(counts)).toBe(100 + 1 + 10 + 11 + 20 + 20 + 10);
    // Past 255 and 65,535 a column takes two bytes, then four.
    const wider = { ...counts, textBytes: 70_000, languages: 300, longestChunk: 300 };
    expect(bufferBytes(wider)).toBe(70_000 + 4 * 1 + 10 + 11 + 2 * 20 + 2 * 20 + 10);
  });

  it('widens a column just where its values need it, and reads every value back', () => {
    // Over 255 languages: each name's language takes two bytes.
    const manyLanguages: CodeInfo[] = Array.from({ length: 300 }, (_, i) => ({
      id: `L${i}`,
      names: [{ lang: `x-l${i}`, value: `name ${i}` }],
      parent: null,
    }));
    expect(tableOf(manyLanguages).all()).toEqual(manyLanguages);

    // A name of 70,000 characters: its end in its chunk takes four bytes.
    const longName: CodeInfo[] = [
      { id: 'A', names: [{ lang: 'en', value: 'é'.repeat(70_000) }], parent: null },
      { id: 'B', names: [{ lang: 'en', value: 'after it' }], parent: 'A' },
    ];
    expect(tableOf(longName).all()).toEqual(longName);

    // Over 65,535 pieces and codes: where each code's pieces start takes four bytes.
    const manyCodes: CodeInfo[] = Array.from({ length: 70_000 }, (_, i) => ({
      id: `${i}`,
      names: [],
      parent: null,
    }));
    const table = tableOf(manyCodes);
    expect(table.size).toBe(70_000);
    expect(table.code(0)).toEqual(manyCodes[0]);
    expect(table.code(65_536)).toEqual(manyCodes[65_536]);
    expect(table.all()).toEqual(manyCodes);
  });
});

describe('withCodeTable', () => {
  const list = () =>
    withCodeTable({ agency: 'A', id: 'CL', version: '1.0', names: [] }, tableOf(sampleCodes(12)));

  it('makes the codes once, when first read, and serialises and spreads them as a plain list', () => {
    const codelist = list();
    const codes = codelist.codes;
    expect(codes).toEqual(sampleCodes(12));
    expect(codelist.codes).toBe(codes);
    expect(JSON.parse(JSON.stringify(codelist))).toEqual({
      agency: 'A',
      id: 'CL',
      version: '1.0',
      names: [],
      codes: sampleCodes(12),
    });
    expect({ ...codelist }.codes).toBe(codes);
    // What holds the table stays out of sight: not spread, not serialised, not a key.
    expect(Object.getOwnPropertySymbols({ ...codelist })).toEqual([]);
    expect(Object.keys(codelist)).toEqual(['agency', 'id', 'version', 'names', 'codes']);
  });

  it('takes codes written over it, as a plain list would', () => {
    const codelist = list();
    codelist.codes = [{ id: 'X', names: [], parent: null }];
    expect(codelist.codes).toEqual([{ id: 'X', names: [], parent: null }]);
  });
});
