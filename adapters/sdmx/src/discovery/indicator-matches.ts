import type { FlowStructure } from '../registry/flow-structure.js';
import { pickText } from '../registry/pick-text.js';
import type { CodeInfo, DataflowInfo, LocalText } from '../registry/structure-types.js';
import { usableCodes } from '../registry/usable-codes.js';
import { ancestorsOf, codeTree } from '../resolution/code-tree.js';
import { dimensionRoles, type Role } from '../resolution/dimension-roles.js';
import { wordForm, wordForms } from '../resolution/word-forms.js';

export interface IndicatorMatch {
  code: string;
  label: string;
  /** The code's names in every language the list gives (`label` is one of them). */
  names: LocalText[];
  dimension: string;
  /** The flow whose code list holds the code. */
  foundIn: string;
  /** Ids of codes above this one (UNICEF files each indicator under a domain named like its flow). */
  ancestors: string[];
  /** Whether a constraint of `foundIn` names the code (the flow says it may or does hold data for it). */
  constrained: boolean;
  score: number;
  /**
   * Among matches of one score, how high the full-text index ranked it (0..1); absent for matches
   * by word forms, which the score orders alone.
   */
  relevance?: number;
  /** Forms of the words asked that the code's names, what it sits under or the flow title hold. */
  matched: string[];
}

/** Words of one code with the words of what it sits under. */
interface IndexedCode {
  code: CodeInfo;
  own: Set<string>;
  context: Set<string>;
  /** Words of the label in the preferred language, in order, and joined by spaces. */
  label: string[];
  phrase: string;
  /** The label in the preferred language, and the ids above the code: kept, as every search over an index reads them. */
  text: string;
  ancestors: string[];
}

/** A code list made searchable: its codes, and how many codes use each word (rare words weigh more). */
interface CodeIndex {
  codes: IndexedCode[];
  uses: Map<string, number>;
}

const indexes = new WeakMap<CodeInfo[], Map<string, CodeIndex>>();
const titles = new WeakMap<DataflowInfo, Map<string, Set<string>>>();
const trees = new WeakMap<CodeInfo[], ReturnType<typeof codeTree>>();

// A list searched again (every search over a discovery index) keeps its tree.
function treeOf(codes: CodeInfo[]): ReturnType<typeof codeTree> {
  const known = trees.get(codes);
  if (known) return known;
  const tree = codeTree(codes);
  trees.set(codes, tree);
  return tree;
}

/** Word forms of a flow's title in one language and of its id, kept per flow as its lists are. */
function titleWords(structure: FlowStructure, language: string): Set<string> {
  const flow = structure.flow;
  const byLanguage = titles.get(flow) ?? new Map<string, Set<string>>();
  titles.set(flow, byLanguage);
  let words = byLanguage.get(language);
  if (!words) {
    words = new Set(wordForms(`${pickText(flow.names, language) ?? ''} ${flow.id.replace(/_/g, ' ')}`));
    byLanguage.set(language, words);
  }
  return words;
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
        const ancestors = ancestorsOf(tree, code.id);
        const context = new Set(
          ancestors.flatMap((id) => {
            const parent = tree.byId.get(id);
            return parent ? wordForms(pickText(parent.names, language) ?? id) : [];
          }),
        );
        for (const word of new Set([...own, ...context])) uses.set(word, (uses.get(word) ?? 0) + 1);
        const text = pickText(code.names, language) ?? code.id;
        const label = wordForms(text);
        return { code, own, context, label, phrase: label.join(' '), text, ancestors };
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
  const flowWords = titleWords(structure, language);
  const out: IndicatorMatch[] = [];
  const unique = [...new Set(wanted)];
  const index = indexOf(usable.codes, all, language);
  const weights = unique.map((word) => Math.log(1 + index.codes.length / (1 + (index.uses.get(word) ?? 0))));
  const total = weights.reduce((sum, weight) => sum + 2 * weight, 0);
  const phrase = unique.join(' ');
  // A list that files its codes under the flows' ids (UNICEF's one list for every flow) gives the
  // flow's title to the codes filed under this flow only: a vaccine code is not "Child Mortality".
  const filesByFlow = treeOf(all).children.has(structure.flow.id);
  const titled = (entry: IndexedCode) => !filesByFlow || entry.ancestors.includes(structure.flow.id);
  const inTitle = (entry: IndexedCode, word: string) => flowWords.has(word) && titled(entry);
  // Two words asked apart that a label writes as one ("still birth" for "Stillbirth rate"): the
  // joined form stands for both. Only forms some code of the list holds are tried ('' otherwise),
  // so the loop over every code below mostly does one lookup per word, as before.
  const joined = unique.map((word, i) => {
    const form = i + 1 < unique.length ? wordForm(word + unique[i + 1]) : '';
    return index.uses.has(form) ? form : '';
  });
  const has = (words: Set<string>, i: number) =>
    words.has(unique[i] as string) ||
    (joined[i] !== '' && words.has(joined[i] as string)) ||
    (i > 0 && joined[i - 1] !== '' && words.has(joined[i - 1] as string));
  // Every code of every list a search reads passes here: the words it holds are counted first, and
  // only a code that matches gets its list of them.
  const holds = (entry: IndexedCode, i: number) =>
    has(entry.own, i) || has(entry.context, i) || inTitle(entry, unique[i] as string);
  for (const entry of index.codes) {
    let own = 0;
    let context = 0;
    let points = 0;
    for (let i = 0; i < unique.length; i++) {
      if (has(entry.own, i)) {
        own++;
        points += 2 * (weights[i] as number);
      } else if (has(entry.context, i) || inTitle(entry, unique[i] as string)) {
        context++;
        points += weights[i] as number;
      }
    }
    const found = own + context;
    if (found * 2 < unique.length || (own === 0 && found < unique.length)) continue;
    // Rare words decide; then a label that opens with the words asked, then a short label.
    const leads = entry.phrase.startsWith(phrase) ? 0.05 : 0;
    const score = points / total + leads + (own / Math.max(entry.label.length, 1)) * 0.04;
    const matched = unique.filter((_, i) => holds(entry, i));
    out.push({
      code: entry.code.id,
      label: entry.text,
      names: entry.code.names,
      dimension: indicator.id,
      foundIn: structure.flow.id,
      ancestors: entry.ancestors,
      constrained: usable.constrained,
      score,
      matched,
    });
  }
  return out;
}
