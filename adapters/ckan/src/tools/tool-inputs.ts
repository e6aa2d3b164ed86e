import { z } from 'zod';

/** CKAN ids are UUIDs or lower-case names; this also keeps anything odd out of API URLs. */
export const DatasetIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'a CKAN dataset id or name (letters, digits, - _ . :)')
  .describe('Dataset id or name from search_datasets.');

export const ResourceIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'a CKAN resource id')
  .describe('Resource id from get_dataset `resources[].id`.');
