import { AgencyIdSchema, FlowIdSchema, LanguageSchema, VersionSchema } from '../registry/sdmx-ids.js';

/** The three parts that name a dataflow, shared by every tool that reads one. */
export const flowInputShape = {
  flow_id: FlowIdSchema,
  agency: AgencyIdSchema.optional(),
  version: VersionSchema.optional(),
  language: LanguageSchema,
};
