import { describe, expect, it } from 'vitest';
import { groupLabelOf, poolGroupCounts } from '../../../../src/core/metrics/groupFairness/index.ts';

describe('groupLabelOf', () => {
  it('groupLabelOf(meta, [a, b]) joins two fields with " × "; groupLabelOf(meta, [a]) is the field', () => {
    expect(groupLabelOf({ gender: 'female', seniority: 'senior' }, ['gender', 'seniority'])).toBe('female × senior');
    expect(groupLabelOf({ gender: ' male ' }, ['gender'])).toBe('male');
    expect(groupLabelOf({ years: 5, remote: false }, ['years', 'remote'])).toBe('5 × false');
  });

  it('groupLabelOf returns undefined when a field is missing, null, blank, an object, or inherited', () => {
    expect(groupLabelOf({ gender: '' }, ['gender'])).toBeUndefined();
    expect(groupLabelOf({ gender: 'female' }, ['gender', 'seniority'])).toBeUndefined();
    expect(groupLabelOf({ gender: null }, ['gender'])).toBeUndefined();
    expect(groupLabelOf({ gender: ['f'] }, ['gender'])).toBeUndefined();
    expect(groupLabelOf({}, ['toString'])).toBeUndefined();
  });
});

describe('poolGroupCounts', () => {
  it('poolGroupCounts(ids, labelOf) counts the labelled ids by group and the unlabelled ones', () => {
    const labels: Record<string, string> = { a: 'f', b: 'm' };
    const { counts, nUnlabelled } = poolGroupCounts(['a', 'b', 'c'], (id) => labels[id]);
    expect([...counts]).toEqual([['f', 1], ['m', 1]]);
    expect(nUnlabelled).toBe(1);
  });
});
