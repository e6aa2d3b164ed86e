import { gazetteer, isOpenDataError } from '@opendata-mcp/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FlowStructure } from '../registry/flow-structure.js';
import { recordedCme } from '../test-support/recorded-structure.test-support.js';
import { codeTree } from './code-tree.js';
import { dimensionRoles } from './dimension-roles.js';
import { gazetteerGroup } from './gazetteer-group.js';
import { placeCodeIn } from './place-codes.js';
import { resolveFilters } from './resolve-filters.js';

describe('place names against the recorded UNICEF area code list', () => {
  let cme: FlowStructure;
  beforeAll(async () => {
    cme = await recordedCme();
  });
  const area = (asked: string) =>
    resolveFilters(
      cme,
      dimensionRoles(cme),
      { REF_AREA: asked },
      { language: 'en', totalDefaults: [], totalCode: '_T' },
    );
  const codeOf = (id: string) => {
    const place = gazetteer().byId(id);
    if (!place) throw new Error(id);
    return placeCodeIn(cme.dimensions[0]?.codelist?.codes ?? [], place, 'en')?.id ?? null;
  };

  it('reads country names in other languages as the list codes them', () => {
    for (const [asked, code] of [
      ['Brasilien', 'BRA'],
      ['Німеччина', 'DEU'],
      ['Germania', 'DEU'],
      ['Zwitserland', 'CHE'],
      ['Svizzera', 'CHE'],
    ]) {
      const out = area(asked as string);
      expect(out.codes.REF_AREA, asked).toEqual([code]);
      expect(out.resolved[0]?.matched_by, asked).toBe('place');
    }
  });

  it('leaves names the list itself holds to its labels', () => {
    // UNICEF names its codes in French, Spanish and Russian too.
    expect(area('Германия').resolved[0]).toMatchObject({ code: 'DEU', matched_by: 'label' });
    expect(area('Allemagne').resolved[0]).toMatchObject({ code: 'DEU', matched_by: 'label' });
  });

  it('finds groups by their usual codes, their names, or their M49 number', () => {
    expect(codeOf('group/OECD')).toBe('OECD');
    expect(codeOf('m49/001')).toBe('WORLD');
    expect(codeOf('m49/419')).toBe('UNDEV_419');
    expect(area('Lateinamerika und Karibik').codes.REF_AREA).toEqual(['UNDEV_419']);
  });

  it('answers null, and keeps refusing, where the list has no code for the place', () => {
    expect(codeOf('canton/25')).toBeNull();
    expect(codeOf('group/G7')).toBeNull();
    try {
      area('Genf');
      expect.unreachable();
    } catch (error) {
      expect(isOpenDataError(error) && error.code).toBe('invalid_input');
    }
  });

  it('reads a group through the registry code when it has one, else through the gazetteer members', () => {
    const all = cme.dimensions[0]?.codelist?.codes ?? [];
    const tree = codeTree(all);
    const aggregates = all.filter((c) => tree.children.has(c.id));
    const group = (asked: string) => gazetteerGroup(asked, all, aggregates, 'en');
    expect(group('G7')).toMatchObject({
      kind: 'gazetteer',
      label: 'G7',
      memberCodes: ['CAN', 'FRA', 'DEU', 'ITA', 'JPN', 'GBR', 'USA'],
    });
    expect(group('Europäische Union')).toMatchObject({ kind: 'gazetteer' });
    expect(group('Europäische Union')?.kind === 'gazetteer' && group('Europäische Union')).toMatchObject({
      memberCodes: expect.arrayContaining(['DEU', 'FRA', 'BGR']),
    });
    // UNICEF's list names the region UNDEV_419 but links no members to it: the gazetteer's count.
    expect(group('Lateinamerika und Karibik')).toMatchObject({
      kind: 'gazetteer',
      memberCodes: expect.arrayContaining(['BRA', 'MEX', 'CUB']),
    });
    // Where the registry gives the region members, its own code decides them.
    expect(gazetteerGroup('Lateinamerika und Karibik', all, all, 'en')).toEqual({
      kind: 'registry',
      code: 'UNDEV_419',
    });
    expect(group('Genf')).toBeNull();
  });
});
