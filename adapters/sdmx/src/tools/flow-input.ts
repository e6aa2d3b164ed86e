import { z } from 'zod';
import { AgencyIdSchema, FlowIdSchema, VersionSchema } from '../registry/sdmx-ids.js';

/** The three parts that name a dataflow, shared by every tool that reads one. */
export const flowInputShape = {
  flow_id: FlowIdSchema,
  agency: AgencyIdSchema.optional(),
  version: VersionSchema.optional(),
};

export const CodedValueSchema = z.object({
  code: z.string(),
  label: z.string().nullable().describe('The code name the registry gives; null when it gives none.'),
});
