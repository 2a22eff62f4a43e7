/**
 * summarizeTwinColumns for the bootstrap's inner loop: the per-query twin metrics laid out as
 * one row per unit (its values adjacent), summarised in ONE pass over the units — not one pass
 * per mean — into a Float64Array, with no object per call. The same values to the bit as
 * summarizeTwinColumns on the same units in the same order.
 *
 * Why it is exact: summarizeTwinColumns skips a query without pairs and, in each mean, a NaN.
 * Here a skipped value is stored as +0 and added anyway. A sum that starts at +0 is never −0
 * (in round-to-nearest x + y is −0 only when both are −0), and s + (+0) = s for every s but
 * −0, so each sum takes the same values in the same order. The counts are integers, the same
 * in any order: the pass counts the units of each definedness pattern (a handful per scope),
 * and each count is added up from those after it. Without a branch per value, the pass costs
 * about what reading the rows costs (on the demo's overall scope in Node, 10 ns a unit against
 * summarizeTwinColumns' 30–40).
 */
import type { TwinColumns } from './twins.ts';
import { rankBiserial } from './twinsKernel.ts';
import { scratchArray } from '../scratch.ts';

/** The means of a row, in row order after its first four values. */
const ROW_MEANS = ['iou', 'rankShift', 'dropout', 'kendallTau', 'pearson', 'cohensD', 'stdMad'] as const satisfies readonly (keyof TwinColumns['means'])[];

/** Numbers per row: winsFirst, winsSecond, per-query RBC, ln OddsRatio@k, then ROW_MEANS. */
const ROW = 4 + ROW_MEANS.length;

/** Per-query twin metrics as rows, for `summarizeTwinRows`. */
export interface TwinRows {
  readonly units: number;
  /** units × ROW numbers, row-major; +0 where a value is undefined. */
  readonly values: Float64Array;
  /**
   * Per unit, which of its values are defined: bit 0 the query has pairs (its wins and RBC are),
   * bit 1 its ln OddsRatio@k, bit 2 + m its mean m (ROW_MEANS order). 0: no pairs.
   */
  readonly defined: Uint16Array;
  /** The distinct `defined` sets (a handful: most queries define every metric). */
  readonly patterns: Uint16Array;
  /** Per unit, the index of its `defined` set in `patterns`. */
  readonly pattern: Uint16Array;
}

/** The rows of twinColumns' columns (the same numbers: rbc and ln OR as twinColumns made them). */
export function twinRows(columns: TwinColumns): TwinRows {
  const n = columns.units;
  const values = new Float64Array(n * ROW);
  const defined = new Uint16Array(n);
  for (let u = 0; u < n; u++) {
    if (!columns.present[u]) continue;
    const r = u * ROW;
    let bits = 1;
    values[r] = columns.winsFirst[u];
    values[r + 1] = columns.winsSecond[u];
    values[r + 2] = columns.rbc[u];
    const lo = columns.logOdds[u];
    if (!Number.isNaN(lo)) {
      values[r + 3] = lo;
      bits |= 2;
    }
    ROW_MEANS.forEach((key, m) => {
      const v = columns.means[key][u];
      if (Number.isNaN(v)) return;
      values[r + 4 + m] = v;
      bits |= 4 << m;
    });
    defined[u] = bits;
  }
  const patterns = Uint16Array.from(new Set(defined));
  const pattern = Uint16Array.from(defined, (d) => patterns.indexOf(d));
  return { units: n, values, defined, patterns, pattern };
}

/** How often each pattern occurs among the units summarised (written before read). */
const patternCounts = scratchArray((n) => new Int32Array(n));

/** How many numbers summarizeTwinRows writes: one per TWIN_METRICS entry. */
export const TWIN_ROW_STATISTICS = 10;

/**
 * The summary of the units `units[from..to)` (repeats counted, in that order), as
 * summarizeTwinColumns(columns, units.subarray(from, to)) gives it, written to out[at..at+10) in
 * TWIN_METRICS order (iou, rankShift, dropout, rbc, rbcPooled, kendallTau, pearson, cohensD,
 * oddsRatio, stdMad), NaN for undefined. (`queries` and `pairs` are not resampled statistics:
 * take them from summarizeTwins.)
 * @example summarizeTwinRows(twinRows(twinColumns(perQuery)), indices, 0, indices.length, out, 0) // out[0] = mean IoU
 */
export function summarizeTwinRows(rows: TwinRows, units: Uint32Array, from: number, to: number, out: Float64Array, at: number): void {
  const { values: v, patterns, pattern } = rows;
  const seen = patternCounts(patterns.length).fill(0);
  let winsFirst = 0;
  let winsSecond = 0;
  let rbc = 0;
  let logOdds = 0;
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0; // prettier-ignore
  for (let j = from; j < to; j++) {
    const u = units[j];
    // The counts are integers, the same in any order: counted per pattern, then added up below.
    seen[pattern[u]]++;
    const r = u * ROW;
    winsFirst += v[r];
    winsSecond += v[r + 1];
    rbc += v[r + 2];
    logOdds += v[r + 3];
    s0 += v[r + 4];
    s1 += v[r + 5];
    s2 += v[r + 6];
    s3 += v[r + 7];
    s4 += v[r + 8];
    s5 += v[r + 9];
    s6 += v[r + 10];
  }
  let queries = 0, odds = 0, c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, c6 = 0; // prettier-ignore
  for (let p = 0; p < patterns.length; p++) {
    const c = seen[p];
    const d = patterns[p];
    queries += c * (d & 1);
    odds += c * ((d >> 1) & 1);
    c0 += c * ((d >> 2) & 1);
    c1 += c * ((d >> 3) & 1);
    c2 += c * ((d >> 4) & 1);
    c3 += c * ((d >> 5) & 1);
    c4 += c * ((d >> 6) & 1);
    c5 += c * ((d >> 7) & 1);
    c6 += c * ((d >> 8) & 1);
  }
  out[at] = c0 === 0 ? NaN : s0 / c0;
  out[at + 1] = c1 === 0 ? NaN : s1 / c1;
  out[at + 2] = c2 === 0 ? NaN : s2 / c2;
  out[at + 3] = queries === 0 ? NaN : rbc / queries;
  out[at + 4] = queries === 0 ? NaN : rankBiserial(winsFirst, winsSecond);
  out[at + 5] = c3 === 0 ? NaN : s3 / c3;
  out[at + 6] = c4 === 0 ? NaN : s4 / c4;
  out[at + 7] = c5 === 0 ? NaN : s5 / c5;
  out[at + 8] = odds === 0 ? NaN : Math.exp(logOdds / odds);
  out[at + 9] = c6 === 0 ? NaN : s6 / c6;
}
