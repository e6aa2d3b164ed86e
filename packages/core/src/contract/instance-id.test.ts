import { describe, expect, it } from 'vitest';
import { instanceIdParam } from './instance-id.js';

const schema = instanceIdParam('ckan');

describe('instanceIdParam', () => {
  it('defaults to the adapter name and keeps a valid id', () => {
    expect(schema.parse(undefined)).toBe('ckan');
    expect(schema.parse('opendata_swiss-2')).toBe('opendata_swiss-2');
    expect(schema.parse(`a${'b'.repeat(39)}`)).toHaveLength(40);
  });

  it.each([
    ['empty', ''],
    ['too long', `a${'b'.repeat(40)}`],
    ['upper case', 'Ckan'],
    ['a leading digit', '1ckan'],
    ['a leading dash', '-ckan'],
    ['a dot', 'ckan.ch'],
    ['a space', 'ckan ch'],
    ['a slash', 'ckan/ch'],
  ])('refuses %s', (_what, id) => {
    const result = schema.safeParse(id);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/lower-case letter/);
  });

  it('refuses a value that is not a string', () => {
    expect(schema.safeParse(42).success).toBe(false);
  });
});
