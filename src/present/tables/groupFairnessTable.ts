/**
 * The "Who gets seen" tables of a retrieval query set (METRICS.md §12, issue 50): which numbers of
 * each model's `groupFairness.summary` go in which column, and the words around them (the grouping,
 * the target, what was dropped or skipped, how to read each measure). The numbers come from
 * src/core (the audit's summary); the verdict is the audit's, or — in a shared link, which carries
 * none — worded again by core's groupFairnessVerdict.
 */
import type { Ci } from '../../core/audit/common/index.ts';
import type { ModelGroupFairness, ModelSummary, SubsetResult } from '../../core/audit/retrieval/index.ts';
import { groupFairnessVerdict, type GroupFairnessSummary, type GroupTarget, type ReportedValue, type SkippedMetric } from '../../core/metrics/groupFairness/index.ts';
import { shortModelName } from '../../core/models/displayName.ts';
import type { PlotTable } from '../plots/index.ts';
import { namesOf } from './retrievalTable.ts';

/** A column of the per-model table: a key of the summary, its header, and which value is parity. */
export interface GroupFairnessColumn {
  /** The summary's key, e.g. `awrf@10`, `exposure_ratio`, `min_skew@10`. */
  readonly key: string;
  readonly label: string;
  /** What the header says under the label: the parity value and which way is better. */
  readonly note: string;
}

/** One group of one model: its attention share against its target share, exposure and pooled Skew@k. */
export interface GroupFairnessGroupRow {
  readonly group: string;
  readonly attention: Ci;
  /** t̄_g, the mean target share (no CI: the target is not resampled). */
  readonly target: number;
  readonly exposure: Ci;
  /** Skew_g at each skew cut-off, keyed `skew@k`; NaN where the group holds no slot (`absent`). */
  readonly skew: Readonly<Record<string, Ci>>;
  /** The skew cut-offs at which the group holds no top-k slot at all. */
  readonly absentAt: readonly number[];
}

/** One model's group fairness, as the page and the report show it. */
export interface GroupFairnessRow {
  readonly id: string;
  /** The display name (the results tables' own). */
  readonly name: string;
  readonly label: string;
  /** The verdict sentence (the audit's, or worded again for a shared link). */
  readonly verdict: string;
  readonly by: readonly string[];
  readonly target: GroupTarget;
  readonly k: number;
  readonly skewKs: readonly number[];
  readonly nQueries: number;
  readonly nUnlabelled: number;
  /** The metrics that skipped a query, with how many (only those that skipped one). */
  readonly skipped: readonly { readonly metric: SkippedMetric; readonly count: number }[];
  /** The model-level numbers by column key. */
  readonly cells: Readonly<Record<string, Ci>>;
  readonly groups: readonly GroupFairnessGroupRow[];
  /** Whether the attention curve came with the result (a full result; never a summary link). */
  readonly hasCurve: boolean;
}

const NONE: Ci = { mean: NaN, ci: [NaN, NaN] };

/**
 * A reported value (a plain number, `{mean, ci}`, or missing: undefined or a link's null) as a Ci:
 * NaN where missing, the CI [NaN, NaN] where there is none (no bootstrap).
 * @example ciOfReported(0.5) // { mean: 0.5, ci: [NaN, NaN] }
 */
export function ciOfReported(value: ReportedValue | null | undefined): Ci {
  if (value === undefined || value === null) return NONE;
  if (typeof value === 'number') return { mean: value, ci: [NaN, NaN] };
  return { mean: value.mean ?? NaN, ci: [value.ci?.[0] ?? NaN, value.ci?.[1] ?? NaN] };
}

/**
 * The skew cut-offs a summary reports, ascending (from its `skew@k` keys).
 * @example skewCutoffsOf({ 'skew@10': {}, 'skew@5': {} }) // [5, 10]
 */
export function skewCutoffsOf(summary: object): number[] {
  return Object.keys(summary)
    .flatMap((key) => {
      const m = /^skew@(\d+)$/u.exec(key);
      return m ? [Number(m[1])] : [];
    })
    .sort((a, b) => a - b);
}

/** The per-model columns at cut-off K and the skew cut-offs, in reading order. */
export function groupFairnessColumns(k: number, skewKs: readonly number[]): GroupFairnessColumn[] {
  return [
    { key: 'exposure_ratio', label: 'Exposure ratio', note: '1 = parity, 0 = a group unseen' },
    { key: `awrf@${k}`, label: `AWRF@${k}`, note: '1 = attention on target' },
    { key: `awrf_ndcg@${k}`, label: `AWRF×nDCG@${k}`, note: '1 = on target and perfectly ranked' },
    { key: `ndkl@${k}`, label: `NDKL@${k}`, note: '0 = every prefix on target' },
    ...skewKs.flatMap((s) => [
      { key: `min_skew@${s}`, label: `MinSkew@${s}`, note: '0 = parity, < 0 under' },
      { key: `max_skew@${s}`, label: `MaxSkew@${s}`, note: '0 = parity, > 0 over' },
    ]),
    { key: 'disparate_treatment', label: 'Disparate treatment', note: '1 = exposure in proportion to relevance' },
  ];
}

/** What the target is, as the grouping line says it. */
export const TARGET_WORDS: Readonly<Record<GroupTarget, string>> = Object.freeze({
  pool: 'the corpus’s shares',
  relevant: 'the relevant documents’ shares',
  equal: 'equal shares',
});

/** The skipped-query counts' names, as the counts line says them. */
const SKIPPED_WORDS: Readonly<Record<SkippedMetric, string>> = Object.freeze({
  exposure: 'exposure',
  exposure_ratio: 'exposure ratio',
  disparate_treatment: 'disparate treatment',
  target: 'target',
  awrf: 'AWRF',
  awrf_ndcg: 'AWRF×nDCG',
  ndkl: 'NDKL',
  skew: 'Skew',
});

/**
 * The grouping in words: the fields (two joined by ×, an intersection) and the target.
 * @example groupingText(['meta.gender'], 'pool') // 'grouped by meta.gender, target: the corpus’s shares'
 */
export function groupingText(by: readonly string[], target: GroupTarget, wording: RankingWording = RETRIEVAL_WORDING): string {
  const words = target === 'pool' ? wording.poolShares : TARGET_WORDS[target];
  return `grouped by ${by.join(' × ')}${by.length === 2 ? ' (their intersection)' : ''}, target: ${words}`;
}

/** What the rankings are over, in words: the units of the means and whose shares the pool target is. */
export interface RankingWording {
  /** The units averaged over, plural: `queries`, `jobs`. */
  readonly units: string;
  /** The pool target in words: `the corpus’s shares`, `the CV pools’ shares`. */
  readonly poolShares: string;
  /** What the pool is called in a verdict worded again (`corpus`, `CV pools`). */
  readonly pool: string;
}

/** A retrieval audit's rankings: one per query, of the corpus. */
export const RETRIEVAL_WORDING: RankingWording = Object.freeze({ units: 'queries', poolShares: TARGET_WORDS.pool, pool: 'corpus' });

/** A screening audit's shortlists: one per job, of its CV pool's versions. */
export const SCREENING_WORDING: RankingWording = Object.freeze({ units: 'jobs', poolShares: 'the CV pools’ shares of the versions', pool: 'CV pools' });

/**
 * A screening model's group fairness per attribute (screening/groupFairness.ts) in the shape the
 * "Who gets seen" panel reads: one subset per attribute, each model grouped by it, the verdict
 * worded for CV pools where a link carries none.
 */
export function screeningGroupSubsets(models: readonly { readonly model: { readonly id: string; readonly label: string }; readonly groupFairness?: readonly { readonly attribute: string; readonly summary: GroupFairnessSummary; readonly curve?: ModelGroupFairness['curve']; readonly verdict?: string }[] }[]): { attribute: string; subset: Pick<SubsetResult, 'task' | 'twinsTask' | 'models'> }[] {
  const attributes = [...new Set(models.flatMap((m) => (m.groupFairness ?? []).filter((g) => g.summary.n_queries > 0).map((g) => g.attribute)))];
  return attributes.map((attribute) => ({
    attribute,
    subset: {
      task: 'shortlists',
      twinsTask: attribute,
      models: models.flatMap((m) => {
        const g = m.groupFairness?.find((x) => x.attribute === attribute);
        if (!g) return [];
        const verdict = g.verdict ?? groupFairnessVerdict(g.summary, { subject: shortModelName(m.model.label, m.model.id), pool: SCREENING_WORDING.pool });
        return [{ model: m.model, groupFairness: { by: [attribute], summary: g.summary, ...(g.curve ? { curve: g.curve } : {}), verdict } } as unknown as SubsetResult['models'][number]];
      }),
    },
  }));
}

/**
 * What was left out, in words: the unlabelled documents dropped from the top K and the queries
 * each metric skipped (only those that skipped one).
 * @example countsText({ k: 10, nQueries: 240, nUnlabelled: 0, skipped: [{ metric: 'disparate_treatment', count: 2 }] }) // '240 queries; no unlabelled document in any top 10; queries skipped: disparate treatment 2'
 */
export function countsText(row: Pick<GroupFairnessRow, 'k' | 'nQueries' | 'nUnlabelled' | 'skipped'>, units = 'queries'): string {
  const unlabelled = row.nUnlabelled === 0 ? `no unlabelled document in any top ${row.k}` : `${row.nUnlabelled} unlabelled document${row.nUnlabelled === 1 ? '' : 's'} dropped from the top ${row.k}s (the ranks close up)`;
  const skipped = row.skipped.length === 0 ? `no ${units === 'queries' ? 'query' : units.replace(/s$/u, '')} skipped` : `${units} skipped: ${row.skipped.map((s) => `${SKIPPED_WORDS[s.metric]} ${s.count}`).join(', ')}`;
  return `${row.nQueries} ${units}; ${unlabelled}; ${skipped}`;
}

/** How to read each measure, in one line (what 1 and 0 mean). */
export const READING_GUIDE =
  'How to read: exposure ratio and AWRF are 1 at parity (0: a group never seen; attention entirely off target); NDKL is 0 when every top-i prefix matches the target; Skew@k is 0 when a group holds its target share of the top-k slots, below 0 fewer (−0.69 = half), above 0 more.';

/** A model's verdict: the audit's sentence, or — a shared link carries none — worded again from its summary. */
export function verdictOf(m: ModelSummary): string | undefined {
  const g = m.groupFairness;
  if (!g) return undefined;
  return g.verdict ?? groupFairnessVerdict(g.summary, { subject: shortModelName(m.model.label, m.model.id) });
}

/** Each model with group fairness, as the "Who gets seen" section shows it (models without it are left out). */
export function groupFairnessRows(subset: Pick<SubsetResult, 'models'>): GroupFairnessRow[] {
  const names = namesOf(subset);
  return subset.models.flatMap((m): GroupFairnessRow[] => {
    const g = m.groupFairness;
    if (!g) return [];
    const s = g.summary;
    const value = (key: string) => ciOfReported((s as unknown as Record<string, ReportedValue | null | undefined>)[key]);
    const skewKs = skewCutoffsOf(s);
    const cells = Object.fromEntries(groupFairnessColumns(s.k, skewKs).map((c) => [c.key, value(c.key)]));
    const skewOf = (k: number) => (s as unknown as Record<string, Record<string, ReportedValue | null | undefined> | undefined>)[`skew@${k}`] ?? {};
    const absentOf = (k: number) => (s as unknown as Record<string, readonly string[] | undefined>)[`absent@${k}`] ?? [];
    return [
      {
        id: m.model.id,
        name: names.get(m.model.id) ?? m.model.label,
        label: m.model.label,
        verdict: verdictOf(m)!,
        by: g.by,
        target: s.target,
        k: s.k,
        skewKs,
        nQueries: s.n_queries,
        nUnlabelled: s.n_unlabelled,
        skipped: (Object.entries(s.n_skipped ?? {}) as [SkippedMetric, number][]).filter(([, n]) => n > 0).map(([metric, count]) => ({ metric, count })),
        cells,
        groups: s.groups.map((group) => ({
          group,
          attention: ciOfReported(s.attention_share?.[group]),
          target: s.target_share[group] ?? NaN,
          exposure: ciOfReported(s.exposure?.[group]),
          skew: Object.fromEntries(skewKs.map((k) => [`skew@${k}`, ciOfReported(skewOf(k)[group])])),
          absentAt: skewKs.filter((k) => absentOf(k).includes(group)),
        })),
        hasCurve: g.curve !== undefined,
      },
    ];
  });
}

/** Whether a column is defined for some model (disparate treatment needs qrels; a link may lack a value). */
export function columnHasValues(rows: readonly GroupFairnessRow[], key: string): boolean {
  return rows.some((r) => Number.isFinite(r.cells[key]?.mean));
}

/**
 * The tables for CSV/JSON export: one row per model × group, with the model's numbers repeated on
 * each of its groups' rows (full precision, CI bounds beside each mean).
 */
export function groupFairnessExportTable(subset: Pick<SubsetResult, 'models'>): PlotTable {
  const rows = groupFairnessRows(subset);
  const first = rows[0];
  const modelColumns = first ? groupFairnessColumns(first.k, first.skewKs) : [];
  const skewKeys = first ? first.skewKs.map((k) => `skew@${k}`) : [];
  const triple = (c: Ci | undefined) => (c ? [num(c.mean), num(c.ci[0]), num(c.ci[1])] : [null, null, null]);
  const columns = [
    'model',
    'group_by',
    'target',
    'group',
    ...['attention_share', 'exposure', ...skewKeys].flatMap((k) => [k, `${k}_lo`, `${k}_hi`]),
    'target_share',
    ...modelColumns.flatMap((c) => [c.key, `${c.key}_lo`, `${c.key}_hi`]),
    'n_queries',
    'n_unlabelled',
  ];
  const out = rows.flatMap((r) =>
    r.groups.map((g) => [
      r.label,
      r.by.join(' × '),
      r.target,
      g.group,
      ...triple(g.attention),
      ...triple(g.exposure),
      ...skewKeys.flatMap((k) => triple(g.skew[k])),
      num(g.target),
      ...modelColumns.flatMap((c) => triple(r.cells[c.key])),
      r.nQueries,
      r.nUnlabelled,
    ]),
  );
  return { columns, rows: out };
}

const num = (x: number): number | null => (Number.isFinite(x) ? x : null);
