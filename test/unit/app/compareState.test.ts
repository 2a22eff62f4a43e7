import { describe, expect, it } from 'vitest';
import { defaultMetrics, runLabel } from '../../../src/app/compare/choices.ts';
import type { RunEntry } from '../../../src/storage/index.ts';

describe('the Compare view’s choices', () => {
  it('defaultMetrics: NDCG, IoU, rank shift, RBC, Kendall τ of a retrieval run; AUC, balanced accuracy, ICC, impact ratio of a screening run', () => {
    expect(defaultMetrics(['ndcg@10', 'p@10', 'mrr@10', 'iou@10', 'rank_shift', 'rbc', 'rbc_abs', 'kendall_tau', 'pearson'])).toEqual(['ndcg@10', 'iou@10', 'rank_shift', 'rbc', 'kendall_tau']);
    expect(defaultMetrics(['auc', 'macro_f1', 'balanced_accuracy', 'icc', 'sigma_score', 'impact_ratio'])).toEqual(['auc', 'balanced_accuracy', 'icc', 'impact_ratio']);
    expect(defaultMetrics(['std_mad'])).toEqual(['std_mad']);
  });

  it('runLabel: the dataset and the run’s number among the finished runs, oldest first', () => {
    const run = (id: string, createdAt: number, status = 'done') => ({ id, createdAt, status, config: { datasetId: 'freelance-twins' } }) as unknown as RunEntry;
    const list = [run('run-c', 30), run('run-a', 10), run('run-b', 20)];
    expect(list.map((r) => runLabel(r, list))).toEqual(['freelance-twins #3', 'freelance-twins #1', 'freelance-twins #2']);
  });

  it('runLabel: failed and interrupted runs take no number, so the finished ones run #1, #2, #3 (issue 48: #1, #2, #5, #7)', () => {
    const run = (id: string, createdAt: number, status: string) => ({ id, createdAt, status, config: { datasetId: 'freelance-twins' } }) as unknown as RunEntry;
    const list = [run('a', 1, 'done'), run('b', 2, 'done'), run('c', 3, 'failed'), run('d', 4, 'interrupted'), run('e', 5, 'done'), run('f', 6, 'failed'), run('g', 7, 'done')];
    expect(list.filter((r) => r.status === 'done').map((r) => runLabel(r, list))).toEqual(['freelance-twins #1', 'freelance-twins #2', 'freelance-twins #3', 'freelance-twins #4']);
  });
});
