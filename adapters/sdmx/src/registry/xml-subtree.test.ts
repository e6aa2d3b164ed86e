import { describe, expect, it } from 'vitest';
import { XmlAttributes } from './xml-attributes.js';
import { XmlSubtree } from './xml-subtree.js';

function attributes(pairs: Record<string, string> = {}): XmlAttributes {
  const list = new XmlAttributes();
  list.clear();
  for (const [name, value] of Object.entries(pairs)) list.add(name, value);
  return list;
}

describe('XmlSubtree', () => {
  it('keeps a text element whole when the parser hands it over in pieces, white space ones too', () => {
    const tree = new XmlSubtree();
    tree.open('Name', attributes());
    for (const piece of ['Switzerland', ' ', '&', ' ', 'Liechtenstein']) tree.text(piece);
    expect(tree.close()).toBe('Switzerland & Liechtenstein');
  });

  it('leaves out the white space between child elements, and keeps other text beside them', () => {
    const tree = new XmlSubtree();
    tree.open('Codelist', attributes({ id: 'CL_AREA' }));
    tree.text('\n  ');
    tree.open('Name', attributes({ 'xml:lang': 'en' }));
    tree.text('Areas');
    tree.close();
    tree.text('\n  ');
    tree.childReadElsewhere();
    tree.text('\n\t\r\n');
    tree.text(' note ');
    expect(tree.close()).toEqual({
      id: 'CL_AREA',
      Name: [{ lang: 'en', '#text': 'Areas' }],
      '#text': 'note',
    });
  });

  it('counts a child read by another reader as a child: the element is an object, not its text', () => {
    const tree = new XmlSubtree();
    tree.open('Codelist', attributes());
    tree.childReadElsewhere();
    expect(tree.close()).toEqual({});
    expect(tree.depth).toBe(0);
  });
});
