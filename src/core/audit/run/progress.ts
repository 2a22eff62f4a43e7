import { etaSeconds } from '../../models/loadProgress.ts';

/**
 * Where one model of a run stands: what the run-progress view shows and
 * the runs store keeps, the same for every audit kind.
 */
export interface ModelRunProgress {
  readonly status: 'waiting' | 'loading' | 'embedding' | 'scoring' | 'done' | 'failed' | 'cancelled';
  readonly done: number;
  readonly total: number;
  readonly etaSeconds?: number;
  readonly device?: string;
  readonly dtype?: string;
  readonly message?: string;
}

/** Reports a model's progress under its key. */
export type ProgressPort = (modelKey: string, progress: ModelRunProgress) => void;

/**
 * Seconds left at a steady rate: (total − done) × elapsed / done; undefined until 2 s have passed
 * and a tenth of the work is done (core/models/loadProgress.ts, ETA_MIN: an early rate misleads).
 * @example etaOf(25, 100, 5000) // 15
 */
export function etaOf(done: number, total: number, elapsedMs: number): number | undefined {
  return etaSeconds(done, total, elapsedMs);
}

/**
 * The query counter of a model's scoring, naming the query set it counts in (issue 48: the counter
 * restarted for the second set without saying so).
 * @example queryProgressMessage([{ task: 'briefs', twinsTask: 'gender-briefs' }, { task: 'short', twinsTask: '' }], 1, 12, 40)
 *   // 'query set 2 of 2 (short): query 12 of 40'
 */
export function queryProgressMessage(subsets: readonly { readonly task: string; readonly twinsTask: string }[], index: number, done: number, of: number): string {
  const s = subsets[index];
  const name = s ? `${s.task}${s.twinsTask ? ` · ${s.twinsTask}` : ''}` : `set ${index + 1}`;
  const counter = `query ${done.toLocaleString('en')} of ${of.toLocaleString('en')}`;
  return subsets.length > 1 ? `query set ${index + 1} of ${subsets.length} (${name}): ${counter}` : `${name}: ${counter}`;
}
