import { OpenDataError } from '@opendata-mcp/core';
import { feedXml } from './feed-xml.js';
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
 * Parts of a code the tools never read: their text (long descriptions in every language) would be
 * built up only to be dropped, and a code list can hold tens of thousands of codes.
 */
const UNREAD_IN_CODE = new Set(['Description', 'Annotations']);

/**
 * Parses an SDMX-ML structure message, 2.1 or 3.0 (the version is read from the message's
 * namespace); anything else (an HTML page, a malformed body) is an upstream error, and a message
 * that stops before its end was cut off (retryable). The message is streamed: one artefact (one
 * code of a code list) is held as a plain object at a time and read into what is kept, artefacts
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
  /** A code list's codes so far, and the code being read. */
  let codes: CodeInfo[] | null = null;
  let code: XmlSubtree | null = null;
  /** Depth inside a part of a code nobody reads (its descriptions, annotations), skipped unbuilt. */
  let skipped = 0;
  await feedXml(
    xml,
    {
      open(name, attributes, path) {
        if (path.length === 1) {
          if (name !== 'Structure') throw notStructure();
        } else if (skipped > 0 || (code?.depth === 1 && UNREAD_IN_CODE.has(name))) skipped++;
        else if (code) code.open(name, attributes);
        else if (artefact) {
          if (codes && artefact.tree.depth === 1 && name === 'Code') {
            code = new XmlSubtree();
            code.open(name, attributes);
          } else artefact.tree.open(name, attributes);
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
        if (skipped > 0) skipped--;
        else if (code) {
          const node = code.close();
          if (code.depth === 0) {
            codes?.push(parseCode(node));
            code = null;
          }
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
        if (skipped === 0) (code ?? artefact?.tree)?.text(text);
      },
    },
    { format: 'SDMX-ML', refuse: notStructure, signal },
  );
  if (!header) throw notStructure();
  const v3 = /schemas\/v3_\d\/message/.test(xml.slice(0, 4096));
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
