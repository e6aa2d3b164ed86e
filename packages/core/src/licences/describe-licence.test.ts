import { describe, expect, it } from 'vitest';
import { describeLicence } from './describe-licence.js';

describe('describeLicence', () => {
  it('names the licences portals point at, whatever the spelling of the URI', () => {
    expect(describeLicence('http://www.opendefinition.org/licenses/cc-by')?.name).toBe(
      'Creative Commons Attribution',
    );
    expect(describeLicence('https://creativecommons.org/licenses/by/4.0/legalcode')?.id).toBe('CC-BY-4.0');
    expect(describeLicence('http://creativecommons.org/licenses/by/3.0/au/')?.id).toBe('CC-BY-3.0');
    expect(describeLicence('http://www.opendefinition.org/licenses/cc-zero')?.terms).toMatch(
      /^No restrictions/,
    );
    expect(describeLicence('http://www.opendefinition.org/licenses/odc-odbl')?.terms).toMatch(/Share-alike/);
  });

  it('reads a Fedlex act as a legal basis, a known act by its name', () => {
    const usg = describeLicence('https://fedlex.data.admin.ch/eli/cc/1984/1122_1122_1122');
    expect(usg?.name).toContain('SR 814.01');
    expect(usg?.terms).toMatch(/not a licence/);
    expect(describeLicence('https://fedlex.data.admin.ch/eli/cc/2020/123')?.id).toBe('fedlex-act');
  });

  it('leaves an unknown licence a URI', () => {
    expect(describeLicence('https://example.org/my-licence')).toBeNull();
    expect(describeLicence(null)).toBeNull();
  });
});
