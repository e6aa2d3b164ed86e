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

/** The unit as one line of text: its label, with the power of ten after it when there is one. */
function unitText({ unit, unit_multiplier: multiplier }: UnitInfo): string | undefined {
  if (!unit) return undefined;
  if (!multiplier) return unit.label;
  const power = multiplier.label !== multiplier.code ? multiplier.label : `×10^${multiplier.code}`;
  return `${unit.label} (${power})`;
}

/**
 * `units` of an answer (`UnitsSchema`): the unit of each value column named, when every observation
 * states the same one. When units differ between rows there is none to give per column; the unit
 * attribute is then a column of its own in the rows.
 */
export function valueUnits(observations: Observation[], columns: string[]): Record<string, string> {
  const texts = new Set(observations.map((o) => unitText(unitOf(o))));
  const [text] = texts;
  if (texts.size !== 1 || text === undefined) return {};
  return Object.fromEntries(columns.map((column) => [column, text]));
}
