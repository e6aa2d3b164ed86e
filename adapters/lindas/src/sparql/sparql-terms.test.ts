import { isOpenDataError } from '@opendata-mcp/core';
import { describe, expect, it } from 'vitest';
import { iri, literal } from './sparql-terms.js';

describe('SPARQL term builder', () => {
  it('escapes quotes, backslashes and line breaks in literals and drops other controls', () => {
    expect(literal('a"b\\c\nd\u0000e')).toBe('"a\\"b\\\\c\\nde"');
    expect(literal('x" } ; DROP ALL #')).toBe('"x\\" } ; DROP ALL #"');
    expect(literal('4.5', { datatype: 'http://www.w3.org/2001/XMLSchema#decimal' })).toBe(
      '"4.5"^^<http://www.w3.org/2001/XMLSchema#decimal>',
    );
  });

  it.each([
    'https://x.org/a> } DROP ALL #',
    'https://x.org/a b',
    'https://x.org/{x}',
    'ftp://x.org/file',
    'file:///etc/passwd',
    'not an iri',
    `https://x.org/${'a'.repeat(2001)}`,
  ])('refuses %s as an IRI with invalid_input', (value) => {
    try {
      iri(value);
      expect.unreachable();
    } catch (error) {
      expect(isOpenDataError(error) && error.code).toBe('invalid_input');
    }
  });

  it('passes a clean IRI through unchanged', () => {
    expect(iri('https://environment.ld.admin.ch/foen/ubd003701/6')).toBe(
      '<https://environment.ld.admin.ch/foen/ubd003701/6>',
    );
  });
});
