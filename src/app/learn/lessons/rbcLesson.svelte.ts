import { FEW_NON_TIES, MANY_NON_TIES, pairTotal, rbcOf, type PairCounts } from './rbcExample.ts';

/** State of the RBC lesson: win counts the reader adds to, and RBC by the core. */
export class RbcLessonState {
  counts = $state<PairCounts>({ ...FEW_NON_TIES });
  rbc = $derived(rbcOf(this.counts));
  total = $derived(pairTotal(this.counts));
  readonly contrast = MANY_NON_TIES;
  readonly contrastRbc = rbcOf(MANY_NON_TIES);

  add(kind: keyof PairCounts): void {
    this.counts = { ...this.counts, [kind]: this.counts[kind] + 1 };
  }

  reset(): void {
    this.counts = { ...FEW_NON_TIES };
  }
}
