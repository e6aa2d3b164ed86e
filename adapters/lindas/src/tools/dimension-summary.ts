import { z } from 'zod';
import type { NamedDimension } from '../cube/dimension-names.js';

export const DimensionSummarySchema = z.object({
  name: z.string().describe('Name in the served language (unique within the cube).'),
  path: z.string().describe('Predicate IRI of the dimension.'),
  role: z.enum(['key', 'measure', 'attribute']),
  datatype: z.string().nullable(),
  unit: z.string().nullable(),
  has_codelist: z.boolean(),
});

export function summarizeDimension(d: NamedDimension): z.infer<typeof DimensionSummarySchema> {
  return {
    name: d.name,
    path: d.path,
    role: d.role,
    datatype: d.datatype,
    unit: d.unit,
    has_codelist: d.hasCodelist,
  };
}
