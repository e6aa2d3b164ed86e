import { describe, expect, it } from 'vitest';
import { foldName } from './fold-name.js';
import { gazetteer } from './gazetteer.js';

const ids = (text: string, kind?: Parameters<ReturnType<typeof gazetteer>['find']>[1]) =>
  gazetteer()
    .find(text, kind)
    .map((p) => p.id);

describe('foldName', () => {
  it('folds case, diacritics, ß and Cyrillic script', () => {
    expect(foldName('Genève')).toBe('geneve');
    expect(foldName('Großbritannien')).toBe('grossbritannien');
    expect(foldName('Женева')).toBe(foldName('Zheneva'));
    expect(foldName('Київ')).toBe('kiyiv');
    expect(foldName("Côte d'Ivoire")).toBe('cote d ivoire');
  });
});

describe('gazetteer', () => {
  it('finds a country by its name in each language', () => {
    for (const name of [
      'Germany',
      'Deutschland',
      'Allemagne',
      'Germania',
      'Duitsland',
      'Alemania',
      'Німеччина',
      'Германия',
    ])
      expect(ids(name), name).toEqual(['country/DE']);
    expect(ids('brasilien')).toEqual(['country/BR']);
    expect(ids('SCHWEIZ')).toEqual(['country/CH']);
  });

  it('reads codes only as written in capitals, and M49 numbers', () => {
    expect(ids('CHE')).toEqual(['country/CH']);
    expect(ids('756')).toEqual(['country/CH']);
    expect(ids('che')).toEqual([]);
    expect(gazetteer().byId('country/CH')?.codes).toEqual({ iso2: 'CH', iso3: 'CHE', m49: '756' });
  });

  it('knows cantons and towns in four languages, and tells them apart by kind', () => {
    expect(ids('Genf')).toEqual(['canton/25', 'municipality/6621']);
    for (const name of ['Genf', 'Genève', 'Ginevra', 'Geneva', 'geneve'])
      expect(ids(name, 'canton'), name).toEqual(['canton/25']);
    expect(ids('Bienne')).toEqual(['municipality/371']);
    expect(ids('Graubünden')).toEqual(['canton/18']);
    expect(ids('Grischun')).toEqual(['canton/18']);
    expect(gazetteer().byId('canton/25')?.codes).toEqual({ bfs: 25, abbreviation: 'GE' });
  });

  it('answers every place a shared name fits', () => {
    expect(ids('GE')).toEqual(['country/GE', 'canton/25']);
  });

  it('lists the members of groups and M49 regions', () => {
    const g = gazetteer();
    const members = (id: string) =>
      g.membersOf(g.byId(id) ?? { id, kind: 'country', names: {}, codes: {}, source: '' }).map((p) => p.id);
    expect(members('group/EU27')).toHaveLength(27);
    expect(members('group/EU27')).not.toContain('country/GB');
    expect(members('group/EA')).toContain('country/BG');
    expect(members('group/OECD')).toHaveLength(38);
    expect(members('group/G7')).toEqual(
      ['CA', 'FR', 'DE', 'IT', 'JP', 'GB', 'US'].map((c) => `country/${c}`),
    );
    expect(ids('Afrique subsaharienne')).toEqual(['m49/202']);
    const ssa = members('m49/202');
    expect(ssa).toContain('country/NG');
    expect(ssa).not.toContain('country/EG');
    expect(members('m49/419')).toEqual(expect.arrayContaining(['country/BR', 'country/MX', 'country/CU']));
    expect(members('country/CH')).toEqual([]);
  });

  it('finds place names inside a question', () => {
    const g = gazetteer();
    const mentioned = (text: string) => g.mentions(text).map((m) => [m.text, m.places.map((p) => p.id)]);
    expect(mentioned('measles in Brazil 2020')).toEqual([['Brazil', ['country/BR']]]);
    expect(mentioned('безробіття Німеччина')).toEqual([['Німеччина', ['country/DE']]]);
    expect(mentioned('Bevölkerung Genf')).toEqual([['Genf', ['canton/25', 'municipality/6621']]]);
    expect(mentioned('unemployment in the euro area')).toEqual([['euro area', ['group/EA']]]);
    expect(mentioned('population of St. Gallen')).toEqual([
      ['St. Gallen', ['canton/17', 'municipality/3203']],
    ]);
    expect(mentioned('show us data on island tourism')).toEqual([]);
    expect(mentioned('GDP in the US')).toEqual([['US', ['country/US']]]);
  });
});
