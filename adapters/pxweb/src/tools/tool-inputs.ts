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

export const LanguageSchema = z
  .string()
  .regex(/^[a-z]{2}$/, 'a two-letter language code')
  .optional()
  .describe(
    'Language of titles and labels, a two-letter code the portal serves, e.g. "en" or "sv" (default: the language configured for this portal).',
  );
