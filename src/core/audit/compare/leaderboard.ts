/**
 * The leaderboard of a comparison: one row per model version (run · model),
 * columns grouped by dataset version and task, one per metric, each cell the
 * statistic with its CI as the run reported it; per column the best rows
 * (metrics.ts says which way is better), and an order for any column.
 */
import { merit, metricInfo, metricLabel } from './metrics.ts';
import { rowLabel } from './rows.ts';
import type { Ci } from '../common/index.ts';
import type { Better, ComparisonResults, ComparisonRow } from './results.ts';

export interface LeaderboardColumn {
  /** `freelance-twins 1.0.0 · briefs / gender-briefs`: the rows of one dataset version and task. */
  readonly group: string;
  readonly metric: string;
  readonly label: string;
  readonly better: Better;
  /** Rows (indices into `Leaderboard.rows`) with the best value; empty with fewer than two values. */
  readonly best: readonly number[];
}

export interface LeaderboardRow {
  /** Index into the comparison's rows. */
  readonly row: number;
  readonly label: string;
  /** Aligned with the columns; undefined where the row is not in the column's group or does not report the metric. */
  readonly cells: readonly (Ci | undefined)[];
}

export interface Leaderboard {
  readonly columns: readonly LeaderboardColumn[];
  readonly rows: readonly LeaderboardRow[];
}

/** The group of a row: its run's dataset version and its task. */
export function groupOf(results: ComparisonResults, row: ComparisonRow): string {
  const d = results.runs[row.run].dataset;
  return d.id ? `${d.id} ${d.version} · ${row.task}` : row.task;
}

/**
 * The leaderboard of `metrics` (default the comparison's): groups in order of
 * first appearance, in each the metrics some row of the group reports.
 * @example leaderboard(results).columns[0] // { group: 'freelance-twins 1.0.0 · briefs / gender-briefs', metric: 'ndcg@10', label: 'NDCG@10', better: 'higher', best: [1] }
 */
export function leaderboard(results: ComparisonResults, metrics: readonly string[] = results.metrics): Leaderboard {
  const groups = [...new Set(results.rows.map((r) => groupOf(results, r)))];
  const spec = groups.flatMap((group) => {
    const inGroup = results.rows.filter((r) => groupOf(results, r) === group);
    return metrics.filter((m) => inGroup.some((r) => Object.hasOwn(r.values, m))).map((metric) => ({ group, metric }));
  });
  const rows: LeaderboardRow[] = results.rows.map((r, i) => ({
    row: i,
    label: rowLabel(results.runs, results.rows, i),
    cells: spec.map(({ group, metric }) => (groupOf(results, r) === group && Object.hasOwn(r.values, metric) ? r.values[metric] : undefined)),
  }));
  const columns = spec.map(({ group, metric }, j): LeaderboardColumn => {
    const better = metricInfo(metric)?.better ?? 'higher';
    const scored = rows.flatMap((r, i) => {
      const v = r.cells[j]?.mean;
      return v === undefined || Number.isNaN(v) ? [] : [{ i, m: merit(better, v) }];
    });
    const top = Math.max(...scored.map((s) => s.m));
    const best = scored.length < 2 ? [] : scored.filter((s) => s.m === top).map((s) => s.i);
    return { group, metric, label: metricLabel(metric), better, best };
  });
  return { columns, rows };
}

/** The order a column sorts in first, best first (`zero` and `one` metrics sort by their distance from 0 or 1). */
export function bestFirst(column: LeaderboardColumn): 'ascending' | 'descending' {
  return column.better === 'higher' ? 'descending' : 'ascending';
}

/**
 * The rows sorted by column `j`'s mean (for `zero` and `one` metrics: by
 * distance from 0 or 1), ascending or descending; rows without a value last,
 * ties in row order.
 * @example sortedRows(board, 0, 'descending')[0].label // the row with the largest NDCG@10
 */
export function sortedRows(board: Leaderboard, j: number, order: 'ascending' | 'descending'): LeaderboardRow[] {
  const column = board.columns[j];
  const key = (r: LeaderboardRow): number => {
    const v = r.cells[j]?.mean;
    if (v === undefined || Number.isNaN(v)) return NaN;
    return column.better === 'zero' ? Math.abs(v) : column.better === 'one' ? Math.abs(Math.log(v)) : v;
  };
  const sign = order === 'ascending' ? 1 : -1;
  return board.rows
    .map((r, i) => ({ r, i, k: key(r) }))
    .sort((a, b) => {
      if (Number.isNaN(a.k) || Number.isNaN(b.k)) return Number.isNaN(a.k) === Number.isNaN(b.k) ? a.i - b.i : Number.isNaN(a.k) ? 1 : -1;
      return sign * (a.k - b.k) || a.i - b.i;
    })
    .map(({ r }) => r);
}
