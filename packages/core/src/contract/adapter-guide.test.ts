import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE_LIST } from '../errors/error-codes.js';

// The guide ships as the package README; these keep it from falling behind the contract.
const guide = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

/** The member names of an exported interface, read from its source. */
function membersOf(file: string, name: string): string[] {
  const text = source(file);
  const start = text.indexOf(`export interface ${name}`);
  const body = text.slice(text.indexOf('{', start) + 1);
  let depth = 0;
  let end = 0;
  for (; end < body.length; end++) {
    if (body[end] === '{') depth++;
    if (body[end] === '}' && depth-- === 0) break;
  }
  return [...body.slice(0, end).matchAll(/^ {2}(\w+)\??[(:]/gm)].map((m) => m[1] as string);
}

describe('the adapter guide (core README)', () => {
  it.each(membersOf('./adapter.ts', 'Adapter'))('documents the adapter field %s', (field) => {
    expect(guide).toContain(`| \`${field}\``);
  });

  it.each(membersOf('./context.ts', 'ToolContext'))('documents the context member %s', (member) => {
    expect(guide).toContain(`| \`${member}\``);
  });

  it.each(membersOf('./search-capability.ts', 'SearchHit'))('documents the search hit field %s', (field) => {
    expect(guide).toContain(`| \`${field}\``);
  });

  it.each([
    ...membersOf('./adapter-plugin.ts', 'OfflineFixture'),
    ...membersOf('./demo-journey.ts', 'DemoJourney'),
    ...membersOf('./demo-journey.ts', 'DemoStep'),
  ])('names the plugin fixture and demo member %s', (member) => {
    expect(guide).toContain(`\`${member}`);
  });

  it.each(ERROR_CODE_LIST)('says when to use the error code %s', (code) => {
    expect(guide).toContain(`| \`${code}\``);
  });

  it.each(
    [...source('../testing/index.ts').matchAll(/\b(create\w+|connect\w+|start\w+|run\w+|watch\w+)\b/g)].map(
      (m) => m[1],
    ),
  )('documents the testing helper %s', (helper) => {
    expect(guide).toContain(`\`${helper}(`);
  });

  it('names the shared network options and the plugin export', () => {
    for (const name of [
      'networkOptionsShape',
      'networkPolicyOf',
      'trusted_hosts',
      'allowed_hosts',
      'adapterPlugin',
    ])
      expect(guide).toContain(name);
  });
});
