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
 * Seconds left at a steady rate: (total − done) × elapsed / done; undefined
 * before anything is done.
 * @example etaOf(25, 100, 5000) // 15
 */
export function etaOf(done: number, total: number, elapsedMs: number): number | undefined {
  return done > 0 && elapsedMs > 0 ? ((total - done) * elapsedMs) / done / 1000 : undefined;
}
