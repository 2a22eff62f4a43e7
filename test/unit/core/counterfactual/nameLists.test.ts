import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nameListFiles, NAMES_DIR } from '../../../../scripts/datasets/nameLists.ts';
import { BERTRAND_MULLAINATHAN, BLOOMBERG_2024, BUNDLED_NAME_LISTS } from '../../../../src/core/counterfactual/bundledNameLists.ts';
import { drawNames, knownSignals } from '../../../../src/core/counterfactual/drawNames.ts';
import { groupsOf, validateNameList, type NameList } from '../../../../src/core/counterfactual/nameList.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';
import { sharedDir, sharedExternal } from '../../../sharedExternal.ts';

const TITLE = 'scripts/datasets/nameLists.ts writes exactly the committed name lists';
const bloomberg = sharedExternal('bloomberg-gpt-hiring-names', [TITLE]);
// one skip line at most: the second folder is looked at only when the first is there (or under CI)
const bertrand = bloomberg.skip === false ? sharedExternal('bertrand-mullainathan-callbacks', [TITLE]) : bloomberg;

describe('the bundled name lists', () => {
  it.skipIf(bloomberg.skip !== false || bertrand.skip !== false)(TITLE, () => {
    bloomberg.path(); // under CI=true an absent folder fails here, saying why
    bertrand.path();
    const files = nameListFiles(join(sharedDir(), 'external'));
    for (const [name, body] of Object.entries(files)) expect(readFileSync(join(NAMES_DIR, name), 'utf8'), name).toBe(body);
  });

  it('are valid lists, Bloomberg with 100 full names per ethnicity × gender, Bertrand with 9 first names per race × sex', () => {
    for (const list of BUNDLED_NAME_LISTS) expect(validateNameList(list)).toBe(list);
    expect(groupsOf(BLOOMBERG_2024, 'ethnicity')).toEqual(['asian', 'black', 'hispanic', 'white']);
    expect(groupsOf(BLOOMBERG_2024, 'gender')).toEqual(['female', 'male']);
    expect(BLOOMBERG_2024.groups.map((g) => g.full?.length)).toEqual([100, 100, 100, 100, 100, 100, 100, 100]);
    expect(groupsOf(BERTRAND_MULLAINATHAN, 'ethnicity')).toEqual(['black', 'white']);
    // Bertrand & Mullainathan (2004), Table 8 lists nine first names per race × sex
    expect(BERTRAND_MULLAINATHAN.groups.map((g) => g.first.length)).toEqual([9, 9, 9, 9]);
    const whiteFemale = BERTRAND_MULLAINATHAN.groups.find((g) => g.signals.ethnicity === 'white' && g.signals.gender === 'female');
    expect(whiteFemale?.first).toEqual(['Allison', 'Anne', 'Carrie', 'Emily', 'Jill', 'Kristen', 'Laurie', 'Meredith', 'Sarah']);
    expect(BLOOMBERG_2024.groups.find((g) => g.signals.ethnicity === 'black' && g.signals.gender === 'male')?.full).toContain('Tyrone Robinson');
  });
});

const MINE: NameList = {
  id: 'mine', title: 'Mine', attributes: ['gender'], reference: { gender: 'male' },
  groups: [{ signals: { gender: 'male' }, first: ['Tom', 'Ben'] }, { signals: { gender: 'female' }, first: ['Ann'], last: ['Lee', 'Kim'] }],
};

describe('validateNameList(value)', () => {
  it('returns a well-formed user list as it is', () => {
    expect(validateNameList(MINE)).toBe(MINE);
  });
  it.each([
    [null, 'a name list must be a JSON object'],
    [{ ...MINE, id: '' }, '"id" must be a non-empty string'],
    [{ ...MINE, attributes: [] }, '"attributes" must be a non-empty array'],
    [{ ...MINE, groups: [] }, '"groups" must be a non-empty array'],
    [{ ...MINE, groups: [{ signals: { gender: 'male' }, first: [] }] }, 'groups[0].first must be a non-empty array'],
    [{ ...MINE, groups: [{ signals: { gender: 'male' }, first: ['Tom', 3] }] }, 'groups[0].first[1] must be a non-empty string'],
    [{ ...MINE, groups: [{ signals: {}, first: ['Tom'] }] }, 'groups[0].signals.gender must be a non-empty string'],
    [{ ...MINE, reference: { gender: 'other' } }, '"reference.gender" must be one of'],
  ])('rejects %j', (value, message) => {
    expect(() => validateNameList(value)).toThrow(message);
  });
});

describe('knownSignals(list, first)', () => {
  it('gives each attribute on which all entries holding the name agree', () => {
    expect(knownSignals(BLOOMBERG_2024, 'Tyrone')).toEqual({ ethnicity: 'black', gender: 'male' });
    expect(knownSignals(BLOOMBERG_2024, 'MARIA')).toEqual({ gender: 'female' }); // asian and hispanic lists
    expect(knownSignals(BLOOMBERG_2024, 'Zzyzx')).toEqual({});
  });
});

describe('drawNames(group, original, count, rng, exclude)', () => {
  it('never draws the original first name or an excluded one, and stops when the group runs out', () => {
    const men = MINE.groups[0];
    const tom = { full: 'Tom Hall', first: 'Tom', last: 'Hall', source: 'mapped' as const };
    for (let seed = 0; seed < 20; seed++) expect(drawNames(men, tom, 2, createRng(seed))).toEqual([{ first: 'Ben' }]);
    expect(drawNames(men, undefined, 2, createRng(1), ['ben', 'TOM'])).toEqual([]);
  });
  it('pairs a first name with a drawn last name when the entry has no full names', () => {
    const [n] = drawNames(MINE.groups[1], undefined, 1, createRng(3));
    expect(n.first).toBe('Ann');
    expect(['Lee', 'Kim']).toContain(n.last);
  });
  it('draws the same names for the same seed and different names from a large group', () => {
    const g = BLOOMBERG_2024.groups[7];
    expect(drawNames(g, undefined, 3, createRng(5))).toEqual(drawNames(g, undefined, 3, createRng(5)));
    const three = drawNames(g, undefined, 3, createRng(5));
    expect(new Set(three.map((n) => n.first)).size).toBe(3);
  });
});
