import { OpenDataError } from '@opendata-mcp/core';
import { type Language, pickLabel } from '../language.js';
import type { CubeDescription, CubeDimension } from './cube-description.js';

export interface NamedDimension extends CubeDimension {
  /** Display name in the served language, unique within the cube. */
  name: string;
  /** Language of the name; '' untagged, null when derived from the path. */
  nameLanguage: string | null;
}

/** Names every dimension in the preferred language; clashes get the path's last segment appended. */
export function nameDimensions(cube: CubeDescription, language: Language): NamedDimension[] {
  const named = cube.dimensions.map((d) => {
    const label = pickLabel(d.names, language);
    return { ...d, name: label?.value ?? localName(d.path), nameLanguage: label ? label.lang : null };
  });
  const counts = new Map<string, number>();
  for (const d of named) counts.set(d.name, (counts.get(d.name) ?? 0) + 1);
  return named.map((d) =>
    (counts.get(d.name) ?? 0) > 1 ? { ...d, name: `${d.name} (${localName(d.path)})` } : d,
  );
}

export function localName(uri: string): string {
  const trimmed = uri.replace(/[/#]+$/, '');
  return (
    decodeURIComponent(trimmed.slice(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('#')) + 1)) || uri
  );
}

/** Finds a dimension by its path, its served name, or its name in any language (case-insensitive). */
export function findDimension(dimensions: NamedDimension[], wanted: string): NamedDimension {
  const needle = wanted.trim().toLowerCase();
  const hit =
    dimensions.find((d) => d.path === wanted.trim()) ??
    dimensions.find((d) => d.name.toLowerCase() === needle) ??
    dimensions.find((d) => d.names.some((n) => n.value.toLowerCase() === needle)) ??
    dimensions.find((d) => localName(d.path).toLowerCase() === needle);
  if (!hit) {
    throw new OpenDataError('invalid_input', `The cube has no dimension "${wanted.slice(0, 80)}".`, {
      hint: `Known dimensions: ${dimensions
        .map((d) => d.name)
        .join(', ')
        .slice(0, 400)}.`,
    });
  }
  return hit;
}
