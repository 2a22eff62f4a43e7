/**
 * A comparison as files: the leaderboard and the differences as CSV (one
 * line per row and metric, long format, so any spreadsheet can pivot it),
 * and the whole comparison as JSON with its sentences. Numbers are written
 * in full (JavaScript's shortest round-trip form); an undefined one is empty
 * in CSV and null in JSON.
 */
import { csvRecord } from '../../formats/csvWrite.ts';
import { changeSentences } from './changes.ts';
import { leaderboard } from './leaderboard.ts';
import { rowLabel } from './rows.ts';
import type { ComparisonResults } from './results.ts';

const num = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '' : x);

/**
 * The leaderboard as CSV: `row,run,model,dataset,version,task,metric,mean,ci_low,ci_high,best`.
 * @example leaderboardCsv(results).split('\r\n')[0] // 'row,run,model,dataset,version,task,metric,mean,ci_low,ci_high,best'
 */
export function leaderboardCsv(results: ComparisonResults): string {
  const board = leaderboard(results);
  let out = csvRecord(['row', 'run', 'model', 'dataset', 'version', 'task', 'metric', 'mean', 'ci_low', 'ci_high', 'best']);
  board.rows.forEach((r, i) => {
    const row = results.rows[r.row];
    const run = results.runs[row.run];
    board.columns.forEach((c, j) => {
      const cell = r.cells[j];
      if (!cell) return;
      out += csvRecord([r.label, run.label, row.model.id, run.dataset.id, run.dataset.version, row.task, c.metric, num(cell.mean), num(cell.ci[0]), num(cell.ci[1]), c.best.includes(i) ? 'best' : '']);
    });
  });
  return out;
}

/**
 * The differences as CSV: one line per compared pair and metric, with both rows' statistics and,
 * where paired, the difference, its CI, p, q and whether q < 0.05.
 */
export function differencesCsv(results: ComparisonResults): string {
  let out = csvRecord(['baseline', 'candidate', 'paired', 'reason', 'units', 'resamples', 'seed', 'metric', 'baseline_mean', 'baseline_ci_low', 'baseline_ci_high', 'candidate_mean', 'candidate_ci_low', 'candidate_ci_high', 'difference', 'difference_ci_low', 'difference_ci_high', 'p', 'q', 'significant']);
  for (const c of results.comparisons) {
    const [b, k] = [rowLabel(results.runs, results.rows, c.baseline), rowLabel(results.runs, results.rows, c.candidate)];
    for (const m of c.metrics) {
      const d = m.difference;
      out += csvRecord([
        b, k, c.paired ? 'yes' : 'no', c.reason ?? '', c.units ?? '', results.resamples, results.seed, m.metric,
        num(m.baseline.mean), num(m.baseline.ci[0]), num(m.baseline.ci[1]), num(m.candidate.mean), num(m.candidate.ci[0]), num(m.candidate.ci[1]),
        num(d?.mean), num(d?.ci[0]), num(d?.ci[1]), num(d?.p), num(d?.q), d ? (d.significant ? 'yes' : 'no') : '',
      ]);
    }
  }
  return out;
}

/** The comparison and its sentences as JSON (NaN written as null). */
export function comparisonJson(results: ComparisonResults): string {
  return `${JSON.stringify({ ...results, changes: changeSentences(results) }, null, 2)}\n`;
}
