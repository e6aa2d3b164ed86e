import { CUBE_UNDEFINED, NS } from '../sparql/prefixes.js';
import type { SparqlBinding, SparqlTerm } from '../sparql/sparql-results.js';
import type { NamedDimension } from './dimension-names.js';

export type CellValue = string | number | boolean | null;

export interface ObservationRows {
  uris: string[];
  rows: Array<Record<string, CellValue>>;
  /** Cells whose value is `cube:Undefined`: returned as null, listed here so null is not mistaken for missing. */
  undefinedCells: Array<{ row: number; dimension: string }>;
  /** Label languages actually served ('' = untagged label). */
  languages: string[];
  /** Coded values returned as IRIs because no label exists. */
  unlabelled: number;
}

const FRACTIONAL = /#(decimal|double|float)$/;
// A plain decimal numeral; other lexical forms (INF, NaN) stay text.
const NUMERAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const INTEGER =
  /#(integer|int|long|short|byte|nonNegativeInteger|positiveInteger|negativeInteger|nonPositiveInteger|unsignedInt|unsignedShort|unsignedByte)$/;

/**
 * Folds the result rows into one record per observation, keyed by dimension name, keeping at most
 * `limit` observations: the query asks for one more to detect truncation, and that look-ahead row
 * must not count in the languages, undefined cells or unlabelled codes reported.
 */
export function foldObservations(
  bindings: SparqlBinding[],
  dimensions: NamedDimension[],
  resolveLabels: boolean,
  limit = Number.POSITIVE_INFINITY,
): ObservationRows & { more: boolean } {
  const order: string[] = [];
  const byObs = new Map<string, SparqlBinding>();
  for (const b of bindings) {
    const obs = b.obs?.value;
    if (!obs) continue;
    const seen = byObs.get(obs);
    if (!seen) {
      order.push(obs);
      byObs.set(obs, { ...b });
    } else {
      // Several labels or values for one cell produce extra rows; the first bound one wins.
      for (const [k, v] of Object.entries(b)) if (v && !seen[k]) seen[k] = v;
    }
  }
  const languages = new Set<string>();
  const undefinedCells: ObservationRows['undefinedCells'] = [];
  let unlabelled = 0;
  const kept = order.slice(0, limit);
  const rows = kept.map((obs, rowIndex) => {
    const binding = byObs.get(obs) as SparqlBinding;
    const record: Record<string, CellValue> = {};
    dimensions.forEach((d, i) => {
      const term = binding[`v${i}`];
      const label = binding[`l${i}`];
      if (term?.type === 'uri' && resolveLabels && label) {
        languages.add(label['xml:lang'] ?? '');
        record[d.name] = label.value;
        return;
      }
      if (term?.type === 'uri' && resolveLabels && d.iriValued) unlabelled++;
      if (term && isUndefined(term)) undefinedCells.push({ row: rowIndex, dimension: d.name });
      record[d.name] = cellValue(term);
    });
    return record;
  });
  keepColumnsOfOneKind(
    rows,
    kept.map((obs) => byObs.get(obs) as SparqlBinding),
    dimensions,
  );
  return {
    uris: kept,
    rows,
    undefinedCells,
    languages: [...languages].sort(),
    unlabelled,
    more: order.length > kept.length,
  };
}

/**
 * A column where some decimal is too precise for a double stays text in every row: a kept table
 * types a column once, and numbers beside text would read back as text anyway, changed in form.
 */
function keepColumnsOfOneKind(
  rows: Array<Record<string, CellValue>>,
  bindings: SparqlBinding[],
  dimensions: NamedDimension[],
): void {
  dimensions.forEach((d, i) => {
    const fractional = (term: SparqlTerm | undefined) =>
      term?.type !== 'uri' && term?.datatype !== undefined && FRACTIONAL.test(term.datatype);
    const mixed = rows.some(
      (row, r) => fractional(bindings[r]?.[`v${i}`]) && typeof row[d.name] === 'string',
    );
    if (!mixed) return;
    rows.forEach((row, r) => {
      const term = bindings[r]?.[`v${i}`];
      if (term && fractional(term) && typeof row[d.name] === 'number') row[d.name] = term.value;
    });
  });
}

function isUndefined(term: SparqlTerm): boolean {
  return term.type !== 'uri' && term.datatype === CUBE_UNDEFINED;
}

/**
 * A cell as JSON: integers as numbers when exact, decimals and doubles as numbers when a double holds
 * them (15 significant digits or fewer), other literals in their lexical form.
 */
export function cellValue(term: SparqlTerm | undefined): CellValue {
  if (!term || isUndefined(term)) return null;
  if (term.type === 'uri' || term.type === 'bnode') return term.value;
  if (term.datatype === `${NS.xsd}boolean`) return term.value === 'true' || term.value === '1';
  if (term.datatype && INTEGER.test(term.datatype)) {
    const n = Number(term.value);
    if (Number.isSafeInteger(n) && /^[+-]?\d+$/.test(term.value.trim())) return n;
  }
  if (term.datatype && FRACTIONAL.test(term.datatype) && NUMERAL.test(term.value.trim())) {
    const n = Number(term.value);
    const digits = term.value
      .replace(/[eE].*$/, '')
      .replace(/\D/g, '')
      .replace(/^0+/, '')
      .replace(/0+$/, '');
    if (Number.isFinite(n) && digits.length <= 15) return n;
  }
  return term.value;
}
