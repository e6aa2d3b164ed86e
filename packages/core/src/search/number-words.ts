import type { AnalyzedLanguage } from './language-analyzers.js';

/**
 * The small numbers written as words, two to ten, in each analysed language: age bands and periods
 * are written either way ("under-five mortality", "unter 5 Jahren"). One is left out: it is an
 * article too ("ein", "un"), a stop word in most of these languages.
 */
export const NUMBER_WORDS: ReadonlyArray<{
  value: number;
  names: Readonly<Record<AnalyzedLanguage, string[]>>;
}> = [
  [2, ['two'], ['zwei'], ['deux'], ['due'], ['twee'], ['dos'], ['два', 'дві'], ['два']],
  [3, ['three'], ['drei'], ['trois'], ['tre'], ['drie'], ['tres'], ['три'], ['три']],
  [4, ['four'], ['vier'], ['quatre'], ['quattro'], ['vier'], ['cuatro'], ['чотири'], ['четыре']],
  [5, ['five'], ['fünf'], ['cinq'], ['cinque'], ['vijf'], ['cinco'], ["п'ять"], ['пять']],
  [6, ['six'], ['sechs'], ['six'], ['sei'], ['zes'], ['seis'], ['шість'], ['шесть']],
  [7, ['seven'], ['sieben'], ['sept'], ['sette'], ['zeven'], ['siete'], ['сім'], ['семь']],
  [8, ['eight'], ['acht'], ['huit'], ['otto'], ['acht'], ['ocho'], ['вісім'], ['восемь']],
  [9, ['nine'], ['neun'], ['neuf'], ['nove'], ['negen'], ['nueve'], ["дев'ять"], ['девять']],
  [10, ['ten'], ['zehn'], ['dix'], ['dieci'], ['tien'], ['diez'], ['десять'], ['десять']],
].map(([value, en, de, fr, it, nl, es, uk, ru]) => ({
  value: value as number,
  names: { en, de, fr, it, nl, es, uk, ru } as Record<AnalyzedLanguage, string[]>,
}));
