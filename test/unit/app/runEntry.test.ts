/**
 * What a run's stored entry keeps of each model (src/app/state/runEntry.ts): the finished models'
 * results while the run may resume or fail, or is a screening run; a finished retrieval run's
 * statuses only (its results object holds the results).
 */
import { describe, expect, it } from 'vitest';
import { storedProgress } from '../../../src/app/state/runEntry.ts';
import type { FinishedModel, RetrievalRunConfig, ScreeningRunConfig, StoredModelProgress } from '../../../src/core/audit/run/index.ts';

const retrieval: RetrievalRunConfig = { kind: 'retrieval-fairness', datasetId: 'd', tasks: ['briefs'], models: [{ kind: 'bm25' }, { kind: 'tfidf' }], k: 10, bootstrap: 100, seed: 0 };
const screening = { kind: 'screening', datasetId: 'd', task: 't', models: [{ kind: 'imported', scores: { name: 'vendor' } }], runs: 2, bootstrap: 100, seed: 0 } as unknown as ScreeningRunConfig;
const results = [{ marker: 'results of a finished model' }] as unknown as FinishedModel;

describe('storedProgress(config, stored, status)', () => {
  const stored: Record<string, StoredModelProgress> = { bm25: { status: 'done', results } };

  it('keeps a finished model\'s results while the run is running, failed or cancelled; a model not there is waiting', () => {
    for (const status of ['running', 'failed', 'cancelled'] as const) {
      expect(storedProgress(retrieval, stored, status)).toEqual({
        bm25: { done: 1, total: 1, detail: { status: 'done', results } },
        tfidf: { done: 0, total: 1, detail: { status: 'waiting' } },
      });
    }
  });

  it('keeps the statuses only once a retrieval run is done (its results object holds the results)', () => {
    const both = { ...stored, tfidf: { status: 'done', results } } as const;
    expect(storedProgress(retrieval, both, 'done')).toEqual({
      bm25: { done: 1, total: 1, detail: { status: 'done' } },
      tfidf: { done: 1, total: 1, detail: { status: 'done' } },
    });
  });

  it('keeps a done screening run\'s model scores (the decision rule is recomputed from them)', () => {
    expect(storedProgress(screening, { 'imported:vendor': { status: 'done', results } }, 'done')).toEqual({
      'imported:vendor': { done: 1, total: 1, detail: { status: 'done', results } },
    });
  });
});
