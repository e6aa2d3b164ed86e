import { numberOf, type Observation } from '../messages/observation.js';

// UNICEF names them LOWER_BOUND and UPPER_BOUND; other registries put LOWER or UPPER in the id too.
const LOWER = /(^|_)LOWER(_|$)/;
const UPPER = /(^|_)UPPER(_|$)/;

export interface Bounds {
  lower_bound: number | null;
  upper_bound: number | null;
}

/** The lower and upper bounds (of an uncertainty interval) an observation carries as attributes. */
export function boundsOf(observation: Observation | undefined): Bounds {
  const bound = (pattern: RegExp) => {
    for (const [id, cell] of Object.entries(observation?.attributes ?? {})) {
      if (pattern.test(id) && cell.label === null) {
        const value = numberOf(cell.code);
        if (value !== null) return value;
      }
    }
    return null;
  };
  return { lower_bound: bound(LOWER), upper_bound: bound(UPPER) };
}

/** The bound columns some observation of the answer has a value for, in a stable order. */
export function boundColumns(observations: Observation[]): Array<keyof Bounds> {
  const all = observations.map(boundsOf);
  return (['lower_bound', 'upper_bound'] as const).filter((c) => all.some((b) => b[c] !== null));
}
