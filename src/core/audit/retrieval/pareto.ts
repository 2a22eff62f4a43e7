/**
 * Pareto points of a results object (METRICS.md §7): per model, x an
 * effectiveness metric and y a robustness metric, both oriented so that
 * larger is better, with their CIs; then core/pareto.ts' frontier.
 *
 * Orientation of y (and how its CI follows):
 * - `iou@k`, `kendall_tau`, `pearson`: as reported (larger = more robust).
 * - `rank_shift`, `dropout@k`: negated; −x has the CI [−hi, −lo] exactly
 *   (percentiles of −x* are the negated mirrored percentiles of x*).
 * - `rbc`: −|RBC|. Its CI is NOT −|CI of RBC|: it is [−hi, −lo] of `rbc_abs`,
 *   whose CI the audit takes from the bootstrap percentiles of |RBC*|.
 * - Group fairness of rankings (METRICS.md §12), from each model's `groupFairness.summary`:
 *   `awrf@K` and `exposure_ratio` as reported (1 = parity), `ndkl@K` negated (0 = parity). A
 *   model without group labels has no value there (NaN: listed, not placed). A plain number of
 *   a summary without bootstrap has the CI [NaN, NaN].
 */
import { paretoFrontier, type ParetoPoint } from '../../pareto.ts';
import type { GroupFairnessSummary, ReportedValue } from '../../metrics/groupFairness/index.ts';
import type { ModelResult, ModelSummary, RetrievalFairnessResults, TwinMetrics } from './results.ts';
import type { Ci } from '../common/index.ts';

/** A model as a Pareto point, with CIs on both axes ([NaN, NaN] when unknown). */
export interface AuditParetoPoint {
  readonly id: string;
  readonly label: string;
  readonly x: number;
  readonly y: number;
  readonly xCi: readonly [number, number];
  readonly yCi: readonly [number, number];
}

/** The frontier of one subset. */
export interface SubsetPareto {
  readonly task: string;
  readonly twinsTask: string;
  /** Axis names as plotted, e.g. `ndcg@10` and `−|rbc|`. */
  readonly xLabel: string;
  readonly yLabel: string;
  /** Non-dominated points, x ascending (then id). */
  readonly frontier: AuditParetoPoint[];
  /** Dominated points, in model order. */
  readonly dominated: AuditParetoPoint[];
  /** Models left out because x or y is undefined (NaN). */
  readonly incomparable: string[];
}

export interface ParetoAxes {
  /** An effectiveness key, e.g. `ndcg@10` (default `ndcg@k`). */
  readonly x?: string;
  /** A robustness key of TwinMetrics, e.g. `iou@10` (default `iou@k`), `rbc`, `rank_shift`; or a group-fairness key (`awrf@10`, `exposure_ratio`, `ndkl@10`). */
  readonly y?: string;
  /** Take y from this language's twin metrics instead of all twins. */
  readonly lang?: string;
}

const NEGATED = [/^rank_shift$/, /^dropout@\d+$/];
const AS_IS = [/^iou@\d+$/, /^kendall_tau$/, /^pearson$/];

/** The oriented value and CI of a robustness metric, and its axis label. @throws {RangeError} for an unknown key. */
export function orientRobustness(metrics: TwinMetrics, key: string): { label: string; value: Ci } {
  const get = (k: string) => (metrics as unknown as Record<string, Ci | undefined>)[k];
  const negate = (c: Ci): Ci => ({ mean: -c.mean, ci: [-c.ci[1], -c.ci[0]] });
  if (key === 'rbc') return { label: '−|rbc|', value: negate(get('rbc_abs')!) };
  const value = get(key);
  if (value !== undefined && AS_IS.some((re) => re.test(key))) return { label: key, value };
  if (value !== undefined && NEGATED.some((re) => re.test(key))) return { label: `−${key}`, value: negate(value) };
  throw new RangeError(`unknown robustness metric "${key}": use iou@k, dropout@k, rank_shift, rbc, kendall_tau or pearson at the audit's k`);
}

const NO_VALUE: Ci = { mean: NaN, ci: [NaN, NaN] };

/**
 * Whether `key` is a group-fairness measure the Pareto y axis takes (METRICS.md §12): `awrf@K`,
 * `exposure_ratio` or `ndkl@K`.
 * @example isGroupFairnessAxis('awrf@10') // true
 */
export function isGroupFairnessAxis(key: string): boolean {
  return key === 'exposure_ratio' || /^(awrf|ndkl)@\d+$/u.test(key);
}

/**
 * The group-fairness measures a query set's Pareto y axis can take, at its models' K (AWRF@K,
 * the exposure ratio, NDKL@K, in that order): empty when no model has group labels.
 * @example groupFairnessAxes(subset) // ['awrf@10', 'exposure_ratio', 'ndkl@10']
 */
export function groupFairnessAxes(subset: { readonly models: readonly ModelSummary[] }): string[] {
  const k = subset.models.find((m) => m.groupFairness)?.groupFairness?.summary.k;
  return k === undefined ? [] : [`awrf@${k}`, 'exposure_ratio', `ndkl@${k}`];
}

/** A reported value of a §12 summary as a Ci (a plain number: CI [NaN, NaN]; missing or null: NaN). */
function ciOf(value: ReportedValue | null | undefined): Ci {
  if (value === undefined || value === null) return NO_VALUE;
  return typeof value === 'number' ? { mean: value, ci: [NaN, NaN] } : { mean: value.mean ?? NaN, ci: [value.ci[0] ?? NaN, value.ci[1] ?? NaN] };
}

/**
 * The oriented value and CI of a group-fairness measure of a §12 summary (larger = fairer), and
 * its axis label: `awrf@K` and `exposure_ratio` as reported, `ndkl@K` negated (`−ndkl@K`, CI
 * [−hi, −lo]); NaN without a summary or a value.
 * @throws {RangeError} for a key that is not a group-fairness measure.
 * @example orientGroupFairness(summary, 'ndkl@10') // { label: '−ndkl@10', value: { mean: −0.303, ci: [−0.318, −0.290] } }
 */
export function orientGroupFairness(summary: GroupFairnessSummary | undefined, key: string): { label: string; value: Ci } {
  if (!isGroupFairnessAxis(key)) throw new RangeError(`unknown group-fairness measure "${key}": use awrf@k, exposure_ratio or ndkl@k at the audit's k`);
  const reported = summary ? (summary as unknown as Record<string, ReportedValue | null | undefined>)[key] : undefined;
  const c = ciOf(reported);
  if (key.startsWith('ndkl@')) return { label: `−${key}`, value: { mean: -c.mean, ci: [-c.ci[1], -c.ci[0]] } };
  return { label: key, value: c };
}

/**
 * A model's oriented value on a fairness measure (larger = fairer): a twin metric of all twins
 * (orientRobustness) or a group-fairness measure of its summary (orientGroupFairness).
 * @throws {RangeError} for an unknown key.
 */
export function orientMeasure(m: ModelSummary, key: string): { label: string; value: Ci } {
  return isGroupFairnessAxis(key) ? orientGroupFairness(m.groupFairness?.summary, key) : orientRobustness(m.robustness.overall, key);
}

function pointOf(m: ModelResult, x: string, y: string, lang: string | undefined): AuditParetoPoint {
  // Without relevance labels a model has no effectiveness: its point is undefined (listed, not placed).
  const e = m.effectiveness ? (m.effectiveness as Record<string, Ci | undefined>)[x] : NO_VALUE;
  if (!e) throw new RangeError(`unknown effectiveness metric "${x}": use ${Object.keys(m.effectiveness ?? {}).join(', ')}`);
  let r: Ci;
  if (isGroupFairnessAxis(y)) {
    if (lang !== undefined) throw new RangeError(`group fairness (${y}) has no per-language values: leave the language out`);
    r = orientGroupFairness(m.groupFairness?.summary, y).value;
  } else {
    const scope = lang === undefined ? m.robustness.overall : m.robustness.perLang[lang];
    if (!scope) throw new RangeError(`no twin metrics for language "${lang}"`);
    r = orientRobustness(scope, y).value;
  }
  return { id: m.model.id, label: m.model.label, x: e.mean, y: r.mean, xCi: e.ci, yCi: r.ci };
}

/**
 * The Pareto frontier of every subset of a results object (METRICS.md §7).
 * Points whose x or y is NaN cannot be compared and are listed in `undefined`.
 * @throws {RangeError} for an unknown metric or language.
 * @example paretoOfResults(results, { x: 'ndcg@10', y: 'rbc' })[0].frontier
 */
export function paretoOfResults(results: RetrievalFairnessResults, axes: ParetoAxes = {}): SubsetPareto[] {
  const k = results.parameters.k;
  const x = axes.x ?? `ndcg@${k}`;
  const y = axes.y ?? `iou@${k}`;
  return results.subsets.map((s) => {
    const points = s.models.map((m) => pointOf(m, x, y, axes.lang));
    const defined = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    const { frontier, dominated } = paretoFrontier(defined.map((p): ParetoPoint => ({ id: p.id, x: p.x, y: p.y })));
    const byId = new Map(defined.map((p) => [p.id, p]));
    const isDominated = new Set(dominated);
    const yLabel = s.models[0] ? orientMeasure(s.models[0], y).label : y;
    return {
      task: s.task,
      twinsTask: s.twinsTask,
      xLabel: x,
      yLabel,
      frontier: frontier.map((p) => byId.get(p.id)!),
      dominated: defined.filter((p) => isDominated.has(p.id)),
      incomparable: points.filter((p) => !byId.has(p.id)).map((p) => p.id),
    };
  });
}
