import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, READ_ONLY_OPEN_WORLD } from '../contract/tool.js';
import { vocabularyProblems } from './vocabulary-problems.js';

function toolWithRegion(description: string) {
  return defineTool({
    name: 'get_values',
    title: 'Values',
    description: 'Reads values of a region.',
    input: z.strictObject({ region: z.array(z.string()).optional().describe(description) }),
    output: z.object({ values: z.array(z.number()) }),
    annotations: READ_ONLY_OPEN_WORLD,
    execute: async () => {
      throw new Error('never called: the check reads the metadata only');
    },
  });
}

const refusal = 'region: optional, but the description does not state the default';

describe('the default an optional parameter takes, stated in its description', () => {
  it.each([
    'Region codes; default: every region.',
    'Region codes; all regions by default.',
    'Region codes, all regions when left out.',
    'Region codes; all regions if left out.',
    'Region codes; every region if omitted.',
    'Region codes; every region when omitted.',
    'Region codes; every region when not given.',
    'Region codes; every region if it is not set.',
    'Region codes; every region when absent.',
    'Optional region codes to narrow the answer.',
    'Region codes; defaults to every region.',
  ])('accepts %j', (description) => {
    expect(vocabularyProblems(toolWithRegion(description))).toEqual([]);
  });

  it.each([
    'Region codes to read.',
    'Region codes; every region.',
    'Region codes, left to the portal.',
    'Region codes; the portal omits empty ones.',
    'Region codes given as a list.',
  ])('refuses %j', (description) => {
    expect(vocabularyProblems(toolWithRegion(description))).toEqual([refusal]);
  });

  it('asks nothing of a required parameter', () => {
    const tool = toolWithRegion('Region codes to read.');
    const required = {
      ...tool,
      input: z.strictObject({ region: z.array(z.string()).describe('Region codes.') }),
    };
    expect(vocabularyProblems(required)).toEqual([]);
  });
});
