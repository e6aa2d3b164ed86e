import type { Observation } from '../messages/observation.js';
import { type Labelled, labelled } from './series-spread.js';

// Attribute ids registries use for the unit and its power of ten.
const UNIT_IDS = ['UNIT_MEASURE', 'UNIT', 'UNIT_OF_MEASURE', 'UNITS'];
const MULTIPLIER_IDS = ['UNIT_MULT', 'UNIT_MULTIPLIER'];

export interface UnitInfo {
  unit: Labelled | null;
  unit_multiplier: Labelled | null;
}

/** The unit an observation states (attribute or dimension); null when the registry states none. */
export function unitOf(observation: Observation | undefined): UnitInfo {
  if (!observation) return { unit: null, unit_multiplier: null };
  const find = (ids: string[]) => {
    for (const id of ids) {
      const cell = observation.attributes[id] ?? observation.dimensions[id];
      if (cell && cell.code !== '') return labelled(cell);
    }
    return null;
  };
  const multiplier = find(MULTIPLIER_IDS);
  return { unit: find(UNIT_IDS), unit_multiplier: multiplier && multiplier.code !== '0' ? multiplier : null };
}
