import type { FlowComponent } from './flow-structure.js';
import type { CodeInfo } from './structure-types.js';

export interface UsableCodes {
  /** The codes a query may use; null when the dimension is not coded (any id is accepted). */
  codes: CodeInfo[] | null;
  /** Size of the whole code list before constraints; null when the list is not in the message. */
  codelistSize: number | null;
  constrained: boolean;
}

// Per cached structure, so the same dimension yields the same array on every call: the word
// indexes built over a code list are kept per array, and rebuilding them on each call was most of
// the CPU a label lookup took under many clients.
const narrowed = new WeakMap<FlowComponent, UsableCodes>();

/** A dimension's codes narrowed to what its Allowed and Actual constraints permit. */
export function usableCodes(dimension: FlowComponent): UsableCodes {
  let usable = narrowed.get(dimension);
  if (!usable) {
    usable = narrow(dimension);
    narrowed.set(dimension, usable);
  }
  return usable;
}

function narrow(dimension: FlowComponent): UsableCodes {
  const limits = [dimension.allowed, dimension.available].filter((l): l is string[] => l !== null);
  const all = dimension.codelist?.codes ?? null;
  if (!all) {
    // No code list in the message: a constraint alone still says which codes are permitted.
    const only = limits[0];
    return only
      ? { codes: only.map((id) => ({ id, names: [], parent: null })), codelistSize: null, constrained: true }
      : { codes: null, codelistSize: null, constrained: false };
  }
  const excluded = new Set(dimension.excluded ?? []);
  const kept = limits
    .reduce((codes, limit) => {
      const set = new Set(limit);
      return codes.filter((c) => set.has(c.id));
    }, all)
    .filter((c) => !excluded.has(c.id));
  return { codes: kept, codelistSize: all.length, constrained: limits.length > 0 || excluded.size > 0 };
}
