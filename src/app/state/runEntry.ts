/**
 * What a run's stored entry (IndexedDB `runs`) keeps of each model: its status, and the finished
 * model's results while anything may still read them from there — a run not yet done resumes
 * from them, a failed run's partial results are made from them, and a screening run's decision
 * rule is recomputed from its models' scores (results/ScreeningResults.svelte). A finished
 * retrieval run's results object (`results`) holds every model's results, so its entry keeps the
 * statuses only: the Results list reads every entry on each refresh, and a model's results at
 * 100,000 documents are ~1.5 MB to clone (its rank-shift histogram), three times over for the
 * demo's three models.
 */
import { runModelKey, type RunConfig, type StoredModelProgress } from '../../core/audit/run/index.ts';
import type { RunEntry } from '../../storage/index.ts';

/**
 * The `progress` of a run's entry in state `status`, from what each model left (`stored`, by
 * model key; a model not there is waiting).
 * @example storedProgress(config, { bm25: { status: 'done', results } }, 'done').bm25.detail // { status: 'done' } for a retrieval run
 */
export function storedProgress(config: RunConfig, stored: Readonly<Record<string, StoredModelProgress>>, status: RunEntry['status']): RunEntry['progress'] {
  const keepResults = status !== 'done' || config.kind === 'screening';
  return Object.fromEntries(
    config.models.map((m) => {
      const key = runModelKey(m);
      const s = stored[key];
      const detail: StoredModelProgress = s === undefined ? { status: 'waiting' } : keepResults || s.results === undefined ? s : { status: s.status };
      return [key, { done: s?.status === 'done' ? 1 : 0, total: 1, detail }];
    }),
  );
}
