import { RANKINGS, lessonNumbers, rankingOf, type RankingId } from './whoGetsSeenExample.ts';
import { moveItem } from './reorder.ts';
import { fmt, signed } from './format.ts';
import type { ReportedValue } from '../../../core/metrics/groupFairness/index.ts';

const value = (x: ReportedValue | undefined): number | undefined => (x === undefined ? undefined : typeof x === 'number' ? x : x.mean);

/** State of the Who gets seen lesson: the ranking of the ten candidates (one of three, or the reader's own) and core's numbers on it. */
export class WhoGetsSeenLessonState {
  order = $state<string[]>([...RANKINGS[0].order]);
  numbers = $derived(lessonNumbers(this.order));
  ranking = $derived(rankingOf(this.order));
  /** The ranking's name: one of the three, or "Your order" once a candidate has moved. */
  label = $derived(RANKINGS.find((r) => r.id === this.ranking)?.label ?? 'Your order');
  /** Read out by a live region after each move. */
  announcement = $state('');

  /** A group's Skew@k, signed to three decimals, or "absent" when it holds no top-k slot. */
  skew(group: string, k: number): string {
    const s = value(this.numbers.summary[`skew@${k}`][group]);
    return s === undefined ? 'absent' : signed(s, 3);
  }

  /** The lesson's one-line result. */
  readonly text = $derived(
    `${this.label}: exposure ratio ${fmt(value(this.numbers.summary.exposure_ratio))}, AWRF@10 ${fmt(value(this.numbers.summary['awrf@10']))}; ` +
      `Skew@3 A ${this.skew('A', 3)}, B ${this.skew('B', 3)}; Skew@5 A ${this.skew('A', 5)}, B ${this.skew('B', 5)}`,
  );

  choose(id: RankingId): void {
    this.order = [...RANKINGS.find((r) => r.id === id)!.order];
    this.announcement = `${this.label}. ${this.text}.`;
  }

  move(from: number, to: number): void {
    if (to < 0 || to >= this.order.length || from === to) return;
    const id = this.order[from];
    this.order = moveItem(this.order, from, to);
    this.announcement = `${id} moved to rank ${to + 1}. ${this.text}.`;
  }
}
