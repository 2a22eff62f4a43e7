/**
 * Cost against bias across runs (issue 49): the results page's Pareto of time per 1,000 calls
 * against the largest bias effect (screening/costBias.ts), over every screening row of the
 * compared runs — decision models and LLMs from several runs side by side, as the screening
 * paper's tables set them. Per dataset version and task (rows of other tasks have other effects).
 * The time is each run's own device's (the row's `seconds_per_1000_calls`, Σ call time ÷ pairs ×
 * 1,000 ÷ 1,000 ms): runs on other machines compare only as far as their devices do, which the
 * point's label (run · model) and the Compare view's note say.
 */
import { paretoFrontier } from '../../pareto.ts';
import { magnitudeCi } from '../screening/index.ts';
import { groupOf } from './leaderboard.ts';
import { rowLabel } from './rows.ts';
import type { ComparisonResults } from './results.ts';

export interface ComparisonCostBiasPoint {
  /** Index into the comparison's rows. */
  readonly row: number;
  readonly label: string;
  readonly seconds: number;
  readonly largestEffect: number;
  readonly largestEffectCi: readonly [number, number] | null;
  /** The effect it comes from: `attribute · group · signal`. */
  readonly effect: string;
  readonly dominated: boolean;
}

export interface ComparisonCostBias {
  readonly group: string;
  readonly points: readonly ComparisonCostBiasPoint[];
}

/**
 * One frontier per group of screening rows with a time and at least one ΔScore; (−seconds,
 * −|largest ΔScore|) are both larger-better for the frontier (METRICS.md §7).
 * @example comparisonCostBias(results)[0].points.map((p) => p.label) // ['Run 1 · GloVe', 'Run 2 · Qwen2.5-0.5B-Instruct']
 */
export function comparisonCostBias(results: ComparisonResults): ComparisonCostBias[] {
  const rows = results.rows.map((r, i) => ({ r, i })).filter(({ r }) => results.runs[r.run].kind === 'screening');
  const groups = [...new Set(rows.map(({ r }) => groupOf(results, r)))];
  return groups.flatMap((group) => {
    const points = rows.flatMap(({ r, i }) => {
      if (groupOf(results, r) !== group) return [];
      const seconds = r.values.seconds_per_1000_calls?.mean ?? NaN;
      const effects = Object.entries(r.values).filter(([key, v]) => key.startsWith('delta_score|') && Number.isFinite(v.mean));
      if (!Number.isFinite(seconds) || effects.length === 0) return [];
      const [key, largest] = effects.reduce((a, b) => (Math.abs(b[1].mean) > Math.abs(a[1].mean) ? b : a));
      return [{ row: i, label: rowLabel(results.runs, results.rows, i), seconds, largestEffect: Math.abs(largest.mean), largestEffectCi: magnitudeCi(largest.ci), effect: key.split('|').slice(1).join(' · ') }];
    });
    if (points.length === 0) return [];
    const dominated = new Set(paretoFrontier(points.map((p) => ({ id: String(p.row), x: -p.seconds, y: -p.largestEffect }))).dominated);
    return [{ group, points: points.map((p) => ({ ...p, dominated: dominated.has(String(p.row)) })) }];
  });
}
