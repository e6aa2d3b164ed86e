/// <reference path="./jsonstat-toolkit.d.ts" />
import { OpenDataError } from '@opendata-mcp/core';
import JSONstat from 'jsonstat-toolkit';
import { z } from 'zod';

/** One coded value with its label as the portal wrote it. */
export interface CodedValue {
  code: string;
  label: string | null;
}

export interface DecodedDimension {
  id: string;
  label: string | null;
  /** JSON-stat role: time, metric (what is measured), geo, or null for a plain classification. */
  role: 'time' | 'metric' | 'geo' | null;
  categories: CodedValue[];
  /** PxWeb's extension: true when a selection may leave this variable out. */
  elimination: boolean;
  /** The unit of each category that states one (a content variable's): its label, base or symbol. */
  units: Record<string, string>;
}

export interface DecodedCell {
  coordinates: Record<string, CodedValue>;
  value: number | null;
  /** A status symbol such as ".." (not available) when the portal sets one. */
  status: string | null;
}

export interface DecodedDataset {
  label: string | null;
  source: string | null;
  updated: string | null;
  dimensions: DecodedDimension[];
  cells: DecodedCell[];
}

// Enough structure to know the toolkit is reading a dataset and not guessing at something else.
// JSON-stat names a unit by label or symbol; PxWeb v2 by `base` ("antal", "kronor").
const UnitShape = z.looseObject({
  label: z.string().optional(),
  base: z.string().optional(),
  symbol: z.string().optional(),
});

function unitsOf(category: Record<string, unknown>): Record<string, string> {
  const units = z.record(z.string(), z.unknown()).safeParse(category.unit);
  if (!units.success) return {};
  return Object.fromEntries(
    Object.entries(units.data).flatMap(([code, unit]) => {
      const parsed = UnitShape.safeParse(unit);
      const text = parsed.success ? (parsed.data.label ?? parsed.data.base ?? parsed.data.symbol) : undefined;
      return text ? [[code, text]] : [];
    }),
  );
}

const DatasetShape = z.looseObject({
  version: z.string().optional(),
  class: z.literal('dataset'),
  id: z.array(z.string()).min(1),
  size: z.array(z.number().int().nonnegative()),
  dimension: z.record(
    z.string(),
    z.looseObject({
      label: z.string().optional(),
      category: z.looseObject({}),
      extension: z.looseObject({ elimination: z.boolean().optional() }).optional(),
    }),
  ),
});

/**
 * Decodes a JSON-stat 2.0 dataset (dense or sparse values, status as a string, array or map,
 * category index as an array or a map) with the JSON-stat toolkit. `withCells: false` reads the
 * structure only, as PxWeb's v2 metadata answers carry no values.
 */
export function decodeJsonStat(document: unknown, withCells = true): DecodedDataset {
  const shape = DatasetShape.safeParse(document);
  if (!shape.success || shape.data.id.length !== shape.data.size.length) {
    throw new OpenDataError(
      'upstream_error',
      'The portal answered with something that is not a JSON-stat 2.0 dataset.',
      {
        hint: 'The portal may be misconfigured or behind a proxy page; check api_status and try again later.',
      },
    );
  }
  const dataset = JSONstat(withCells ? shape.data : { ...shape.data, value: [] });
  const dimensions = shape.data.id.map((id): DecodedDimension => {
    const dimension = dataset.Dimension(id);
    const role = dimension?.role;
    return {
      id,
      label: dimension?.label ?? null,
      role: role === 'time' || role === 'metric' || role === 'geo' ? role : null,
      categories: (dimension?.id ?? []).map((code) => ({
        code,
        label: dimension?.Category(code)?.label ?? null,
      })),
      elimination: shape.data.dimension[id]?.extension?.elimination ?? false,
      units: unitsOf(shape.data.dimension[id]?.category ?? {}),
    };
  });
  const labels = new Map(dimensions.map((d) => [d.id, new Map(d.categories.map((c) => [c.code, c.label]))]));
  const cells = withCells
    ? dataset.toTable({ type: 'arrobj', content: 'id', status: true }).map((row) => ({
        coordinates: Object.fromEntries(
          shape.data.id.map((id) => {
            const code = String(row[id]);
            return [id, { code, label: labels.get(id)?.get(code) ?? null }];
          }),
        ),
        value: typeof row.value === 'number' ? row.value : null,
        status: typeof row.status === 'string' ? row.status : null,
      }))
    : [];
  return {
    label: dataset.label ?? null,
    source: dataset.source ?? null,
    updated: dataset.updated ?? null,
    dimensions,
    cells,
  };
}
