/**
 * Cost against bias (issue 49): each screening model as a point of what it costs to run — the
 * price of 1,000 calls when the user gives one (cost.ts), else the seconds 1,000 calls take on
 * this device — and its largest bias effect, |ΔScore| of the effect row with the largest
 * magnitude (METRICS.md §4), whether or not it is distinguishable from the noise floor (the
 * verdicts say which are). Both oriented so that larger is better (−cost, −|ΔScore|) and the
 * dominated models marked (METRICS.md §7), for the Pareto plot beside the paper's tables.
 */
import { paretoFrontier } from '../../pareto.ts';
import { costPer1000Calls, type Price } from './cost.ts';
import type { ScreeningResults } from './results.ts';

export interface CostBiasPoint {
  readonly id: string;
  readonly label: string;
  /** Price of 1,000 calls (with a price), or seconds for 1,000 calls on this device. */
  readonly cost: number;
  /** |ΔScore| of the largest effect, and its 95% CI as |·| bounds (null without CIs). */
  readonly largestEffect: number;
  readonly largestEffectCi: readonly [number, number] | null;
  /** The effect row it comes from: `attribute · group · signal`. */
  readonly effect: string;
  readonly dominated: boolean;
}

/**
 * The CI of |x| from the CI [lo, hi] of x: [0, max(−lo, hi)] when it covers 0, else the bounds'
 * magnitudes in order; null when a bound is not finite.
 * @example magnitudeCi([-3, -1]) // [1, 3]
 * @example magnitudeCi([-1, 2]) // [0, 2]
 */
export function magnitudeCi([lo, hi]: readonly [number, number]): readonly [number, number] | null {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return null;
  if (lo <= 0 && hi >= 0) return [0, Math.max(-lo, hi)];
  return [Math.min(Math.abs(lo), Math.abs(hi)), Math.max(Math.abs(lo), Math.abs(hi))];
}

/**
 * One point per model with a measured time (or a price) and at least one effect row.
 * @example costBiasPoints(results)[0].cost // seconds per 1,000 calls without a price
 */
export function costBiasPoints(results: ScreeningResults, price?: Price): CostBiasPoint[] {
  const points = results.models.flatMap((m) => {
    const effects = m.bias.effects.filter((e) => e.kind === 'effect' && Number.isFinite(e.delta_score.mean));
    if (effects.length === 0) return [];
    const largest = effects.reduce((a, b) => (Math.abs(b.delta_score.mean) > Math.abs(a.delta_score.mean) ? b : a));
    const cost = price ? costPer1000Calls(price, m.latency) : m.latency.mean_ms_per_pair; // ms per pair × 1,000 calls ÷ 1,000 ms = seconds
    if (!Number.isFinite(cost)) return [];
    return [{ id: m.model.id, label: m.model.label, cost, largestEffect: Math.abs(largest.delta_score.mean), largestEffectCi: magnitudeCi(largest.delta_score.ci), effect: `${largest.attribute} · ${largest.group} · ${largest.signal}` }];
  });
  const { dominated } = paretoFrontier(points.map((p) => ({ id: p.id, x: -p.cost, y: -p.largestEffect })));
  const out = new Set(dominated);
  return points.map((p) => ({ ...p, dominated: out.has(p.id) }));
}
