export interface CubeVersionRow {
  cube_id: string;
  name: string | null;
  description: string | null;
  creator: string | null;
  version: string | null;
  status: string | null;
}

/** The cube's identity across versions: its IRI without a trailing version segment. */
export function versionBase(uri: string): string {
  return uri.replace(/\/+$/, '').replace(/\/v?\d+$/, '');
}

function versionNumber(row: CubeVersionRow): number {
  const stated = Number(row.version);
  if (row.version !== null && Number.isFinite(stated)) return stated;
  const fromUri = /\/v?(\d+)\/?$/.exec(row.cube_id)?.[1];
  return fromUri ? Number(fromUri) : Number.NEGATIVE_INFINITY;
}

/** Keeps the newest version of each cube, in first-seen order. */
export function collapseVersions<T extends CubeVersionRow>(rows: T[]): T[] {
  const newest = new Map<string, T>();
  for (const row of rows) {
    const key = versionBase(row.cube_id);
    const held = newest.get(key);
    if (!held || versionNumber(row) > versionNumber(held)) newest.set(key, row);
  }
  return [...newest.values()];
}
