import type { NamedDimension } from './dimension-names.js';

const QUDT_UNIT = 'http://qudt.org/vocab/unit/';

/**
 * The symbols of QUDT units that cubes of official statistics use, as the QUDT unit vocabulary
 * states them (`qudt:symbol`). Cubes name a unit by its IRI alone, without a label; a symbol is
 * what a reader writes beside a number, where the QUDT name (`MilliM`) reads like a code.
 */
const QUDT_SYMBOLS: Readonly<Record<string, string>> = {
  // Length, area, volume
  MilliM: 'mm',
  CentiM: 'cm',
  M: 'm',
  KiloM: 'km',
  M2: 'm²',
  KiloM2: 'km²',
  HA: 'ha',
  M3: 'm³',
  L: 'L',
  MilliL: 'mL',
  // Mass
  MilliGM: 'mg',
  GM: 'g',
  KiloGM: 'kg',
  TONNE: 't',
  // Temperature, pressure, sound
  DEG_C: '°C',
  K: 'K',
  PA: 'Pa',
  HectoPA: 'hPa',
  KiloPA: 'kPa',
  DeciB: 'dB',
  // Energy and power
  J: 'J',
  KiloJ: 'kJ',
  MegaJ: 'MJ',
  GigaJ: 'GJ',
  TeraJ: 'TJ',
  W: 'W',
  KiloW: 'kW',
  MegaW: 'MW',
  GigaW: 'GW',
  'W-HR': 'Wh',
  'KiloW-HR': 'kWh',
  'MegaW-HR': 'MWh',
  'GigaW-HR': 'GWh',
  'TeraW-HR': 'TWh',
  // Time
  SEC: 's',
  MIN: 'min',
  HR: 'h',
  DAY: 'd',
  // Ratios and rates
  PERCENT: '%',
  PPM: 'ppm',
  'M-PER-SEC': 'm/s',
  'KiloM-PER-HR': 'km/h',
  'MicroGM-PER-M3': 'µg/m³',
  'MilliGM-PER-L': 'mg/L',
};

/**
 * How an observations answer states a unit: a QUDT unit by its symbol where it is one of the
 * common ones above, else by its QUDT name (`NUM`, far shorter than the IRI and as exact); a unit
 * outside QUDT as the cube states it. `get_cube_structure` gives the IRI itself.
 */
export function unitShown(unit: string): string {
  if (!unit.startsWith(QUDT_UNIT)) return unit;
  const name = unit.slice(QUDT_UNIT.length);
  return QUDT_SYMBOLS[name] ?? name;
}

/**
 * `units` of an observations answer: the unit the cube structure states for each measure (qudt:unit
 * or qudt:hasUnit), by column name, as `unitShown` writes it.
 */
export function measureUnits(dimensions: NamedDimension[]): Record<string, string> {
  return Object.fromEntries(
    dimensions.flatMap((d) => (d.role === 'measure' && d.unit ? [[d.name, unitShown(d.unit)]] : [])),
  );
}
