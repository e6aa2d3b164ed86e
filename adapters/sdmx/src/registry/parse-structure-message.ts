import { OpenDataError } from '@opendata-mcp/core';
import { CodeReader } from './code-reader.js';
import { feedXml } from './feed-xml.js';
import { parseCodelist, parseConcepts, parseDataflow, parseDataStructure } from './parse-artefacts.js';
import { parseCategorisation, parseCategoryScheme } from './parse-categories.js';
import { parseConstraint } from './parse-constraint.js';
import { parseHierarchicalCodelist, parseHierarchy } from './parse-hierarchies.js';
import { isSdmxMl3 } from './sdmx-ml-version.js';
import type {
  CategorisationInfo,
  CategorySchemeInfo,
  CodeInfo,
  CodelistInfo,
  ConceptInfo,
  ConstraintInfo,
  DataflowInfo,
  DataStructureInfo,
  HierarchyInfo,
  StructureMessage,
} from './structure-types.js';
import { type Node, textOf } from './xml-nodes.js';
import { XmlSubtree } from './xml-subtree.js';

interface Kept {
  dataflows: DataflowInfo[];
  codelists: CodelistInfo[];
  concepts: ConceptInfo[];
  dataStructures: DataStructureInfo[];
  categorySchemes: CategorySchemeInfo[];
  categorisations: CategorisationInfo[];
  // Kept apart so each kind lists in a fixed order: 2.1 constraints first, then 3.0's.
  contentConstraints: ConstraintInfo[];
  dataConstraints: ConstraintInfo[];
  constraintsDataConstraints: ConstraintInfo[];
  hclHierarchies: HierarchyInfo[];
  hierarchies: HierarchyInfo[];
}

/** What each artefact becomes, by `Container/Artefact` under `Structures`; others are skipped unread. */
const READERS: Record<string, (kept: Kept, node: Node) => void> = {
  'Dataflows/Dataflow': (k, n) => k.dataflows.push(parseDataflow(n)),
  'Concepts/ConceptScheme': (k, n) => {
    for (const concept of parseConcepts(n)) k.concepts.push(concept);
  },
  'DataStructures/DataStructure': (k, n) => k.dataStructures.push(parseDataStructure(n)),
  'Constraints/ContentConstraint': (k, n) => k.contentConstraints.push(parseConstraint(n)),
  'DataConstraints/DataConstraint': (k, n) => k.dataConstraints.push(parseConstraint(n)),
  'Constraints/DataConstraint': (k, n) => k.constraintsDataConstraints.push(parseConstraint(n)),
  'CategorySchemes/CategoryScheme': (k, n) => k.categorySchemes.push(parseCategoryScheme(n)),
  'Categorisations/Categorisation': (k, n) => k.categorisations.push(parseCategorisation(n)),
  'HierarchicalCodelists/HierarchicalCodelist': (k, n) => {
    for (const hierarchy of parseHierarchicalCodelist(n)) k.hclHierarchies.push(hierarchy);
  },
  'Hierarchies/Hierarchy': (k, n) => k.hierarchies.push(parseHierarchy(n)),
};

/**
 * Parses an SDMX-ML structure message, 2.1 or 3.0 (the version is read from the message's
 * namespace); anything else (an HTML page, a malformed body) is an upstream error, and a message
 * that stops before its end was cut off (retryable). The message is streamed: one artefact is held
 * as a plain object at a time and read into what is kept (a code list's codes are read straight
 * into it, with no object made per code on the way), artefacts
 * of kinds nobody reads are skipped, and the parse yields between slices of the text.
 */
export async function parseStructureMessage(xml: string, signal?: AbortSignal): Promise<StructureMessage> {
  const kept: Kept = {
    dataflows: [],
    codelists: [],
    concepts: [],
    dataStructures: [],
    categorySchemes: [],
    categorisations: [],
    contentConstraints: [],
    dataConstraints: [],
    constraintsDataConstraints: [],
    hclHierarchies: [],
    hierarchies: [],
  };
  let header: Node;
  /** The header or artefact being read, and its reader. */
  let artefact: { tree: XmlSubtree; read: (node: Node) => void } | null = null;
  /** A code list's codes so far, and the reader of its codes (read straight into what is kept). */
  let codes: CodeInfo[] | null = null;
  const code = new CodeReader();
  await feedXml(
    xml,
    {
      open(name, attributes, path) {
        if (path.length === 1) {
          if (name !== 'Structure') throw notStructure();
        } else if (code.reading || (codes && artefact?.tree.depth === 1 && name === 'Code'))
          code.open(name, attributes);
        else if (artefact) {
          artefact.tree.open(name, attributes);
        } else if (path.length === 2 && name === 'Header') {
          artefact = { tree: new XmlSubtree(), read: (node) => (header = node) };
          artefact.tree.open(name, attributes);
        } else if (path.length === 4 && path[1] === 'Structures') {
          const reader = READERS[`${path[2]}/${name}`];
          if (path[2] === 'Codelists' && name === 'Codelist') {
            // A code list can hold tens of thousands of codes: each is read as it closes.
            const own: CodeInfo[] = [];
            codes = own;
            artefact = {
              tree: new XmlSubtree(),
              read: (node) => kept.codelists.push(parseCodelist(node, own)),
            };
          } else if (reader) artefact = { tree: new XmlSubtree(), read: (node) => reader(kept, node) };
          artefact?.tree.open(name, attributes);
        }
      },
      close() {
        if (code.reading) {
          const read = code.close();
          if (read) codes?.push(read);
        } else if (artefact) {
          const node = artefact.tree.close();
          if (artefact.tree.depth === 0) {
            artefact.read(node);
            artefact = null;
            codes = null;
          }
        }
      },
      text(text) {
        if (code.reading) code.text(text);
        else artefact?.tree.text(text);
      },
    },
    { format: 'SDMX-ML', refuse: notStructure, signal },
  );
  if (!header) throw notStructure();
  const v3 = isSdmxMl3(xml);
  return {
    format: v3 ? 'sdmx-ml-3.0' : 'sdmx-ml-2.1',
    prepared: textOf(header.Prepared),
    dataflows: kept.dataflows,
    codelists: kept.codelists,
    concepts: kept.concepts,
    dataStructures: kept.dataStructures,
    constraints: [...kept.contentConstraints, ...kept.dataConstraints, ...kept.constraintsDataConstraints],
    categorySchemes: kept.categorySchemes,
    categorisations: kept.categorisations,
    hierarchies: [...kept.hclHierarchies, ...kept.hierarchies],
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
