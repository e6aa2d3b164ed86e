import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { advertisedDataOutput, leanInputSchema, leanOutputSchema } from './lean-json-schema.js';

const json = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;

describe('leanInputSchema', () => {
  const input = z
    .object({
      limit: z.int().min(1).max(100).default(20).describe('Rows to return, 1..100 (default 20).'),
      count: z.int().describe('Any integer.'),
      filters: z.union([z.union([z.string().min(1), z.number()]), z.array(z.string())]).optional(),
    })
    .strict();
  const lean = leanInputSchema(json(input, 'input'));

  it('keeps types, descriptions and strictness; the range and default are in the description only', () => {
    expect(lean.additionalProperties).toBe(false);
    expect((lean.properties as Record<string, object>).limit).toEqual({
      type: 'integer',
      description: 'Rows to return, 1..100 (default 20).',
    });
  });

  it('drops $schema and the safe-integer bounds zod writes for every integer', () => {
    expect(lean).not.toHaveProperty('$schema');
    expect((lean.properties as Record<string, object>).count).toEqual({
      type: 'integer',
      description: 'Any integer.',
    });
  });

  it('flattens nested unions', () => {
    const filters = (lean.properties as Record<string, { anyOf: unknown[] }>).filters;
    expect(filters?.anyOf).toEqual([
      { type: 'string' },
      { type: 'number' },
      expect.objectContaining({ type: 'array' }),
    ]);
  });

  it('leaves out length bounds, patterns, nested numeric bounds and deprecated branches', () => {
    const schema = leanInputSchema(
      json(
        z
          .object({
            id: z
              .string()
              .min(1)
              .max(100)
              .regex(/^[A-Z]+$/)
              .describe('An id.'),
            filters: z
              .union([
                z.record(z.string(), z.union([z.string().max(500), z.number().min(0).max(9)])),
                z.array(z.string()).max(10).meta({ deprecated: true }),
              ])
              .describe('Filters.'),
          })
          .strict(),
        'input',
      ),
    );
    expect(schema.properties).toEqual({
      id: { type: 'string', description: 'An id.' },
      filters: {
        type: 'object',
        additionalProperties: { type: ['string', 'number'] },
        description: 'Filters.',
      },
    });
  });

  it('leaves a property that is named like a keyword alone', () => {
    const schema = leanInputSchema(json(z.object({ minimum: z.string().describe('x') }), 'input'));
    expect(schema.properties).toEqual({ minimum: { type: 'string', description: 'x' } });
  });
});

describe('leanOutputSchema', () => {
  const output = z
    .object({
      rows: z.array(z.array(z.string())).describe('Rows.'),
      total: z.int().nullable().describe('Count, or null.'),
      kind: z.enum(['a', 'b']),
      nested: z.object({ deep: z.object({ value: z.string() }) }).strict(),
      note: z.string().optional(),
    })
    .strict();

  it('keeps the shape of the first level: types, enums, required; nothing else', () => {
    expect(leanOutputSchema(json(output, 'output'))).toEqual({
      type: 'object',
      properties: {
        rows: { type: 'array' },
        total: { type: ['integer', 'null'] },
        kind: { type: 'string' },
        nested: { type: 'object' },
        note: { type: 'string' },
      },
      required: ['rows', 'total', 'kind', 'nested'],
    });
  });

  it('goes deeper on request', () => {
    const lean = leanOutputSchema(json(output, 'output'), 2);
    expect((lean.properties as Record<string, unknown>).nested).toEqual({
      type: 'object',
      properties: { deep: { type: 'object' } },
      required: ['deep'],
    });
    expect((lean.properties as Record<string, unknown>).kind).toEqual({ type: 'string', enum: ['a', 'b'] });
  });
});

describe('advertisedDataOutput', () => {
  it('lists the tool’s own fields with their types and repeats neither the envelope nor the names', () => {
    const schema = advertisedDataOutput(leanOutputSchema(json(z.object({ n: z.number() }), 'output')));
    expect(schema).toEqual({ type: 'object', properties: { n: { type: 'number' } } });
  });
});
