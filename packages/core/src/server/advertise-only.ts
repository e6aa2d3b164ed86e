import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';
import type { AnyObjectSchema } from '../contract/tool.js';
import { successEnvelopeSchema } from '../envelope/envelope.js';
import { advertisedDataOutput, leanInputSchema, leanOutputSchema } from './lean-json-schema.js';

type JsonSchemaConverter = StandardSchemaWithJSON['~standard']['jsonSchema'];
type Json = Record<string, unknown>;

const envelopes = new WeakMap<AnyObjectSchema, AnyObjectSchema>();

/**
 * Hands the SDK a schema to advertise in `tools/list` without letting it validate: core checks
 * arguments and results itself, so a bad argument comes back as an `invalid_input` envelope the
 * agent can act on instead of a bare protocol error. Built once per schema, JSON Schema included:
 * HTTP serving builds a server per request, and converting zod to JSON Schema each time cost
 * more than the rest of the call. What is advertised is lean (see lean-json-schema.ts), so that
 * `tools/list` stays small.
 */
export const advertiseInput = advertiser((json) => leanInputSchema(json));

/** The output schema of a data tool: its own fields' shape (the envelope is in the instructions). */
export const advertiseDataOutput = advertiser((json) => advertisedDataOutput(leanOutputSchema(json)));

/** The output schema of a content tool, which has no envelope. */
export const advertiseOutput = advertiser((json) => leanOutputSchema(json));

function advertiser(shape: (json: Json) => Json): (schema: z.ZodType) => StandardSchemaWithJSON {
  const advertised = new WeakMap<z.ZodType, StandardSchemaWithJSON>();
  return (schema) => {
    const known = advertised.get(schema);
    if (known) return known;
    const standard = schema['~standard'] as z.ZodType['~standard'] & { jsonSchema: JsonSchemaConverter };
    const wrapped: StandardSchemaWithJSON = {
      '~standard': {
        version: 1,
        vendor: 'opendata-mcp',
        validate: (value: unknown) => ({ value }),
        jsonSchema: {
          input: memoize((options) => shape(standard.jsonSchema.input(options))),
          output: memoize((options) => shape(standard.jsonSchema.output(options))),
        },
      },
    };
    advertised.set(schema, wrapped);
    return wrapped;
  };
}

/** The success envelope schema of a data tool, built once: zod compiles each schema on first parse. */
export function envelopeSchemaOf(output: AnyObjectSchema): AnyObjectSchema {
  let schema = envelopes.get(output);
  if (!schema) {
    schema = successEnvelopeSchema(output);
    envelopes.set(output, schema);
  }
  return schema;
}

function memoize<Options, Result>(convert: (options: Options) => Result): (options: Options) => Result {
  const results = new Map<string, Result>();
  return (options) => {
    const key = JSON.stringify(options ?? null);
    let result = results.get(key);
    if (result === undefined) {
      result = convert(options);
      results.set(key, result);
    }
    return result;
  };
}
