import { describe, expect, it } from 'vitest';
import { LESSONS, LESSON_IDS, latestRun, lessonById, lessonHref, metricKeyIn, resultsHref } from '../../../src/app/learn/lessonIndex.ts';
import type { RunEntry } from '../../../src/storage/index.ts';

describe('lessonIndex', () => {
  it('LESSONS lists every lesson id once, in LESSON_IDS order', () => {
    expect(LESSONS.map((l) => l.id)).toEqual([...LESSON_IDS]);
    expect(LESSON_IDS).toEqual(['ndcg', 'precision-mrr', 'iou-rank-shift', 'rbc', 'cohens-d-odds-ratio', 'screening-bias', 'four-fifths', 'who-gets-seen', 'icc', 'balanced-accuracy', 'bootstrap', 'benjamini-hochberg', 'pareto', 'planted-bias']);
  });
  it('LESSONS and its rows are frozen', () => {
    expect(Object.isFrozen(LESSONS)).toBe(true);
    for (const l of LESSONS) expect(Object.isFrozen(l) && Object.isFrozen(l.alsoMetrics)).toBe(true);
  });
  it('each lesson names a metric key, a title and a summary', () => {
    const keys = Object.fromEntries(LESSONS.map((l) => [l.id, l.metric]));
    expect(keys).toMatchObject({ ndcg: 'ndcg@10', 'iou-rank-shift': 'iou@10', rbc: 'rbc', 'cohens-d-odds-ratio': 'cohens_d', 'screening-bias': 'delta_score', 'four-fifths': 'impact_ratio', icc: 'icc', 'balanced-accuracy': 'balanced_accuracy', 'benjamini-hochberg': 'q_score' });
    expect(lessonById('cohens-d-odds-ratio')?.alsoMetrics).toEqual(['odds_ratio@10']);
    expect(lessonById('four-fifths')?.alsoMetrics).toEqual(['selection_rate']);
    expect(LESSONS.filter((l) => l.audit === 'screening').map((l) => l.id)).toEqual(['screening-bias', 'four-fifths', 'icc', 'balanced-accuracy', 'benjamini-hochberg', 'planted-bias']);
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

  it('resultsHref(key, run) opens that stored result at the metric, in the run’s own k', () => {
    const run = { id: 'run-20260101-ab', audit: 'retrieval-fairness' as const, k: 5 };
    expect(resultsHref('odds_ratio@10', run)).toBe('#/results/run-20260101-ab?metric=odds_ratio@5');
    expect(resultsHref('cohens_d', run)).toBe('#/results/run-20260101-ab?metric=cohens_d');
    expect(resultsHref('impact_ratio', { id: 'a/b', audit: 'screening' })).toBe('#/results/a%2Fb?metric=impact_ratio');
    expect(metricKeyIn('odds_ratio@10', run)).toBe('odds_ratio@5'); // the @example
    expect(metricKeyIn('excl@5', { id: 's', audit: 'screening' })).toBe('excl@5');
  });
  it('latestRun(runs, audit) is the newest finished run of that audit, undefined when none', () => {
    const entry = (id: string, kind: 'retrieval-fairness' | 'screening', createdAt: number, status: RunEntry['status'] = 'done') =>
      ({ id, createdAt, updatedAt: createdAt, status, progress: {}, config: kind === 'screening' ? { kind, datasetId: 'd', task: 't', models: [] } : { kind, datasetId: 'd', tasks: [], models: [], k: 10, bootstrap: 0, seed: 0 } }) as unknown as RunEntry;
    const runs = [entry('r1', 'retrieval-fairness', 1), entry('r2', 'retrieval-fairness', 3, 'failed'), entry('r3', 'retrieval-fairness', 2), entry('s1', 'screening', 5)];
    expect(latestRun(runs, 'retrieval-fairness')).toEqual({ id: 'r3', audit: 'retrieval-fairness', k: 10 });
    expect(latestRun(runs, 'screening')).toEqual({ id: 's1', audit: 'screening' });
    expect(latestRun([], 'screening')).toBeUndefined();
  });
});
