import { describe, expect, it } from 'vitest';
import { LESSONS, LESSON_IDS, lessonById, lessonHref, resultsHref } from '../../../src/app/learn/lessonIndex.ts';

describe('lessonIndex', () => {
  it('LESSONS lists every lesson id once, in LESSON_IDS order', () => {
    expect(LESSONS.map((l) => l.id)).toEqual([...LESSON_IDS]);
    expect(LESSON_IDS).toEqual(['ndcg', 'precision-mrr', 'iou-rank-shift', 'rbc', 'screening-bias', 'icc', 'balanced-accuracy', 'bootstrap', 'benjamini-hochberg', 'pareto']);
  });
  it('LESSONS and its rows are frozen', () => {
    expect(Object.isFrozen(LESSONS)).toBe(true);
    for (const l of LESSONS) expect(Object.isFrozen(l) && Object.isFrozen(l.alsoMetrics)).toBe(true);
  });
  it('each lesson names a metric key, a title and a summary', () => {
    const keys = Object.fromEntries(LESSONS.map((l) => [l.id, l.metric]));
    expect(keys).toMatchObject({ ndcg: 'ndcg@10', 'iou-rank-shift': 'iou@10', rbc: 'rbc', 'screening-bias': 'delta_score', icc: 'icc', 'balanced-accuracy': 'balanced_accuracy' });
    for (const l of LESSONS) expect(l.title.length > 0 && l.summary.length > 0).toBe(true);
  });
  it('resultsHref(key) is #/results?metric=<key>, keeping @ readable and escaping the rest', () => {
    expect(resultsHref('ndcg@10')).toBe('#/results?metric=ndcg@10');
    expect(resultsHref('a b&c')).toBe('#/results?metric=a%20b%26c');
    expect(new URLSearchParams(resultsHref('excl@5').split('?')[1]).get('metric')).toBe('excl@5');
  });
  it('lessonById finds a lesson or returns undefined; lessonHref is #/learn/<id>', () => {
    expect(lessonById('rbc')?.metric).toBe('rbc');
    expect(lessonById('nope')).toBeUndefined();
    expect(lessonHref('pareto')).toBe('#/learn/pareto');
  });
});
