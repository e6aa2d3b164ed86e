import { createRequire } from 'node:module';
import type { XMLParser } from 'fast-xml-parser';

// Elements that may repeat; listing them keeps a one-item list from turning into an object.
const REPEATED = new Set([
  'Dataflow',
  'Name',
  'Description',
  'Codelist',
  'Code',
  'ConceptScheme',
  'Concept',
  'DataStructure',
  'Dimension',
  'Attribute',
  'Measure',
  'ConceptRole',
  'ContentConstraint',
  'DataConstraint',
  'DataKeySet',
  'Key',
  'KeyValue',
  'Value',
  'CubeRegion',
  'Annotation',
  'CategoryScheme',
  'Category',
  'Categorisation',
  'HierarchicalCodelist',
  'Hierarchy',
  'HierarchicalCode',
  'IncludedCodelist',
]);

const require = createRequire(import.meta.url);
let parser: XMLParser | undefined;

/**
 * The XML parser for structure messages, built on first use rather than at server start.
 * Namespace prefixes are dropped, so SDMX-ML 2.1 and 3.0 elements read alike; values stay text.
 */
export function sdmxXmlParser(): XMLParser {
  if (!parser) {
    const { XMLParser } = require('fast-xml-parser') as typeof import('fast-xml-parser');
    parser = new XMLParser({
      removeNSPrefix: true,
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseTagValue: false,
      parseAttributeValue: false,
      isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
    });
  }
  return parser;
}
