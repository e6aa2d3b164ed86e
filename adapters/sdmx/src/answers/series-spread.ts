import type { CodedValue, Observation } from '../messages/observation.js';

export interface Labelled {
  code: string;
  label: string;
}

/** A dimension whose code changes between the observations, with the codes it takes. */
export interface Spread {
  dimension: string;
  count: number;
  codes: Labelled[];
}

const NAMED = 8;

/** A code with a label that is never null: the code stands in when nothing names it. */
export function labelled(cell: CodedValue | undefined): Labelled {
  return { code: cell?.code ?? '', label: cell?.label ?? cell?.code ?? '' };
}

/**
 * The dimensions that vary across observations (other than `except`): what an agent must pin to
 * get one value per row. Each names up to eight of its codes with labels.
 */
export function spreadOf(observations: Observation[], except: string[] = []): Spread[] {
  const seen = new Map<string, Map<string, CodedValue>>();
  for (const o of observations) {
    for (const [id, cell] of Object.entries(o.dimensions)) {
      if (except.includes(id)) continue;
      const codes = seen.get(id) ?? new Map<string, CodedValue>();
      codes.set(cell.code, cell);
      seen.set(id, codes);
    }
  }
  return [...seen.entries()]
    .filter(([, codes]) => codes.size > 1)
    .map(([dimension, codes]) => ({
      dimension,
      count: codes.size,
      codes: [...codes.values()].slice(0, NAMED).map(labelled),
    }));
}

/** The dimensions that hold one code in every observation, with its label: what the answer is about. */
export function fixedOf(observations: Observation[], except: string[] = []): Record<string, Labelled> {
  const first = observations[0];
  if (!first) return {};
  const fixed: Record<string, Labelled> = {};
  for (const [id, cell] of Object.entries(first.dimensions)) {
    if (except.includes(id)) continue;
    if (observations.every((o) => o.dimensions[id]?.code === cell.code)) fixed[id] = labelled(cell);
  }
  return fixed;
}
