/**
 * The Pareto frontier across runs (METRICS.md §7): per dataset version and
 * task, every retrieval row (run · model) a point of an effectiveness metric
 * against a robustness metric, oriented larger-better as the single-run plot
 * orients them (retrieval/pareto.ts `orientRobustness`), then core/pareto.ts'
 * frontier.
 */
import { paretoFrontier } from '../../pareto.ts';
import { orientRobustness, type AuditParetoPoint, type TwinMetrics } from '../retrieval/index.ts';
import { groupOf } from './leaderboard.ts';
import { rowLabel } from './rows.ts';
import type { ComparisonResults } from './results.ts';

/** A row as a Pareto point: the single-run point (label `run · model`, x and y with their CIs) of one comparison row. */
export interface ComparisonParetoPoint extends Omit<AuditParetoPoint, 'id'> {
  /** Index into the comparison's rows. */
  readonly row: number;
  readonly dominated: boolean;
}

export interface ComparisonPareto {
  readonly group: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly points: readonly ComparisonParetoPoint[];
  /** Rows left out: x or y undefined. */
  readonly incomparable: readonly string[];
}

/**
 * One frontier per group of retrieval rows. `x` is an effectiveness key
 * (default `ndcg@k` of the first retrieval run's k), `y` a robustness key
 * (default `iou@k`; `rbc` is −|RBC|, `rank_shift` and `dropout@k` negated).
 * @throws {RangeError} for a robustness key orientRobustness does not know.
 * @example comparisonPareto(results)[0].points.map((p) => p.label) // ['Run 1 · BM25', 'Run 2 · TF-IDF']
 */
export function comparisonPareto(results: ComparisonResults, axes: { readonly x?: string; readonly y?: string } = {}): ComparisonPareto[] {
  const retrieval = results.rows.map((r, i) => ({ r, i })).filter(({ r }) => results.runs[r.run].kind === 'retrieval-fairness');
  const k = /@(\d+)$/.exec(Object.keys(retrieval[0]?.r.values ?? {}).find((key) => key.startsWith('iou@')) ?? '')?.[1] ?? '10';
  const x = axes.x ?? `ndcg@${k}`;
  const y = axes.y ?? `iou@${k}`;
  const groups = [...new Set(retrieval.map(({ r }) => groupOf(results, r)))];
  return groups.map((group) => {
    let yLabel = y;
    const all = retrieval.filter(({ r }) => groupOf(results, r) === group).map(({ r, i }) => {
      const e = r.values[x] ?? { mean: NaN, ci: [NaN, NaN] as const };
      const o = r.values[y === 'rbc' ? 'rbc_abs' : y] ? orientRobustness(r.values as unknown as TwinMetrics, y) : { label: y, value: { mean: NaN, ci: [NaN, NaN] as const } };
      yLabel = o.label;
      return { row: i, label: rowLabel(results.runs, results.rows, i), x: e.mean, y: o.value.mean, xCi: e.ci, yCi: o.value.ci };
    });
    const defined = all.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    const dominated = new Set(paretoFrontier(defined.map((p) => ({ id: String(p.row), x: p.x, y: p.y }))).dominated);
    return {
      group,
      xLabel: x,
      yLabel,
      points: defined.map((p) => ({ ...p, dominated: dominated.has(String(p.row)) })),
      incomparable: all.filter((p) => !defined.includes(p)).map((p) => p.label),
    };
  });
}
