import { foldName, gazetteer } from '@opendata-mcp/core';
import type { CodedValue } from './json-stat/decode-json-stat.js';

/**
 * The code of a table value that a place name stands for ("Deutschland" for a value "DE" labelled
 * "Germany"): a value coded with the place's ISO or M49 code, or labelled with one of its names in
 * any language. One value only, else null: a name is never guessed between two values.
 */
export function placeValueCode(values: ReadonlyArray<CodedValue>, asked: string): string | null {
  const places = gazetteer().find(asked);
  if (places.length === 0) return null;
  const codes = new Set(places.flatMap((p) => [p.codes.iso2, p.codes.iso3, p.codes.m49].filter(Boolean)));
  const names = new Set(places.flatMap((p) => Object.values(p.names).flat()).map((n) => foldName(n ?? '')));
  const found = values.filter((v) => codes.has(v.code) || names.has(foldName(v.label ?? '')));
  return found.length === 1 ? (found[0]?.code ?? null) : null;
}
