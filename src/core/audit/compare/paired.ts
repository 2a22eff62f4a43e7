/**
 * Differences between two model versions (METRICS.md §6). Two rows on the
 * same dataset version (the same manifest SHA-256), task and units — a
 * retrieval run's queries, a screening run's (job, CV) pairs (the same unit
 * hash) — are compared by a paired bootstrap: every resample draws
 * the same unit indices for both (one seed, the same units), the statistic
 * is recomputed on each side from its per-unit values (statistics.ts) and
 * θ* = candidate − baseline; CI = the 2.5th and 97.5th percentiles of θ*,
 * p = min(1, 2·min(share θ* ≤ 0, share θ* ≥ 0)), and q the Benjamini–Hochberg
 * adjustment over the metrics compared for that pair. Any other pair is
 * unpaired: both CIs are shown and no difference is tested.
 */
import { benjaminiHochberg, pairedBootstrap } from '../../stats/index.ts';
import { unitColumns, unitStatistic, type UnitColumns } from './statistics.ts';
import { rowLabel, type ComparedRows } from './rows.ts';
import type { Ci } from '../common/index.ts';
import type { ComparedKind, ComparisonResults, ComparisonRow, MetricComparison, RowComparison, TestedDifference } from './results.ts';

/**
 * What the units of a paired comparison of `kind` are, in words: a retrieval run's queries, a
 * screening run's (job, CV) pairs.
 * @example unitsNoun('screening') // '(job, CV) pairs'
 */
export function unitsNoun(kind: ComparedKind): string {
  return kind === 'screening' ? '(job, CV) pairs' : 'queries';
}

/** Whether two rows can be compared paired, and if not, why. */
export type Pairing = { readonly paired: true; readonly units: number } | { readonly paired: false; readonly reason: string };

/**
 * The pairing of rows `b` (baseline) and `c` (candidate) of `data`.
 * @example pairingOf(rows, 0, 1) // { paired: false, reason: 'different datasets (freelance-twins 1.0.0 and cv-screening 1.0.0)' }
 */
export function pairingOf(data: ComparedRows, b: number, c: number): Pairing {
  const [rb, rc] = [data.rows[b], data.rows[c]];
  const [runB, runC] = [data.runs[rb.run], data.runs[rc.run]];
  if (runB.kind !== runC.kind) return { paired: false, reason: `different audit kinds (${runB.kind} and ${runC.kind})` };
  const [db, dc] = [runB.dataset, runC.dataset];
  if (db.id !== dc.id) return { paired: false, reason: `different datasets (${db.id} ${db.version} and ${dc.id} ${dc.version})` };
  if (db.manifestSha256 === '' || dc.manifestSha256 === '') return { paired: false, reason: `the version of ${db.id} is not known (no manifest SHA-256)` };
  if (db.manifestSha256 !== dc.manifestSha256) {
    return { paired: false, reason: `different versions of ${db.id} (${db.version} and ${dc.version}: their manifests' SHA-256 differ)` };
  }
  if (rb.task !== rc.task) return { paired: false, reason: `different tasks (${rb.task} and ${rc.task})` };
  const [ub, uc] = [data.perUnit[b], data.perUnit[c]];
  const noun = unitsNoun(runB.kind);
  if (!ub || !uc) {
    const missing = !ub ? b : c;
    const kind = data.runs[data.rows[missing].run].kind;
    const why = kind === 'outcomes' ? 'group-outcome audits keep none' : 'a run made before Fairground kept them';
    return { paired: false, reason: `no ${kind === 'retrieval-fairness' ? 'per-query' : 'per-unit'} values stored for ${rowLabel(data.runs, data.rows, missing)} (${why})` };
  }
  if (ub.units !== uc.units || ub.unitsSha256 !== uc.unitsSha256) {
    return { paired: false, reason: ub.units !== uc.units ? `different ${noun} (${ub.units} and ${uc.units} audited)` : `different ${noun} (as many, not the same ones)` };
  }
  return { paired: true, units: ub.units };
}

/** What a comparison compares: which metrics, which pairs of rows, and the bootstrap of the paired differences. */
export interface ComparisonOptions {
  /** Metric keys, in order; default every key a row reports, in order of first appearance. */
  readonly metrics?: readonly string[];
  /** Row indices (baseline, candidate). */
  readonly pairs: readonly (readonly [number, number])[];
  /** Resamples B of the paired bootstrap (0: differences without CI or p); default the first run's B, or 1000 when it is 0. */
  readonly resamples?: number;
  /** Seed of the paired bootstrap; default the first run's seed. */
  readonly seed?: number;
}

/** Every metric key the rows report, in order of first appearance. */
export function reportedMetrics(rows: readonly ComparisonRow[]): string[] {
  const seen = new Set<string>();
  for (const r of rows) for (const key of Object.keys(r.values)) seen.add(key);
  return [...seen];
}

const NONE: Ci = Object.freeze({ mean: NaN, ci: [NaN, NaN] as const });

/** The paired difference of one metric, p untested (q is set over the family afterwards). */
function difference(key: string, n: number, cb: UnitColumns, cc: UnitColumns, resamples: number, seed: number): Omit<TestedDifference, 'q' | 'significant'> | null {
  const statistic = unitStatistic(key);
  if (!statistic) return null;
  const theta = (indices: ArrayLike<number>) => statistic(cc, indices) - statistic(cb, indices);
  if (resamples === 0) return { mean: theta(Uint32Array.from({ length: n }, (_, i) => i)), ci: [NaN, NaN], p: NaN };
  const d = pairedBootstrap(n, theta, { resamples, seed });
  return { mean: d.mean, ci: [d.ci[0], d.ci[1]], p: d.p };
}

/**
 * Compares pairs of rows: for each, both rows' reported statistics of each
 * metric either reports and, when the pair is paired (pairingOf), the tested
 * difference candidate − baseline with q over the pair's metrics.
 * @throws {RangeError} for a row index out of range, a pair of a row with itself, or B or the seed not an integer (B ≥ 0).
 * @example comparison(comparedRows([{ label: 'v1', results: a }, { label: 'v2', results: b }]), { pairs: [[0, 1]] }).comparisons[0].metrics
 */
export function comparison(data: ComparedRows, options: ComparisonOptions): ComparisonResults {
  const metrics = [...(options.metrics ?? reportedMetrics(data.rows))];
  const first = data.runs[0];
  const resamples = options.resamples ?? (first && first.bootstrap > 0 ? first.bootstrap : 1000);
  const seed = options.seed ?? first?.seed ?? 0;
  if (!Number.isInteger(resamples) || resamples < 0) throw new RangeError(`resamples must be an integer ≥ 0, got ${resamples}`);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  const columns = new Map<number, UnitColumns>();
  const columnsOf = (i: number) => {
    let c = columns.get(i);
    if (!c) columns.set(i, (c = unitColumns(data.perUnit[i]!.columns)));
    return c;
  };
  const comparisons = options.pairs.map(([b, c]): RowComparison => {
    if (!data.rows[b] || !data.rows[c]) throw new RangeError(`no row ${data.rows[b] ? c : b}: there are ${data.rows.length}`);
    if (b === c) throw new RangeError(`row ${b} cannot be compared with itself`);
    const pairing = pairingOf(data, b, c);
    const [vb, vc] = [data.rows[b].values, data.rows[c].values];
    const keys = metrics.filter((m) => Object.hasOwn(vb, m) || Object.hasOwn(vc, m));
    const diffs = keys.map((m) => (pairing.paired ? difference(m, pairing.units, columnsOf(b), columnsOf(c), resamples, seed) : null));
    const q = benjaminiHochberg(diffs.flatMap((d) => (d ? [d.p] : [])));
    let tests = 0;
    const rows: MetricComparison[] = keys.map((metric, i) => {
      const d = diffs[i];
      const qi = d ? q[tests++] : NaN;
      const tested: TestedDifference | null = d ? { ...d, q: qi, significant: qi < 0.05 } : null;
      return { metric, baseline: vb[metric] ?? NONE, candidate: vc[metric] ?? NONE, difference: tested };
    });
    return pairing.paired ? { baseline: b, candidate: c, paired: true, units: pairing.units, metrics: rows } : { baseline: b, candidate: c, paired: false, reason: pairing.reason, metrics: rows };
  });
  return { schema: 1, kind: 'comparison', runs: data.runs, metrics, rows: data.rows, resamples, seed, comparisons };
}
