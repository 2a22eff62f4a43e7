/**
 * The results table of a retrieval-fairness subset: which numbers of the
 * results object go in which column (the numbers themselves come from
 * src/core/audit). Also the flat table used for CSV and JSON export.
 */
import type { SubsetResult, TwinMetrics } from '../../core/audit/retrieval/index.ts';
import type { LatencyQualitySpec, PlotTable } from '../plots/index.ts';
import { ciExcludes } from '../../core/stats/ciExcludes.ts';
import type { Ci } from '../../core/audit/common/index.ts';
import { displayNames } from '../../core/models/displayName.ts';

export interface TableColumn {
  readonly key: string;
  readonly label: string;
  /** 'effectiveness' reads ModelResult.effectiveness, 'robustness' the overall TwinMetrics. */
  readonly group: 'effectiveness' | 'robustness';
  /** Larger is better (for sorting and the Pareto plot). */
  readonly higherIsBetter: boolean;
  /** The no-effect value of a signed or ratio effect (0, or 1 for an odds ratio): a CI that excludes it is marked; undefined for the others. */
  readonly noEffect?: number;
  /** The value is in each model's own score units (Std MAD, METRICS.md §3): it compares a model with itself, not models with each other. */
  readonly scaleDependent?: true;
  readonly help: string;
}

/** What a reader is told of a scale-dependent column, beside its value. */
export const SCALE_DEPENDENT_NOTE = 'scale-dependent: in each model’s own score units, not comparable across models';

/**
 * The columns of the results table, in the order of the paper's metric
 * matrix: effectiveness, then stability (IoU, rank shift, τ, Dropout),
 * direction (RBC per query and pooled, Cohen's d, OddsRatio@k) and
 * magnitude (Std MAD). RBC is the per-query RBC averaged over queries
 * (METRICS.md §3); the pooled RBC has its own column.
 */
export function retrievalColumns(k: number): TableColumn[] {
  return [
    { key: `ndcg@${k}`, label: `NDCG@${k}`, group: 'effectiveness', higherIsBetter: true, help: 'graded ranking quality (METRICS.md §1)' },
    { key: `p@${k}`, label: `P@${k}`, group: 'effectiveness', higherIsBetter: true, help: 'share of relevant profiles in the top k' },
    { key: `mrr@${k}`, label: `MRR@${k}`, group: 'effectiveness', higherIsBetter: true, help: 'reciprocal rank of the first relevant profile' },
    { key: `iou@${k}`, label: `IoU@${k}`, group: 'robustness', higherIsBetter: true, help: 'overlap of the top k before and after swapping every profile for its twin' },
    { key: 'rank_shift', label: 'Rank shift', group: 'robustness', higherIsBetter: false, help: 'mean absolute rank change of a profile replaced by its twin' },
    { key: 'kendall_tau', label: 'Kendall τ', group: 'robustness', higherIsBetter: true, help: 'rank correlation of the original and twin worlds' },
    { key: `dropout@${k}`, label: `Dropout@${k}`, group: 'robustness', higherIsBetter: false, help: 'share of top-k profiles that leave the top k as twins' },
    { key: 'rbc', label: 'RBC (per query)', group: 'robustness', higherIsBetter: false, noEffect: 0, help: 'rank-biserial correlation of each query, averaged over queries' },
    { key: 'rbc_pooled', label: 'RBC (pooled)', group: 'robustness', higherIsBetter: false, noEffect: 0, help: 'rank-biserial correlation of the win counts pooled over all queries' },
    { key: 'cohens_d', label: 'Cohen’s d', group: 'robustness', higherIsBetter: false, noEffect: 0, help: 'mean score difference of the two versions of a profile over its SD, per query, averaged' },
    { key: `odds_ratio@${k}`, label: `OR@${k}`, group: 'robustness', higherIsBetter: false, noEffect: 1, help: 'odds that one group’s version is in the top k against the other’s (½ added to each count), geometric mean over queries' },
    { key: 'std_mad', label: 'Std MAD', group: 'robustness', higherIsBetter: false, scaleDependent: true, help: 'standard deviation of |s(d) − s(twin)| over the pairs, per query, averaged, in the model’s own score units (BM25’s unbounded scores, a cosine’s [−1, 1]): scale-dependent, not comparable across models' },
  ];
}

/**
 * The sign convention of a signed or ratio column, with the groups named (visible under the
 * column's name, never only in a tooltip): `> 0 favours female · < 0 male`; undefined for an
 * unsigned column. The first group of a subset is the one whose win a positive RBC counts.
 * @example signNote({ noEffect: 0 }, ['female', 'male']) // '> 0 favours female, < 0 male'
 */
export function signNote(column: Pick<TableColumn, 'noEffect'>, groups: readonly string[]): string | undefined {
  if (column.noEffect === undefined || groups.length < 2) return undefined;
  const [first, second] = groups;
  return `> ${column.noEffect} favours ${first}, < ${column.noEffect} ${second}`;
}

/**
 * What the header says under a column's name: its sign convention with the groups named, else
 * which way is better — and, for a scale-dependent column, that it is (issue 48: Std MAD compared
 * BM25's 0.927 with a cosine model's 0.017 as if they were one scale).
 * @example columnNote({ higherIsBetter: false, scaleDependent: true }, ['female', 'male']) // 'lower is better · scale-dependent: in each model’s own score units, not comparable across models'
 */
export function columnNote(column: Pick<TableColumn, 'noEffect' | 'higherIsBetter' | 'scaleDependent'>, groups: readonly string[]): string {
  const base = signNote(column, groups) ?? (column.higherIsBetter ? 'higher is better' : 'lower is better');
  return column.scaleDependent ? `${base} · ${SCALE_DEPENDENT_NOTE}` : base;
}

/** The effectiveness columns (ranking quality) and the fairness columns (what swapping twins does), the two tables of a subset. */
export const columnsOf = (k: number, group: TableColumn['group']) => retrievalColumns(k).filter((c) => c.group === group);

export interface TableRow {
  readonly id: string;
  /** The display name (short, the same in every table and plot; the full label where two share it). */
  readonly name: string;
  /** The full label of the descriptor, shown on demand. */
  readonly label: string;
  readonly device: string;
  readonly dtype: string;
  readonly wallMs: number;
  readonly nQueries: number;
  readonly cells: Readonly<Record<string, Ci>>;
}

export function retrievalRows(subset: SubsetResult, k: number): TableRow[] {
  const names = namesOf(subset);
  return subset.models.map((m) => {
    const cells: Record<string, Ci> = {};
    for (const c of retrievalColumns(k)) {
      const v = c.group === 'effectiveness' ? (m.effectiveness as Record<string, Ci> | undefined)?.[c.key] : (m.robustness.overall as unknown as Record<string, Ci>)[c.key];
      if (v) cells[c.key] = v;
    }
    return { id: m.model.id, name: names.get(m.model.id)!, label: m.model.label, device: m.model.device, dtype: m.model.dtype, wallMs: m.timing.wallMs, nQueries: m.nQueries, cells };
  });
}

/** Each model's display name by id (displayNames: short, the full label where two share a short name). */
export function namesOf(subset: Pick<SubsetResult, 'models'>): Map<string, string> {
  const names = displayNames(subset.models.map((m) => m.model));
  return new Map(subset.models.map((m, i) => [m.model.id, names[i]]));
}

/** True when an effect's 95% CI lies wholly on one side of `noEffect` (0 for a signed effect, 1 for an odds ratio). */
export function isSignificant(c: Ci | undefined, noEffect = 0): boolean {
  return c !== undefined && ciExcludes(c.ci, noEffect);
}

/** Sorts rows by a column's mean (NaN last); `descending` puts the largest first. */
export function sortRows(rows: readonly TableRow[], key: string, descending: boolean): TableRow[] {
  const v = (r: TableRow) => {
    const x = key === 'model' ? NaN : (r.cells[key]?.mean ?? NaN);
    return x;
  };
  if (key === 'model') return [...rows].sort((a, b) => (descending ? -1 : 1) * a.name.localeCompare(b.name));
  return [...rows].sort((a, b) => {
    const x = v(a);
    const y = v(b);
    if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : 1;
    if (Number.isNaN(y)) return -1;
    return descending ? y - x : x - y;
  });
}

/** The table for CSV/JSON export: one row per model, mean and CI bounds per metric. */
export function exportTable(subset: SubsetResult, k: number): PlotTable {
  const cols = retrievalColumns(k);
  const columns = ['model', 'device', 'dtype', 'n_queries', 'wall_ms', ...cols.flatMap((c) => [c.key, `${c.key}_lo`, `${c.key}_hi`])];
  const rows = retrievalRows(subset, k).map((r) => [
    r.label,
    r.device,
    r.dtype,
    r.nQueries,
    Math.round(r.wallMs),
    ...cols.flatMap((c) => {
      const x = r.cells[c.key];
      return x ? [x.mean, x.ci[0], x.ci[1]] : [null, null, null];
    }),
  ]);
  return { columns, rows };
}

/**
 * The twin metrics the per-language forest plot offers (every robustness
 * column of the table), RBC first, each with its no-effect line (0 for the
 * signed effects, 1 for OR@k; none for the others).
 */
export function forestMetrics(k: number): { key: string; label: string; noEffect?: number }[] {
  const robustness = retrievalColumns(k).filter((c) => c.group === 'robustness');
  const rbc = robustness.filter((c) => c.key === 'rbc');
  return [...rbc, ...robustness.filter((c) => c.key !== 'rbc')].map((c) => ({ key: c.key, label: c.label, noEffect: c.noEffect }));
}

/**
 * Effectiveness of each model on every query subset side by side (the retrieval paper's Figure 3):
 * all queries, then each language's queries (`effectivenessPerLang`). Empty without labels.
 */
export function effectivenessBySubset(subset: SubsetResult, key: string): { model: string; group: string; estimate: number | null; ci?: [number, number] }[] {
  const rows: { model: string; group: string; estimate: number | null; ci?: [number, number] }[] = [];
  const row = (model: string, group: string, c: Ci | undefined) => {
    const ok = c !== undefined && Number.isFinite(c.mean);
    rows.push({ model, group, estimate: ok ? c.mean : null, ci: ok && Number.isFinite(c.ci[0]) ? [c.ci[0], c.ci[1]] : undefined });
  };
  const names = namesOf(subset);
  for (const m of subset.models) {
    if (!m.effectiveness) continue;
    row(names.get(m.model.id)!, 'all queries', (m.effectiveness as Record<string, Ci>)[key]);
    for (const [lang, e] of Object.entries(m.effectivenessPerLang ?? {})) row(names.get(m.model.id)!, lang, (e as Record<string, Ci>)[key]);
  }
  return rows;
}

/**
 * Twin metrics of one model per language, for the forest plot: the per-language subsets (the
 * paper's: the queries of each language) or the pooled variant (every query, one language's twins
 * swapped), one panel per language. A shared link written before the subsets has no pooled
 * variant: it then shows perLang.
 */
export function perLanguage(subset: SubsetResult, key: string, variant: 'subsets' | 'pooled' = 'subsets'): { model: string; group: string; panel: string; estimate: number | null; ci?: [number, number] }[] {
  const rows: { model: string; group: string; panel: string; estimate: number | null; ci?: [number, number] }[] = [];
  const names = namesOf(subset);
  for (const m of subset.models) {
    const scopes = variant === 'pooled' ? (m.robustness.perLangPooled ?? m.robustness.perLang) : m.robustness.perLang;
    for (const [lang, metrics] of Object.entries(scopes)) {
      const c = (metrics as unknown as Record<string, Ci | undefined>)[key] as Ci | undefined;
      const ok = c && Number.isFinite(c.mean);
      rows.push({ model: names.get(m.model.id)!, group: lang, panel: lang, estimate: ok ? c!.mean : null, ci: ok && Number.isFinite(c!.ci[0]) ? [c!.ci[0], c!.ci[1]] : undefined });
    }
  }
  return rows;
}

/**
 * The latency/quality plot of a subset: each timed model's test time against
 * its NDCG@k. A model whose NDCG@k is undefined (NaN; a shared link writes
 * it as null) is left out, as the plot needs a finite quality.
 */
export function latencySpec(subset: SubsetResult, k: number): LatencyQualitySpec {
  const names = namesOf(subset);
  const quality = (m: SubsetResult['models'][number]) => (m.effectiveness as Record<string, Ci> | undefined)?.[`ndcg@${k}`]?.mean ?? NaN;
  return {
    qualityLabel: `ndcg@${k}`,
    latencyLabel: 'test time of the whole query set (ms, log scale)',
    points: subset.models
      .filter((m) => m.timing.wallMs > 0 && Number.isFinite(quality(m)))
      .map((m) => ({ id: m.model.id, label: names.get(m.model.id)!, latencyMs: m.timing.wallMs, quality: quality(m) })),
  };
}

export type { TwinMetrics };
