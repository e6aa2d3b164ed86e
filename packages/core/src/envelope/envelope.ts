import { z } from 'zod';
import type { ErrorBody } from '../errors/error-body.js';
import { ERROR_CODE_LIST } from '../errors/error-codes.js';
import { buildCitation } from './citation.js';
import { type Provenance, ProvenanceSchema } from './provenance.js';

export interface SuccessEnvelope {
  ok: true;
  [field: string]: unknown;
  source: Provenance;
  citation: string;
  retrieved_at: string;
}

export interface ErrorEnvelope {
  ok: false;
  error: ErrorBody;
}

export type Envelope = SuccessEnvelope | ErrorEnvelope;

const RESERVED = [
  'ok',
  'source',
  'citation',
  'retrieved_at',
  'error',
  'deprecated',
  'result_id',
  'result_note',
] as const;

/** The success envelope schema advertised as a tool's output schema. */
export function successEnvelopeSchema<Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) {
  return fields.extend({
    ok: z.literal(true).describe('Always true on success; failures come back with ok: false and isError.'),
    source: ProvenanceSchema.describe('Provenance: where and when this answer was read.'),
    citation: z.string().describe('One line a person can paste to credit the source.'),
    retrieved_at: z.string().describe('When this server fetched the data (ISO 8601).'),
    result_id: z
      .string()
      .nullable()
      .optional()
      .describe(
        'Present when the answer has a table: the id of that table as this server keeps it, to combine it with others in query_results; null when it was not kept (result_note says why).',
      ),
    result_note: z.string().optional().describe('Why the table was not kept, when result_id is null.'),
    deprecated: z
      .array(z.string())
      .optional()
      .describe('Present when the call used an old parameter name: which, and the name to use instead.'),
  });
}

export const ErrorEnvelopeSchema = z.object({
  ok: z.literal(false),
  error: z.object({
    code: z.enum(ERROR_CODE_LIST as [string, ...string[]]),
    message: z.string(),
    hint: z.string().nullable(),
    retryable: z.boolean(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

/**
 * Builds a success envelope. Provenance is checked at run time as well as by the types:
 * a data answer without a valid source is a bug and never leaves the server.
 */
export function successEnvelope(data: Record<string, unknown>, source: Provenance): SuccessEnvelope {
  const checked = ProvenanceSchema.safeParse(source);
  if (!checked.success) {
    throw new MissingProvenanceError(
      checked.error.issues.map((i) => i.path.join('.') || i.message).join(', '),
    );
  }
  for (const key of RESERVED) {
    if (key in data) throw new Error(`Tool data must not set the envelope field "${key}".`);
  }
  return {
    ok: true,
    ...data,
    source: checked.data,
    citation: buildCitation(checked.data),
    retrieved_at: checked.data.retrieved_at,
  };
}

export function errorEnvelope(error: ErrorBody): ErrorEnvelope {
  return { ok: false, error };
}

export class MissingProvenanceError extends Error {
  constructor(fields: string) {
    super(`Refusing to emit a data answer without valid provenance (${fields}).`);
    this.name = 'MissingProvenanceError';
  }
}
