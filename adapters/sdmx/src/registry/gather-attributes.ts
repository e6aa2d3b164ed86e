import type { SaxesParser } from 'saxes';
import type { XmlAttributes } from './xml-attributes.js';

/** The two steps saxes 6 takes with each attribute in its non-namespace mode (instance fields, not its public API). */
interface AttributeSteps {
  pushAttrib?: unknown;
  processAttribs?: unknown;
}

/**
 * Has the parser hand each attribute of an element to `attributes` as it reads it. Saxes also
 * builds a dictionary per element (a shapeless object, slow to fill and slower to walk) which no
 * reader here uses: a third of a bare pass over a data message. Where the parser has the two
 * steps that gather and then fill it (saxes 6, pinned), they are replaced by one that fills the
 * list alone and still refuses an attribute written twice, as saxes does; anywhere else the
 * public `attribute` event feeds the list and the dictionary is built as before. Both ways give
 * the same attributes, which a test holds for every recorded message. `way` 'event' asks for the
 * public event even where the direct way is open. Returns the way taken.
 */
export function gatherAttributes(
  parser: SaxesParser,
  attributes: XmlAttributes,
  way: 'direct' | 'event' = 'direct',
): 'direct' | 'event' {
  const steps = parser as unknown as AttributeSteps;
  if (
    way === 'direct' &&
    typeof steps.pushAttrib === 'function' &&
    typeof steps.processAttribs === 'function'
  ) {
    steps.pushAttrib = (name: string, value: string) => {
      if (!attributes.add(name, value)) parser.fail(`duplicate attribute: ${name}.`);
    };
    steps.processAttribs = () => {};
    return 'direct';
  }
  parser.on('attribute', ({ name, value }) => {
    attributes.add(name, value);
  });
  return 'event';
}
