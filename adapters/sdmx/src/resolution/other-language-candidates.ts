import { createTextIndex } from '@opendata-mcp/core';
import { CODE_FIELDS, codeFields, contextNames } from '../discovery-index/text-documents.js';
import type { FlowComponent } from '../registry/flow-structure.js';
import { pickText } from '../registry/pick-text.js';
import { usableCodes } from '../registry/usable-codes.js';
import { ancestorsOf, codeTree } from './code-tree.js';
import type { CodeCandidate } from './resolve-code.js';

/** Candidates offered at most, as for a label that fits several codes. */
const MAX_CANDIDATES = 8;
/**
 * The least share of the asked words a code's names must cover: each word read as itself or
 * through the lexicon (0.8 a word), not through a near form alone, which would offer codes that
 * merely look alike.
 */
const MIN_COVERAGE = 0.8;

/**
 * The codes whose names (in any of the list's languages) the full-text search finds for words the
 * list does not use as written: another language read through the lexicon ("Kindersterblichkeit":
 * child, mortality), compounds split, word forms stemmed. Offered as candidates, never resolved to
 * one: a reading across languages is a guess until the agent picks. Headings (codes others sit
 * under) are left out, and so, in an indicator list shared by several flows, are the codes not filed
 * under this flow's id. Empty when nothing fits.
 */
export async function otherLanguageCandidates(
  dimension: FlowComponent,
  flowId: string,
  asked: string,
  language: string,
  signal?: AbortSignal,
): Promise<CodeCandidate[]> {
  const usable = usableCodes(dimension).codes;
  if (!usable) return [];
  const tree = codeTree(dimension.codelist?.codes ?? usable);
  const filesByFlow = tree.byId.has(flowId);
  const codes = usable.filter(
    (code) => !tree.children.has(code.id) && (!filesByFlow || ancestorsOf(tree, code.id).includes(flowId)),
  );
  // As the discovery index reads a code: its names first, then the names of the codes it sits under
  // ("Under-five mortality rate" under "Child mortality").
  const index = createTextIndex({ fields: CODE_FIELDS });
  index.addAll(
    codes.map((code, i) => ({ id: String(i), fields: codeFields(code.names, contextNames(tree, code.id)) })),
  );
  await index.prepare({ signal });
  return index
    .search(asked, { limit: MAX_CANDIDATES })
    .filter((hit) => hit.coverage >= MIN_COVERAGE)
    .flatMap((hit) => {
      const code = codes[Number(hit.id)];
      return code ? [{ code: code.id, label: pickText(code.names, language) ?? code.id }] : [];
    });
}
