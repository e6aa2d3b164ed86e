import { describe, expect, it } from 'vitest';
import { sparqlNestingDepth } from './nesting-depth.js';

describe('sparqlNestingDepth', () => {
  it('counts braces, parentheses and brackets together', () => {
    expect(sparqlNestingDepth('SELECT * WHERE { ?s ?p ?o }')).toBe(1);
    expect(sparqlNestingDepth('SELECT * WHERE { { ?s ?p [ ?q (1 2) ] } }')).toBe(4);
    expect(sparqlNestingDepth(`SELECT * WHERE ${'{'.repeat(4080)}${'}'.repeat(4080)}`)).toBe(4080);
    expect(sparqlNestingDepth('SELECT * WHERE { } { } { }')).toBe(1);
  });

  it('ignores brackets inside the four string forms, with their escapes', () => {
    expect(sparqlNestingDepth(`SELECT * WHERE { FILTER(?o = "{{{(((") }`)).toBe(2);
    expect(sparqlNestingDepth(`SELECT * WHERE { FILTER(?o = '[[[\\'{{') }`)).toBe(2);
    expect(sparqlNestingDepth(`SELECT * WHERE { FILTER(?o = "a\\"{{{" ) }`)).toBe(2);
    expect(sparqlNestingDepth(`SELECT * WHERE { FILTER(?o = """{{\n"{{""{{""") }`)).toBe(2);
    expect(sparqlNestingDepth(`SELECT * WHERE { FILTER(?o = '''{{\n'(('((''') }`)).toBe(2);
    // The lexer is case-insensitive, so \U and \T escapes end no string early.
    expect(sparqlNestingDepth(`SELECT * WHERE { FILTER(?o = "\\T{{\\U0001F600{{") }`)).toBe(2);
  });

  it('ignores brackets inside IRIs and comments', () => {
    expect(sparqlNestingDepth('SELECT * WHERE { ?s <http://x/a(b[c> ?o }')).toBe(1);
    expect(sparqlNestingDepth('SELECT * WHERE { ?s ?p ?o } # {{{{ ((((\n')).toBe(1);
    expect(sparqlNestingDepth('SELECT * WHERE { ?s ?p ?o } # {{{{\r}')).toBe(1);
    // A hash inside an IRI starts no comment; a brace ends the IRI form, so `<` is less-than there.
    expect(sparqlNestingDepth('SELECT * WHERE { ?s <http://x/#a> [ ?p ?o ] }')).toBe(2);
    expect(sparqlNestingDepth('SELECT * WHERE { ?s <http://x/#{> ?o }')).toBe(1);
  });

  it('reads < as less-than where no IRI can start, so comparisons hide nothing', () => {
    expect(sparqlNestingDepth('SELECT * WHERE { FILTER(?a < ((?b)) && ?c > 1) }')).toBe(4);
    expect(sparqlNestingDepth('SELECT * WHERE { FILTER(?a<(((?b)))) }')).toBe(5);
  });

  it("skips the escaped characters of prefixed names, as sparqljs's lexer does", () => {
    expect(sparqlNestingDepth('SELECT * WHERE { ?s ex:a\\(b ?o }')).toBe(1);
    // An escaped quote or hash in a name starts neither a string nor a comment.
    expect(sparqlNestingDepth("SELECT * WHERE { ?s ex:a\\'b (((?o))) ex:c\\' }")).toBe(4);
    expect(sparqlNestingDepth('SELECT * WHERE { ?s ex:a\\#b [ ?p ?o ] }')).toBe(2);
  });

  it('counts on after a quote that opens no valid string', () => {
    // The lexer stops at such a quote; counting on can only refuse more, never less.
    expect(sparqlNestingDepth('SELECT * WHERE { FILTER(?o = "a\\q((( ) }')).toBe(5);
    expect(sparqlNestingDepth('SELECT * WHERE { FILTER(?o = "{{{\n{{ ) }')).toBe(7);
  });
});
