import { pickText } from '../registry/pick-text.js';
import type { CodeInfo } from '../registry/structure-types.js';
import type { Role } from './dimension-roles.js';
import { wordForms } from './word-forms.js';

export interface CodeCandidate {
  code: string;
  label: string;
}

export type CodeResolution =
  | { status: 'resolved'; code: string; label: string; matched_by: 'code' | 'label' | 'words' }
  | { status: 'ambiguous'; candidates: CodeCandidate[] }
  | { status: 'unknown' };

const MAX_CANDIDATES = 8;
/** The share of a label the words asked must cover to point at it without being exact. */
const MOST = 0.5;

// Everyday words for the codes of a sex dimension, mapped to the words its labels use: in English,
// and in the other languages questions come in (registries label sexes in English at least).
const FEMALE = ['girl', 'girls', 'woman', 'women', 'females', 'mädchen', 'frauen', 'frau', 'weiblich'];
const FEMALE_ELSEWHERE = ['filles', 'femmes', 'ragazze', 'donne', 'meisjes', 'vrouwen', 'niñas', 'mujeres'];
const MALE = ['boy', 'boys', 'man', 'men', 'males', 'jungen', 'knaben', 'männer', 'mann', 'männlich'];
// Not "niños" or "ragazzi": they mean children of either sex as often as boys.
const MALE_ELSEWHERE = ['garçons', 'hommes', 'uomini', 'jongens', 'mannen', 'hombres'];
const TOTAL = ['both', 'both sexes', 'all', 'beide', 'insgesamt', 'totale', 'totaal'];
const SEX_WORDS: Record<string, string> = Object.fromEntries([
  ...[...FEMALE, ...FEMALE_ELSEWHERE].map((w) => [w, 'female']),
  ...[...MALE, ...MALE_ELSEWHERE].map((w) => [w, 'male']),
  ...TOTAL.map((w) => [w, 'total']),
]);

// Everyday words for ranked groups (wealth quintiles and the like), in any dimension.
const RANK_WORDS: Record<string, string> = {
  poorest: 'lowest',
  'poorest quintile': 'lowest',
  richest: 'highest',
  'richest quintile': 'highest',
  wealthiest: 'highest',
};

function everydayWords(asked: string, role: Role): string {
  const key = asked.trim().toLowerCase();
  if (role === 'sex' && SEX_WORDS[key]) return SEX_WORDS[key];
  return RANK_WORDS[key] ?? asked;
}

export interface ResolveOptions {
  role: Role;
  language: string;
  /** Codes the flow is known to hold (e.g. under its own id in a shared indicator list); others are left out when one of these matches. */
  preferUnder?: (code: CodeInfo) => boolean;
}

/**
 * A code for what an agent wrote: the code itself, a label, or words of a label. A label matched
 * by several codes, or words matched equally well by several labels, is ambiguous and answered
 * with the candidates: a code is never guessed.
 */
export function resolveCode(codes: CodeInfo[], asked: string, options: ResolveOptions): CodeResolution {
  const label = (c: CodeInfo) => pickText(c.names, options.language) ?? c.id;
  const byCode =
    codes.find((c) => c.id === asked) ?? codes.filter((c) => c.id.toLowerCase() === asked.toLowerCase());
  if (!Array.isArray(byCode))
    return { status: 'resolved', code: byCode.id, label: label(byCode), matched_by: 'code' };
  if (byCode.length === 1 && byCode[0])
    return { status: 'resolved', code: byCode[0].id, label: label(byCode[0]), matched_by: 'code' };

  const wanted = wordForms(everydayWords(asked, options.role));
  if (wanted.length === 0) return { status: 'unknown' };
  const key = wanted.join(' ');
  const scored: Array<{ code: CodeInfo; score: number; leads: boolean }> = [];
  for (const code of codes) {
    const forms = nameFormsOf(code);
    let best = 0;
    for (const name of forms) best = Math.max(best, score(wanted, key, name));
    if (best > 0) scored.push({ code, score: best, leads: forms.some((name) => name.key.startsWith(key)) });
  }
  if (scored.length === 0) return { status: 'unknown' };
  // Codes the flow itself holds (under its own ancestor) are the only ones considered when any matches.
  const preferred = scored.filter((s) => options.preferUnder?.(s.code));
  const pool = preferred.length > 0 ? preferred : scored;
  pool.sort((a, b) => b.score - a.score);
  const [first, second] = pool;
  const exact = first && first.score >= 1 && (!second || second.score < 1);
  // Words that open one label only, and cover most of it, point at that label ("under-five
  // mortality" is the rate, not the "annual rate of reduction in under-five mortality").
  const leading = pool.filter((s) => s.leads);
  const clear = first !== undefined && leading.length === 1 && leading[0] === first && first.score >= MOST;
  // A lone label holding every word still names more than was asked when the words are a small part
  // of it ("taux de mortalité des moins de 5 ans" in the annual rate of reduction of that rate): it is
  // offered as the one candidate, not taken.
  const alone = first !== undefined && pool.length === 1 && first.score >= MOST;
  if (first && (exact || clear || alone)) {
    return {
      status: 'resolved',
      code: first.code.id,
      label: label(first.code),
      matched_by: first.score >= 1 ? 'label' : 'words',
    };
  }
  return {
    status: 'ambiguous',
    candidates: pool.slice(0, MAX_CANDIDATES).map((s) => ({ code: s.code.id, label: label(s.code) })),
  };
}

/** One name of a code as the scoring reads it: its word forms, joined, and as a set. */
interface NameForms {
  words: Set<string>;
  key: string;
  empty: boolean;
}

// Word forms of every name of a code, worked out once per code: structures are cached, and stemming
// (or even splitting and joining) every label of a long code list on each call kept the server's
// main thread busy under load.
const nameForms = new WeakMap<CodeInfo, NameForms[]>();

function nameFormsOf(code: CodeInfo): NameForms[] {
  let forms = nameForms.get(code);
  if (!forms) {
    forms = allNames(code).map((name) => {
      const words = wordForms(name);
      return { words: new Set(words), key: words.join(' '), empty: words.length === 0 };
    });
    nameForms.set(code, forms);
  }
  return forms;
}

function allNames(code: CodeInfo): string[] {
  return code.names.length > 0 ? code.names.map((n) => n.value) : [code.id];
}

/**
 * 1 for the same words as the label; otherwise the share of the label's
 * words the question covers when every question word is in the label; 0 when one is missing.
 */
function score(wanted: string[], key: string, name: NameForms): number {
  if (name.empty) return 0;
  if (name.key === key) return 1;
  if (!wanted.every((w) => name.words.has(w))) return 0;
  return Math.min(0.99, new Set(wanted).size / name.words.size);
}
