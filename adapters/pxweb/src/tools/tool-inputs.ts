import { z } from 'zod';
import { PxwebIdSchema } from '../api/pxweb-ids.js';

export const CodedValueSchema = z.object({
  code: z.string().describe('The code queries use.'),
  label: z
    .string()
    .nullable()
    .describe('The label in the configured language; null when the portal gives none.'),
});

export const TableIdSchema = PxwebIdSchema.describe(
  'Table id from search_tables or browse_tables: "TAB638" on API v2 portals, a path such as "ssd/BE/BE0101/BE0101A/BefolkningNy" on v1 portals.',
);
