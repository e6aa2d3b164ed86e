import type { NamedDimension } from './dimension-names.js';

// QUDT's own unit names (MilliM, PERCENT, KiloGM) say what the long IRI does, in a few bytes.
const QUDT_UNIT = 'http://qudt.org/vocab/unit/';

/**
 * `units` of an observations answer: the unit the cube structure states for each measure (qudt:unit
 * or qudt:hasUnit), by column name. A QUDT unit is given by its QUDT name, any other as stated.
 */
export function measureUnits(dimensions: NamedDimension[]): Record<string, string> {
  return Object.fromEntries(
    dimensions.flatMap((d) =>
      d.role === 'measure' && d.unit
        ? [[d.name, d.unit.startsWith(QUDT_UNIT) ? d.unit.slice(QUDT_UNIT.length) : d.unit]]
        : [],
    ),
  );
}
