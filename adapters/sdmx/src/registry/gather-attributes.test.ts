import { SDMX_FIXTURE_DATA_DIR } from '@opendata-mcp/fixtures';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { recorded } from '../messages/recorded-messages.test-support.js';
import { gatherAttributes } from './gather-attributes.js';
import { localName, XmlAttributes } from './xml-attributes.js';
import { xmlFiles } from './xml-files.test-support.js';

/** Each element's attributes as `name=value` by local name, namespace declarations left out. */
function attributesOf(xml: string, way: 'direct' | 'event' | 'saxes dictionary'): string[] {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const attributes = new XmlAttributes();
  const taken = way === 'saxes dictionary' ? null : gatherAttributes(parser, attributes, way);
  if (taken !== null) expect(taken).toBe(way);
  const out: string[] = [];
  parser.on('opentag', (tag) => {
    const pairs: string[] = [];
    if (taken === null) {
      for (const [name, value] of Object.entries(tag.attributes))
        if (name !== 'xmlns' && !name.startsWith('xmlns:')) pairs.push(`${localName(name)}=${value}`);
    } else
      for (let i = 0; i < attributes.length; i++)
        pairs.push(`${attributes.nameAt(i)}=${attributes.valueAt(i)}`);
    attributes.clear();
    out.push(`${tag.name} ${pairs.join(' ')}`);
  });
  parser.write(xml).close();
  return out;
}

describe('gatherAttributes', () => {
  it('takes the direct way with the saxes this package pins', () => {
    expect(gatherAttributes(new SaxesParser({ xmlns: false }), new XmlAttributes())).toBe('direct');
  });

  it('gives every element of every recorded message the attributes saxes itself gives, either way', () => {
    const files = xmlFiles(SDMX_FIXTURE_DATA_DIR);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const xml = recorded(file).trimStart();
      const own = attributesOf(xml, 'saxes dictionary');
      expect(own.length, file).toBeGreaterThan(3);
      expect(attributesOf(xml, 'direct'), file).toEqual(own);
      expect(attributesOf(xml, 'event'), file).toEqual(own);
    }
  });

  it('refuses an attribute written twice, a namespace declaration too, as saxes does', () => {
    for (const xml of [
      '<a x="1" x="2"/>',
      '<a xmlns:p="u" xmlns:p="v"/>',
      '<a p:x="1" p:x="1"/>',
      // After an element with the same names in the same order, or with more of them.
      '<r><a x="1" y="2"/><a x="1" y="2" x="3"/></r>',
      '<r><a x="1" y="2" z="3"/><a x="1" x="2"/></r>',
      '<r><a x="1" y="2" z="3"/><a x="1" y="2" y="3"/></r>',
    ])
      for (const way of ['direct', 'event'] as const) {
        const parser = new SaxesParser({ xmlns: false });
        gatherAttributes(parser, new XmlAttributes(), way);
        expect(() => parser.write(xml).close(), `${way}: ${xml}`).toThrow(/duplicate attribute/);
      }
    // Names that differ only by prefix are two attributes.
    expect(attributesOf('<a p:x="1" q:x="2"/>', 'direct')).toEqual(['a x=1 x=2']);
  });
});
