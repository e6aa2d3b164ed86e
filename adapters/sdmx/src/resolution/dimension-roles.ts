import type { FlowComponent, FlowStructure } from '../registry/flow-structure.js';
import type { ComponentInfo } from '../registry/structure-types.js';

/** What a dimension means to a question, whatever the registry calls it. */
export const ROLES = ['geography', 'indicator', 'sex', 'age', 'time', 'unit', 'frequency', 'other'] as const;
export type Role = (typeof ROLES)[number];

/** Words an agent may use as a filter key for a role, besides the dimension's own id and name. */
export const ROLE_ALIASES: Record<Exclude<Role, 'other'>, string[]> = {
  geography: ['geography', 'area', 'country', 'countries', 'geo', 'location', 'region', 'ref_area'],
  indicator: ['indicator', 'series', 'measure', 'subject', 'statistic'],
  sex: ['sex', 'gender'],
  age: ['age', 'age_group'],
  time: ['time', 'period', 'year'],
  unit: ['unit', 'unit_measure'],
  frequency: ['frequency', 'freq'],
};

// Ids of concepts (or dimensions, or code lists without their CL_ prefix) that name a role in
// the SDMX cross-domain concepts and the registries' own vocabularies.
const PATTERNS: Array<[Role, RegExp]> = [
  [
    'geography',
    /^(REF_AREA|GEO|GEOGRAPHY|COUNTRY|AREA|REGION|LOCATION|COUNTERPART_AREA|REF_AREA_\w+|\w*_AREA|\w*COUNTRY\w*)$/,
  ],
  ['indicator', /^(INDICATOR|\w+_INDICATOR|INDICATOR_\w+|SERIES|SUBJECT|MEASURE|STATISTIC|ITEM|NA_ITEM)$/],
  ['sex', /^(SEX|GENDER)$/],
  ['age', /^(AGE|AGE_GROUP|\w*_AGE|AGE_\w+)$/],
  ['unit', /^(UNIT|UNIT_MEASURE|UNIT_OF_MEASURE|UNITS)$/],
  ['frequency', /^(FREQ|FREQUENCY)$/],
];

function byName(name: string | null | undefined): Role | null {
  if (!name) return null;
  const id = name.toUpperCase().replace(/^CL_/, '');
  return PATTERNS.find(([, pattern]) => pattern.test(id))?.[0] ?? null;
}

/**
 * The role of one dimension: an override from the registry profile wins; then the concept roles
 * the DSD states; then the concept id, the dimension id and the code list id, read in that order.
 */
export function roleOf(
  component: FlowComponent,
  info: ComponentInfo | undefined,
  overrides: Record<string, Role>,
): Role {
  const override = overrides[component.id];
  if (override) return override;
  // Concept roles arrive with the extended structure model; older messages state none.
  for (const stated of (info as { roles?: string[] } | undefined)?.roles ?? []) {
    const role = byName(stated);
    if (role) return role;
  }
  return byName(info?.concept?.id) ?? byName(component.id) ?? byName(component.codelistRef?.id) ?? 'other';
}

export interface RoledDimension {
  dimension: FlowComponent;
  role: Role;
}

/** Every key dimension of a flow with its role; each role other than `other` goes to one dimension at most. */
export function dimensionRoles(
  structure: FlowStructure,
  overrides: Record<string, Role> = {},
): RoledDimension[] {
  const taken = new Set<Role>();
  return structure.dimensions.map((dimension) => {
    const info = structure.dsd.dimensions.find((d) => d.id === dimension.id);
    let role = roleOf(dimension, info, overrides);
    // Two dimensions that look like areas (REF_AREA and COUNTERPART_AREA): the first keeps the role.
    if (role !== 'other' && taken.has(role) && !overrides[dimension.id]) role = 'other';
    taken.add(role);
    return { dimension, role };
  });
}

/** The role overrides a registry profile states, keeping only the roles this layer knows. */
export function profileRoles(
  profile: { roleOverrides: Record<string, string> } | null | undefined,
): Record<string, Role> {
  const out: Record<string, Role> = {};
  for (const [dimension, role] of Object.entries(profile?.roleOverrides ?? {})) {
    if ((ROLES as readonly string[]).includes(role)) out[dimension] = role as Role;
  }
  return out;
}
