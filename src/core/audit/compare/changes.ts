/**
 * The changes between two model versions in words, written from the numbers
 * of a RowComparison and nothing else: `Run 2 · TF-IDF against Run 1 · BM25:
 * rank shift 46.7 → 31.2 (−15.5, CI −18.0 to −13.1), IoU@10 0.76 → 0.84`.
 * A paired metric gives its difference and its 95% CI, an unpaired one the
 * two values only, and an unpaired pair says so and why.
 */
import { metricLabel } from './metrics.ts';
import { unitsNoun } from './paired.ts';
import { rowLabel } from './rows.ts';
import type { ComparisonResults, MetricComparison } from './results.ts';

/**
 * A number as the sentences write it: no decimals from 100, one from 10, two
 * from 0.1, else two significant digits; U+2212 for minus; `n/a` for NaN.
 * @example formatChange(46.71) // '46.7'
 * @example formatChange(-0.0412) // '−0.041'
 */
export function formatChange(x: number): string {
  if (Number.isNaN(x)) return 'n/a';
  const a = Math.abs(x);
  const text = a === 0 ? '0' : a >= 100 ? x.toFixed(0) : a >= 10 ? x.toFixed(1) : a >= 0.1 ? x.toFixed(2) : x.toPrecision(2);
  // A value that rounds to zero is written 0, without a sign.
  const shown = /^-?0(?:\.0*)?$/.test(text) ? text.replace('-', '') : text;
  return shown.replace('-', '−');
}

/**
 * Whether comparison `i` sets a query set (task) of one run against another task, unpaired: two
 * tasks are two question sets, never the same units (issue 48: these rows filled the Differences
 * by default; the view hides them behind a toggle).
 * @example crossTask(results, 0) // true for 'briefs' against 'queries'
 */
export function crossTask(results: ComparisonResults, i: number): boolean {
  const c = results.comparisons[i];
  return !c.paired && results.rows[c.baseline].task !== results.rows[c.candidate].task;
}

/**
 * A row's full description, for a tooltip beside its short name: the run, the model's full label
 * (its parameters) and id, revision, dtype and device.
 * @example rowDetail(results, 0) // 'freelance-twins #1 · BM25 (k1 1.2, b 0.75) — bm25, builtin, fp64, cpu (briefs / gender-briefs)'
 */
export function rowDetail(results: Pick<ComparisonResults, 'runs' | 'rows'>, i: number): string {
  const r = results.rows[i];
  const facts = [r.model.id, r.model.revision, r.model.dtype, r.model.device].filter((x) => x !== '');
  return `${results.runs[r.run].label} · ${r.model.label} — ${facts.join(', ')} (${r.task})`;
}

/** One metric's part of the sentence. */
function part(m: MetricComparison): string {
  const head = `${metricLabel(m.metric)} ${formatChange(m.baseline.mean)} → ${formatChange(m.candidate.mean)}`;
  const d = m.difference;
  if (!d) return head;
  const sign = d.mean > 0 ? '+' : '';
  const ci = Number.isNaN(d.ci[0]) ? '' : `, CI ${formatChange(d.ci[0])} to ${formatChange(d.ci[1])}`;
  return `${head} (${sign}${formatChange(d.mean)}${ci}${d.significant ? ', significant' : ''})`;
}

/**
 * The sentence of comparison `i` of `results`: the candidate, the baseline,
 * then each metric either row reports.
 * @example describeChanges(results, 0) // 'Run 2 · TF-IDF against Run 1 · BM25: NDCG@10 0.52 → 0.47 (−0.050, CI −0.071 to −0.030, significant), …'
 */
export function describeChanges(results: ComparisonResults, i: number): string {
  const c = results.comparisons[i];
  const name = (row: number) => rowLabel(results.runs, results.rows, row);
  const parts = c.metrics.filter((m) => !Number.isNaN(m.baseline.mean) || !Number.isNaN(m.candidate.mean)).map(part);
  const tail = c.paired ? ` (paired over ${c.units} ${unitsNoun(results.runs[results.rows[c.baseline].run].kind)})` : ` (unpaired: ${c.reason}; no difference tested)`;
  return `${name(c.candidate)} against ${name(c.baseline)}: ${parts.join(', ')}${tail}`;
}

/** The sentence of every comparison, in order. */
export function changeSentences(results: ComparisonResults): string[] {
  return results.comparisons.map((_, i) => describeChanges(results, i));
}
