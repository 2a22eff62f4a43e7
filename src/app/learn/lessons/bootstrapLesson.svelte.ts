import { BOOTSTRAP_SEED, MAX_RESAMPLES, QUERY_NDCG, bootstrapSnapshot } from './bootstrapExample.ts';

/** State of the bootstrap lesson: how many resamples have been drawn (always the same seeded stream). */
export class BootstrapLessonState {
  readonly values = QUERY_NDCG;
  readonly seed = BOOTSTRAP_SEED;
  readonly max = MAX_RESAMPLES;
  drawn = $state(0);
  snapshot = $derived(bootstrapSnapshot(QUERY_NDCG, this.drawn, BOOTSTRAP_SEED));

  draw(count: number): void {
    this.drawn = Math.min(MAX_RESAMPLES, this.drawn + count);
  }

  drawUpTo(total: number): void {
    this.drawn = Math.max(this.drawn, Math.min(MAX_RESAMPLES, total));
  }

  reset(): void {
    this.drawn = 0;
  }
}
