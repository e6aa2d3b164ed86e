import type { FlowStructure } from '../registry/flow-structure.js';
import { pickText } from '../registry/pick-text.js';
import type { CodeInfo } from '../registry/structure-types.js';
import { usableCodes } from '../registry/usable-codes.js';
import { ancestorsOf, codeTree } from '../resolution/code-tree.js';
import { dimensionRoles, type Role } from '../resolution/dimension-roles.js';
import { wordForms } from '../resolution/word-forms.js';

export interface IndicatorMatch {
  code: string;
  label: string;
  dimension: string;
  /** The flow whose code list holds the code. */
  foundIn: string;
  /** Ids of codes above this one (UNICEF files each indicator under a domain named like its flow). */
  ancestors: string[];
  /** Whether a constraint of `foundIn` names the code (the flow says it may or does hold data for it). */
  constrained: boolean;
  score: number;
  /** Forms of the words asked that the code's names, what it sits under or the flow title hold. */
  matched: string[];
}

/** Words of one code with the words of what it sits under. */
interface IndexedCode {
  code: CodeInfo;
  own: Set<string>;
  context: Set<string>;
  /** Words of the label in the preferred language, in order. */
  label: string[];
}

/** A code list made searchable: its codes, and how many codes use each word (rare words weigh more). */
interface CodeIndex {
  codes: IndexedCode[];
  uses: Map<string, number>;
}

const indexes = new WeakMap<CodeInfo[], Map<string, CodeIndex>>();
const trees = new WeakMap<CodeInfo[], ReturnType<typeof codeTree>>();

// A list searched again (every search over a discovery index) keeps its tree.
function treeOf(codes: CodeInfo[]): ReturnType<typeof codeTree> {
  const known = trees.get(codes);
  if (known) return known;
  const tree = codeTree(codes);
  trees.set(codes, tree);
  return tree;
}

function indexOf(codes: CodeInfo[], all: CodeInfo[], language: string): CodeIndex {
  const byLanguage = indexes.get(codes) ?? new Map<string, CodeIndex>();
  indexes.set(codes, byLanguage);
  let index = byLanguage.get(language);
  if (!index) {
    const tree = treeOf(all);
    const uses = new Map<string, number>();
    // Group codes (a domain with codes under it) are headings, not indicators.
    const indexed = codes
      .filter((code) => !tree.children.has(code.id))
      .map((code) => {
        const own = new Set(wordForms(code.names.map((n) => n.value).join(' ') || code.id));
        const context = new Set(
          ancestorsOf(tree, code.id).flatMap((id) => {
            const parent = tree.byId.get(id);
            return parent ? wordForms(pickText(parent.names, language) ?? id) : [];
          }),
        );
        for (const word of new Set([...own, ...context])) uses.set(word, (uses.get(word) ?? 0) + 1);
        return { code, own, context, label: wordForms(pickText(code.names, language) ?? code.id) };
      });
    index = { codes: indexed, uses };
    byLanguage.set(language, index);
  }
  return index;
}

/**
 * Codes of a flow's indicator dimension that match the words asked. A word counts double in the
 * code's own names and once in what the code sits under or in the flow's title, so "immunization
 * coverage measles" finds the measles vaccine code filed under Immunization. At least half the
 * words must be found somewhere, one of them in the code's own names unless all are in its context.
 */
export function indicatorMatches(
  structure: FlowStructure,
  wanted: string[],
  language: string,
  overrides: Record<string, Role>,
): IndicatorMatch[] {
  const indicator = dimensionRoles(structure, overrides).find((r) => r.role === 'indicator')?.dimension;
  if (!indicator || wanted.length === 0) return [];
  const usable = usableCodes(indicator);
  if (!usable.codes) return [];
  const all = indicator.codelist?.codes ?? usable.codes;
  const flowWords = new Set(
    wordForms(`${pickText(structure.flow.names, language) ?? ''} ${structure.flow.id.replace(/_/g, ' ')}`),
  );
  const tree = treeOf(all);
  const out: IndicatorMatch[] = [];
  const unique = [...new Set(wanted)];
  const index = indexOf(usable.codes, all, language);
  const weight = (word: string) => Math.log(1 + index.codes.length / (1 + (index.uses.get(word) ?? 0)));
  const total = unique.reduce((sum, word) => sum + 2 * weight(word), 0);
  const phrase = unique.join(' ');
  for (const entry of index.codes) {
    let own = 0;
    let context = 0;
    let points = 0;
    const matched: string[] = [];
    for (const word of unique) {
      if (entry.own.has(word)) {
        own++;
        points += 2 * weight(word);
        matched.push(word);
      } else if (entry.context.has(word) || flowWords.has(word)) {
        context++;
        points += weight(word);
        matched.push(word);
      }
    }
    const found = own + context;
    if (found * 2 < unique.length || (own === 0 && found < unique.length)) continue;
    // Rare words decide; then a label that opens with the words asked, then a short label.
    const leads = entry.label.join(' ').startsWith(phrase) ? 0.05 : 0;
    const score = points / total + leads + (own / Math.max(entry.label.length, 1)) * 0.04;
    out.push({
      code: entry.code.id,
      label: pickText(entry.code.names, language) ?? entry.code.id,
      dimension: indicator.id,
      foundIn: structure.flow.id,
      ancestors: ancestorsOf(tree, entry.code.id),
      constrained: usable.constrained,
      score,
      matched,
    });
  }
  return out;
}
