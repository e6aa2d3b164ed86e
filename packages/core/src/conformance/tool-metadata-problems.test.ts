import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { toolMetadataProblems } from './tool-metadata-problems.js';

const listed = (annotations: Tool['annotations']): Tool => ({
  name: 'get_thing',
  title: 'A thing',
  description: 'Reads one thing from the portal, with its provenance and a citation line to quote.',
  inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'The id.' } } },
  outputSchema: { type: 'object', properties: { thing: { type: 'string' } } },
  annotations,
});

describe('toolMetadataProblems', () => {
  it('accepts a read-only tool whose listing leaves out the hints the specification implies', () => {
    expect(toolMetadataProblems(listed({ readOnlyHint: true, idempotentHint: true }))).toEqual([]);
  });

  it('asks a tool that writes to say whether it destroys, and every tool to say whether it is read-only', () => {
    expect(toolMetadataProblems(listed({ readOnlyHint: false, idempotentHint: true }))).toEqual([
      'get_thing: annotation destructiveHint not set',
    ]);
    expect(toolMetadataProblems(listed({ idempotentHint: true }))).toEqual([
      'get_thing: annotation readOnlyHint not set',
      'get_thing: annotation destructiveHint not set',
    ]);
  });

  it('names an undescribed parameter and a missing output schema', () => {
    const tool = { ...listed({ readOnlyHint: true, idempotentHint: true }), outputSchema: undefined };
    tool.inputSchema = { type: 'object', properties: { id: { type: 'string' } } };
    expect(toolMetadataProblems(tool)).toEqual([
      'get_thing: no output schema',
      'get_thing.id: parameter not described',
    ]);
  });
});
