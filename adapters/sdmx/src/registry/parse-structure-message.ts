import { OpenDataError } from '@opendata-mcp/core';
import { CodeReader } from './code-reader.js';
import { CodeTableBuilder } from './code-table-builder.js';
import { feedXml, type XmlHandler } from './feed-xml.js';
import { parseCodelist, parseConcepts, parseDataflow, parseDataStructure } from './parse-artefacts.js';
import { parseCategorisation, parseCategoryScheme } from './parse-categories.js';
import { parseConstraint } from './parse-constraint.js';
import { parseHierarchicalCodelist, parseHierarchy } from './parse-hierarchies.js';
import { isSdmxMl3 } from './sdmx-ml-version.js';
import type {
  CategorisationInfo,
  CategorySchemeInfo,
  CodelistInfo,
  ConceptInfo,
  ConstraintInfo,
  DataflowInfo,
  DataStructureInfo,
  HierarchyInfo,
  StructureMessage,
} from './structure-types.js';
import type { XmlAttributes } from './xml-attributes.js';
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
 * into a table, `CodeTable`, with no object made per code), artefacts of kinds nobody reads are
 * skipped, and the parse yields between slices of the text.
 */
export async function parseStructureMessage(
  xml: string | Uint8Array,
  signal?: AbortSignal,
): Promise<StructureMessage> {
  const handler = new StructureMessageHandler();
  await feedXml(xml, handler, { format: 'SDMX-ML', refuse: notStructure, signal });
  const { kept, header } = handler;
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

/** Routes each element of a structure message to the reader of the artefact it belongs to. */
export class StructureMessageHandler implements XmlHandler {
  readonly kept: Kept = {
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
  header: Node = undefined;
  /** The header or artefact being read, and what becomes of it once read. */
  private artefact: { tree: XmlSubtree; read: (node: Node) => void } | null = null;
  /** The table of a code list's codes so far, while one is open. */
  private readonly codes = new CodeTableBuilder();
  private readonly code = new CodeReader();

  open(name: string, attributes: XmlAttributes, path: readonly string[]): void {
    const { code, artefact } = this;
    if (path.length === 1) {
      if (name !== 'Structure') throw notStructure();
    } else if (code.reading || (code.into && artefact?.tree.depth === 1 && name === 'Code')) {
      // A code opening (not a part of one) is a child of the list that the code reader reads.
      if (!code.reading) artefact?.tree.childReadElsewhere();
      code.open(name, attributes);
    } else if (artefact) artefact.tree.open(name, attributes);
    else if (path.length === 2 && name === 'Header')
      this.startArtefact(name, attributes, (node) => (this.header = node));
    else if (path.length === 4 && path[1] === 'Structures') {
      const kept = this.kept;
      if (path[2] === 'Codelists' && name === 'Codelist') {
        // A code list can hold tens of thousands of codes: they are read into a table as they stream past.
        // The builder starts empty and empties itself as each list finishes.
        const codes = this.codes;
        code.into = codes;
        this.startArtefact(name, attributes, (node) =>
          kept.codelists.push(parseCodelist(node, codes.finish())),
        );
      } else {
        const reader = READERS[`${path[2]}/${name}`];
        if (reader) this.startArtefact(name, attributes, (node) => reader(kept, node));
      }
    }
  }

  close(): void {
    const { code, artefact } = this;
    if (code.reading) code.close();
    else if (artefact) {
      const node = artefact.tree.close();
      if (artefact.tree.depth === 0) {
        artefact.read(node);
        this.artefact = null;
        code.into = null;
      }
    }
  }

  text(text: string): void {
    if (this.code.reading) this.code.text(text);
    else this.artefact?.tree.text(text);
  }

  private startArtefact(name: string, attributes: XmlAttributes, read: (node: Node) => void): void {
    this.artefact = { tree: new XmlSubtree(), read };
    this.artefact.tree.open(name, attributes);
  }
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

/**
 * A handler kept for the life of the process, with its code reader and table builder: V8 forgets
 * an object layout (hidden class) once no object has it, and throws away the optimized code built
 * on it, so that each message after a full collection would be read by unoptimized code again.
 */
export const keptLayouts = [new StructureMessageHandler(), new XmlSubtree()];
