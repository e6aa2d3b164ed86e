import { isOpenDataError, OpenDataError, type ToolContext } from '@opendata-mcp/core';
import { describe, expect, it } from 'vitest';
import type { CodeInfo } from '../registry/structure-types.js';
import { recordingContext, testRuntime } from '../test-support/recorded-structure.test-support.js';
import { hierarchyGroups, hierarchyMembers, loadHierarchies } from './hierarchies.js';
import { membersOf } from './members.js';

const IMF_HCL = 'sdmx-test-data/hcl/IMF_hierarchicalcodelist-0.xml';

const code = (id: string, parent: string | null = null): CodeInfo => ({ id, names: [], parent });

describe('members of an aggregate from hierarchical code lists', () => {
  it('reads the members of an aggregate from a recorded IMF hierarchical code list', async () => {
    const hierarchies = await loadHierarchies(
      testRuntime(),
      recordingContext({ hierarchicalcodelist: IMF_HCL }),
      'IMF',
    );
    expect(hierarchies.length).toBeGreaterThan(0);
    const members = hierarchyMembers(hierarchies, '1C');
    expect(members).toEqual(expect.arrayContaining(['CN', 'US', 'GB']));
    expect(members).not.toContain('1C');
    expect(hierarchyGroups(hierarchies).has('1C')).toBe(true);
  });

  it('prefers the hierarchy to parent links, keeping the codes the code list knows', async () => {
    const hierarchies = await loadHierarchies(
      testRuntime(),
      recordingContext({ hierarchicalcodelist: IMF_HCL }),
      'IMF',
    );
    const list = [code('1C'), code('CN'), code('US'), code('ZZ', '1C')];
    const members = membersOf(list, '1C', hierarchies);
    expect(members.source).toBe('hierarchy');
    expect(members.codes.sort()).toEqual(['CN', 'US']);
    expect(membersOf(list, '1C').codes).toEqual(['ZZ']);
  });

  it('answers no hierarchy where the registry has none, and raises a transport failure', async () => {
    const none = recordingContext({});
    expect(await loadHierarchies(testRuntime(), none, 'UNICEF')).toEqual([]);
    const limited = {
      ...none,
      http: {
        ...none.http,
        fetch: async () => {
          throw new OpenDataError('rate_limited', 'HTTP 429');
        },
      },
    } as ToolContext;
    const error = await loadHierarchies(testRuntime(), limited, 'UNICEF').catch((e: unknown) => e);
    expect(isOpenDataError(error) && error.code).toBe('rate_limited');
  });
});
