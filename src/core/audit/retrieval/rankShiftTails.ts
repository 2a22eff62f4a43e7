/**
 * How much of a rank-shift histogram lies in its tails: the share of documents whose rank moved
 * by more than 10, and by more than 100, positions in either direction when their twin took their
 * place (METRICS.md §3). The histogram plot's count axis shows the tails; these two numbers say
 * how large they are, beside the plot.
 */
import type { RankShiftBin } from './results.ts';

export interface RankShiftTailShares {
  /** Documents in the histogram (Σ count). */
  readonly total: number;
  /** Share (0–1) with |shift| > 10; undefined for an empty histogram. */
  readonly beyond10: number | undefined;
  /** Share (0–1) with |shift| > 100; undefined for an empty histogram. */
  readonly beyond100: number | undefined;
}

/**
 * share_beyond(t) = Σ_{|shift| > t} count / Σ count, for t = 10 and 100. A shift of exactly ±10
 * is not beyond 10. Bins may come in any order and repeat a shift (their counts add up).
 * @throws {RangeError} for a count that is not a non-negative integer.
 * @example rankShiftTailShares([{ shift: 0, count: 6 }, { shift: -12, count: 3 }, { shift: 150, count: 1 }]) // { total: 10, beyond10: 0.4, beyond100: 0.1 }
 */
export function rankShiftTailShares(histogram: readonly RankShiftBin[]): RankShiftTailShares {
  let total = 0;
  let over10 = 0;
  let over100 = 0;
  for (const { shift, count } of histogram) {
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`rank-shift bin ${shift} has count ${count}`);
    total += count;
    if (Math.abs(shift) > 10) over10 += count;
    if (Math.abs(shift) > 100) over100 += count;
  }
  return total === 0 ? { total, beyond10: undefined, beyond100: undefined } : { total, beyond10: over10 / total, beyond100: over100 / total };
}
