import { createRequire } from 'node:module';
import type { XMLParser } from 'fast-xml-parser';

// Elements of data messages that repeat; a one-item list must stay a list.
const REPEATED = new Set(['DataSet', 'Series', 'Group', 'Obs', 'Value', 'Comp', 'Text']);

const require = createRequire(import.meta.url);
let parser: XMLParser | undefined;

/**
 * The XML parser for SDMX-ML data messages (the library the structure parser uses, set up for
 * data): namespace prefixes dropped, every attribute of an element grouped under `$`, values
 * kept as the text published.
 */
export function dataXmlParser(): XMLParser {
  if (!parser) {
    const { XMLParser } = require('fast-xml-parser') as typeof import('fast-xml-parser');
    parser = new XMLParser({
      removeNSPrefix: true,
      ignoreAttributes: false,
      attributeNamePrefix: '',
      attributesGroupName: '$',
      parseTagValue: false,
      parseAttributeValue: false,
      ignoreDeclaration: true,
      isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
    });
  }
  return parser;
}
