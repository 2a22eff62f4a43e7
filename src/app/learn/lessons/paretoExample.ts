/** The Pareto lesson's example: five models on nDCG@10 and −|RBC|. */
import { paretoFrontier, type ParetoPoint, type ParetoResult } from '../../../core/pareto.ts';

export const PARETO_MODELS: readonly ParetoPoint[] = Object.freeze([
  { id: 'Model A', x: 0.62, y: -0.05 },
  { id: 'Model B', x: 0.7, y: -0.12 },
  { id: 'Model C', x: 0.74, y: -0.3 },
  { id: 'Model D', x: 0.66, y: -0.14 },
  { id: 'Model E', x: 0.58, y: -0.08 },
]);

/** Steps of the nudge buttons: nDCG@10 by 0.02, −|RBC| by 0.05. */
export const STEP_X = 0.02;
export const STEP_Y = 0.05;

/**
 * Moves one model by (dx, dy), rounded to 3 decimals and kept in [0, 1] ×
 * [−1, 0] (nDCG and −|RBC| cannot leave them); the others are unchanged.
 */
export function nudge(points: readonly ParetoPoint[], id: string, dx: number, dy: number): ParetoPoint[] {
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
  return points.map((p) => (p.id === id ? { id: p.id, x: clamp(round(p.x + dx), 0, 1), y: clamp(round(p.y + dy), -1, 0) } : p));
}

/** The frontier, by the core (METRICS.md §7). */
export function frontierOfModels(points: readonly ParetoPoint[]): ParetoResult {
  return paretoFrontier(points);
}
