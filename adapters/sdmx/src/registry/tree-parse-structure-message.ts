import { OpenDataError } from '@opendata-mcp/core';
import {
  parseCode,
  parseCodelist,
  parseConcepts,
  parseDataflow,
  parseDataStructure,
} from './parse-artefacts.js';
import { parseCategorisation, parseCategoryScheme } from './parse-categories.js';
import { parseConstraint } from './parse-constraint.js';
import { parseHierarchicalCodelist, parseHierarchy } from './parse-hierarchies.js';
import type { StructureMessage } from './structure-types.js';
import { sdmxXmlParser } from './tree-sdmx-xml-parser.js';
import { list, type Node, textOf } from './xml-nodes.js';

/**
 * Parses an SDMX-ML structure message, 2.1 or 3.0 (the version is read from the message's
 * namespace); anything else (an HTML page, a cut-off body) is an upstream error.
 */
export function treeParseStructureMessage(xml: string): StructureMessage {
  let root: Node;
  try {
    root = sdmxXmlParser().parse(xml, true);
  } catch {
    throw notStructure();
  }
  const message = root?.Structure;
  if (!message || typeof message !== 'object' || !message.Header) throw notStructure();
  const v3 = /schemas\/v3_\d\/message/.test(xml.slice(0, 4096));
  const structures = message.Structures ?? {};
  const constraints = [
    ...list(structures.Constraints?.ContentConstraint),
    ...list(structures.DataConstraints?.DataConstraint),
    ...list(structures.Constraints?.DataConstraint),
  ];
  return {
    format: v3 ? 'sdmx-ml-3.0' : 'sdmx-ml-2.1',
    prepared: textOf(message.Header.Prepared),
    dataflows: list(structures.Dataflows?.Dataflow).map(parseDataflow),
    codelists: list(structures.Codelists?.Codelist).map((n: Node) =>
      parseCodelist(n, list(n.Code).map(parseCode)),
    ),
    concepts: list(structures.Concepts?.ConceptScheme).flatMap(parseConcepts),
    dataStructures: list(structures.DataStructures?.DataStructure).map(parseDataStructure),
    constraints: constraints.map(parseConstraint),
    categorySchemes: list(structures.CategorySchemes?.CategoryScheme).map(parseCategoryScheme),
    categorisations: list(structures.Categorisations?.Categorisation).map(parseCategorisation),
    hierarchies: [
      ...list(structures.HierarchicalCodelists?.HierarchicalCodelist).flatMap(parseHierarchicalCodelist),
      ...list(structures.Hierarchies?.Hierarchy).map(parseHierarchy),
    ],
  };
}

function notStructure(): OpenDataError {
  return new OpenDataError(
    'upstream_error',
    'The registry sent an answer that is not an SDMX-ML structure message.',
    {
      hint: 'The answer was cut off or replaced by an error page; try again or check api_status.',
    },
  );
}
