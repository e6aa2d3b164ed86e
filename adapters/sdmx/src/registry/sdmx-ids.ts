import { z } from 'zod';

// SDMX IDType is [A-Za-z0-9_@$-]+; agencies may be nested with dots (OECD.DAF). Anything else
// is refused before it can reach a REST path, so a path segment can never be `..`, `/` or a query.
const ID = /^[A-Za-z0-9_@$-]{1,100}$/;
const AGENCY = /^[A-Za-z0-9_@$-]{1,60}(?:\.[A-Za-z0-9_@$-]{1,60}){0,4}$/;
const VERSION = /^(?:\d{1,4}(?:\.\d{1,4}){0,2}|latest)$/;
// Annual, semester, quarter, month, week, day, and ISO dates: the period forms registries accept.
const PERIOD = /^\d{4}(?:-(?:[SQMWD]?\d{1,3}|A1|\d{2}-\d{2}))?$/;

export const FlowIdSchema = z
  .string()
  .regex(ID, 'an SDMX id: letters, digits, _ @ $ -')
  .describe('Dataflow id from search_dataflows, e.g. "CME".');

export const AgencyIdSchema = z
  .string()
  .regex(AGENCY, 'an SDMX agency id, e.g. "UNICEF" or "OECD.DAF"')
  .describe("Flow agency (default: the registry's).");

export const VersionSchema = z
  .string()
  .regex(VERSION, 'a version such as "1.0" or "latest"')
  .describe('Flow version (default: latest).');

export const CodeIdSchema = z.string().regex(ID, 'an SDMX code id');

export const PeriodSchema = z
  .string()
  .regex(PERIOD, 'an SDMX period such as 2020, 2020-Q1, 2020-03 or 2020-03-31');

/** One REST path segment; the ids are already validated, encoding keeps `@` and `$` literal-safe. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

export function isSdmxId(value: string): boolean {
  return ID.test(value);
}

export const LanguageSchema = z
  .string()
  .regex(/^[a-z]{2}$/, 'a two-letter language code')
  .optional()
  .describe('Label language, e.g. "fr" (default: the registry\'s), else English.');
