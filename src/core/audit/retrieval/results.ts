/**
 * The results object of a retrieval-fairness audit (METRICS.md §1, §3, §6,
 * §7): what the compute worker returns, the results store keeps, the CLI
 * prints (`fairground run`), the permalink encodes (`summaryOf`) and the
 * views draw. One shape everywhere.
 *
 * Its summary (`summaryOf`) is safe to share by construction: summary
 * numbers, model and dataset descriptors and parameters only — never dataset
 * text, record identifiers, per-query values or per-document scores. The
 * stored object adds each model's per-query values (`perUnit`, numbers
 * only, the queries named by a hash), which stay on the machine.
 *
 * Missing values. A statistic that no query defines (e.g. Pearson r when
 * every S is a single pair) has mean NaN; a CI that cannot be computed
 * (bootstrap B = 0, or no resample defines the statistic) is [NaN, NaN].
 * A Ci is therefore always `{mean, ci}`, never a bare number and never a
 * fake interval [mean, mean]. JSON has no NaN: `JSON.stringify` writes
 * null, and `parseResults` reads null back as NaN.
 */
import type { GroupFairnessSummary } from '../../metrics/groupFairness/index.ts';
import type { InputTruncation } from '../../models/truncation.ts';

import type { Ci, DatasetIdentity } from '../common/index.ts';

/** Effectiveness keys at cut-off k: `ndcg@k`, `p@k`, `mrr@k` (METRICS.md §1). */
export type EffectivenessKey = `ndcg@${number}` | `p@${number}` | `mrr@${number}`;

/** The effectiveness families reported, in order. */
export const EFFECTIVENESS_FAMILIES = Object.freeze(['ndcg', 'p', 'mrr'] as const);

/** `ndcg@k`, `p@k`, `mrr@k` for one k. @example effectivenessKeys(10) // ['ndcg@10', 'p@10', 'mrr@10'] */
export function effectivenessKeys(k: number): EffectivenessKey[] {
  return EFFECTIVENESS_FAMILIES.map((f) => `${f}@${k}` as EffectivenessKey);
}

/**
 * Twin metrics of one scope (all twins, one language, one direction),
 * METRICS.md §3. `iou@k`, `dropout@k` and `odds_ratio@k` carry the audit's k
 * in their key. `rbc` is the per-query RBC averaged over queries (the
 * protocol's default); `rbc_pooled` pools the win counts of all queries.
 * `rbc_abs` is |RBC| with the CI from the bootstrap percentiles of |RBC*|
 * (not |CI of RBC|): the Pareto plot's −|RBC| axis needs it.
 */
export interface TwinMetrics {
  readonly [key: `iou@${number}` | `dropout@${number}` | `odds_ratio@${number}`]: Ci;
  readonly rank_shift: Ci;
  /** Per-query RBC, macro-averaged over queries. */
  readonly rbc: Ci;
  readonly rbc_abs: Ci;
  /** RBC of the win counts pooled over all queries. */
  readonly rbc_pooled: Ci;
  readonly kendall_tau: Ci;
  readonly pearson: Ci;
  /** Cohen's d of s(F) − s(M) per query, averaged (direction, scores). */
  readonly cohens_d: Ci;
  /** Sample SD of |s(d) − s(d')| per query, averaged (magnitude, scores). */
  readonly std_mad: Ci;
  /** Twin pairs summed over the audited queries. */
  readonly n_pairs: number;
  /** Audited queries with at least one twin pair in this scope. */
  readonly n_queries: number;
}

/** The Ci-valued keys of TwinMetrics at cut-off k, in report order. */
export function twinMetricKeys(k: number): string[] {
  return [`iou@${k}`, 'rank_shift', 'rbc', 'rbc_abs', 'rbc_pooled', 'kendall_tau', `dropout@${k}`, 'pearson', 'cohens_d', `odds_ratio@${k}`, 'std_mad'];
}

/** `imported`: scores of an outside system, read from a file (core/audit/imported/). */
export type ModelKind = 'embedding' | 'bm25' | 'tfidf' | 'imported';

/** Which model ran, and where. */
export interface ModelDescriptor {
  /** Registry id, bundled folder name, `bm25`, `tfidf`, `folder:<name>`, or `imported:<name>`. */
  readonly id: string;
  readonly label: string;
  readonly kind: ModelKind;
  /** Hub revision; `bundled`, `local` or `builtin` otherwise. */
  readonly revision: string;
  /** Weights' dtype (fp32, q8, …); `fp64` for the lexical baselines. */
  readonly dtype: string;
  /** `webgpu`, `wasm` or `cpu` (Node). */
  readonly device: string;
  /** What the model does not read (core/models/truncation.ts); absent in runs made before it was recorded. */
  readonly truncations?: readonly InputTruncation[];
  /** Vectors computed elsewhere (`vectors:<name>`): each file they were read from, with the SHA-256 of its bytes. */
  readonly importedFiles?: readonly { readonly file: string; readonly sha256: string }[];
}

/** Test time (DESIGN.md): embedding or indexing and scoring, measured by the caller. */
export interface ModelTiming {
  readonly wallMs: number;
  /** Texts run through the model (or indexed and scored, for a baseline). */
  readonly textsEmbedded: number;
  /** Texts whose vectors came from the embedding cache. */
  readonly textsCached: number;
  /** textsEmbedded / (wallMs / 1000); 0 when wallMs is 0. */
  readonly textsPerSecond: number;
}

/** One bin of the signed rank-shift histogram: rank_o − rank_t (positive: the twin ranks better). */
export interface RankShiftBin {
  readonly shift: number;
  readonly count: number;
}

/** A model's group fairness in a results object. */
export interface ModelGroupFairness {
  /** The fields the documents were grouped by (one, or two intersected): `meta.gender`, `lang`, `twins.group`. */
  readonly by: readonly string[];
  /** §12's summary (types.ts of core/metrics/groupFairness gives its JSON shape). */
  readonly summary: GroupFairnessSummary;
  /** Mean attention share per group at every cut-off 1..K (share[g][k − 1]), with the mean target share per group; absent in a summary link. */
  readonly curve?: { readonly groups: readonly string[]; readonly share: readonly (readonly number[])[]; readonly target: readonly number[] };
  /** The verdict: the group furthest below its target share, by how much, with AWRF and its CI; absent in a link (worded again from the summary). */
  readonly verdict?: string;
}

export interface ModelResult {
  readonly model: ModelDescriptor;
  readonly timing: ModelTiming;
  /** Queries audited (the qrels' queries with a judged document of grade ≥ τ). */
  readonly nQueries: number;
  /** Queries of the qrels without any judged document of grade ≥ τ. */
  readonly nSkipped: number;
  /** Absent when the dataset has no relevance labels (`SubsetResult.unjudged`). */
  readonly effectiveness?: Readonly<Record<EffectivenessKey, Ci>>;
  /**
   * Effectiveness on each language's queries (the per-language subsets of METRICS.md §3, ranked
   * in the pool the dataset declares), keyed by language; absent without labels or languages.
   */
  readonly effectivenessPerLang?: Readonly<Record<string, Readonly<Record<EffectivenessKey, Ci>>>>;
  readonly robustness: {
    readonly overall: TwinMetrics;
    /**
     * Per language L, the paper's subset (METRICS.md §3): the queries of L, the twins of L, the
     * pool the dataset declares (`pool` of the subset). Empty when no query carries a language.
     */
    readonly perLang: Readonly<Record<string, TwinMetrics>>;
    /** Per language L, the pooled variant: every query, only L's twins swapped. */
    readonly perLangPooled: Readonly<Record<string, TwinMetrics>>;
    /** Keyed `group->twin_group`, e.g. `female->male`. */
    readonly perDirection: Readonly<Record<string, TwinMetrics>>;
  };
  /**
   * Who gets seen (METRICS.md §12): group exposure, AWRF, Skew and NDKL of the model's top k by
   * the documents' group labels (retrieval/groupLabels.ts). Absent when no document has a label.
   */
  readonly groupFairness?: ModelGroupFairness;
  /** Counts of rank_o − rank_t over every (query, pair) of S, ascending shift, empty bins left out. */
  readonly rankShiftHistogram: readonly RankShiftBin[];
  /**
   * Each audited query's values (perUnit.ts), for paired comparisons across runs
   * (core/audit/compare). Kept in storage and in `fairground run`'s output, never in a
   * permalink (`summaryOf` drops it). Absent in results made before it was recorded.
   */
  readonly perUnit?: ModelPerUnit;
  /**
   * The cases behind the twin numbers (cases.ts): positions, ranks and scores of the pairs that
   * moved most and of those that moved in or out of the top k (no identifier: the page looks the
   * records up). Kept in storage and in `fairground run`'s output, never in a permalink
   * (`summaryOf` drops it). Absent without twins and in results made before it was recorded.
   */
  readonly cases?: TwinCases;
}

/**
 * Per-unit values of one model: one column per statistic input, one value per bootstrap unit
 * (the audited queries, in unit order), NaN where the query does not define it (null in JSON).
 */
export interface ModelPerUnit {
  /** How many units (audited queries). */
  readonly units: number;
  /** SHA-256 of the unit identifiers joined by "\n" (perUnit.ts `unitsSha256`): the same units, without naming them. */
  readonly unitsSha256: string;
  readonly columns: Readonly<Record<string, readonly (number | null)[]>>;
}

export interface SubsetResult {
  /** The retrieval task, e.g. `briefs`. */
  readonly task: string;
  /** The twins task of it, e.g. `gender-briefs`; '' when the task has none. */
  readonly twinsTask: string;
  /** The twins task's groups [first, second]; RBC > 0 favours the first. */
  readonly groups: readonly [string, string];
  /**
   * Why effectiveness is absent, when it is: the retrieval task has no relevance labels, so every
   * query is a unit and only twin robustness is reported.
   */
  readonly unjudged?: string;
  readonly models: readonly ModelResult[];
}

export interface RetrievalFairnessResults {
  readonly schema: 1;
  readonly kind: 'retrieval-fairness';
  readonly dataset: DatasetIdentity;
  readonly parameters: {
    readonly k: number;
    readonly relevanceThreshold: number;
    /** Bootstrap resamples B; 0 gives no CIs ([NaN, NaN]). */
    readonly bootstrap: number;
    readonly seed: number;
    /** The first subset's groups. */
    readonly groups: readonly [string, string];
  };
  readonly subsets: readonly SubsetResult[];
  /** ISO 8601 time the audit finished. */
  readonly createdAt: string;
  readonly environment: { readonly runtime: 'browser' | 'node'; readonly userAgent?: string };
}

/** The cases behind the twin numbers (made by cases.ts; rank d's original rank, twinRank d′'s substitution rank). */
/**
 * One (query, pair): the original profile d and its twin d′, by position, never by identifier (a
 * results object names no record of the dataset): `unit` is the query's index among the audited
 * queries (prepareSubset's `unitIds`), `pair` the twin's index in the subset's twins. The page
 * resolves them against the stored dataset (`resolveCases`).
 */
export interface TwinCase {
  readonly unit: number;
  readonly pair: number;
  readonly group: string;
  readonly twinGroup: string;
  readonly rank: number;
  readonly twinRank: number;
  readonly score: number;
  readonly twinScore: number;
}

/** The kept cases of one model on one query set. */
export interface TwinCases {
  /** The largest |shift| first, ties by query order then pair order. */
  readonly largestShifts: readonly TwinCase[];
  /** Pairs with d in the top k and d′ not, or the reverse; the largest |shift| first. */
  readonly topKFlips: readonly TwinCase[];
  /** How many (query, pair)s flipped in or out of the top k (all of them, not only the kept). */
  readonly flipCount: number;
  /** How many (query, pair)s there were. */
  readonly pairCount: number;
}

/** A ModelResult without its distributions and per-unit values: what a permalink carries. */
export type ModelSummary = Omit<ModelResult, 'rankShiftHistogram' | 'perUnit' | 'cases'>;

export interface ResultsSummary extends Omit<RetrievalFairnessResults, 'subsets'> {
  readonly subsets: readonly (Omit<SubsetResult, 'models'> & { readonly models: readonly ModelSummary[] })[];
}

/**
 * The summary of a results object (for the permalink): everything but the
 * rank-shift histograms, which are distributions, and the per-unit values,
 * which are one number per query, not summary numbers, and the cases, which name the dataset's records.
 * Returns new objects; the input is not changed.
 */
export function summaryOf(results: RetrievalFairnessResults): ResultsSummary {
  return {
    ...results,
    subsets: results.subsets.map((s) => ({
      ...s,
      models: s.models.map(({ rankShiftHistogram: _dropped, perUnit: _perUnit, cases: _cases, ...rest }) => rest),
    })),
  };
}

/**
 * Reads a results object back from parsed JSON (a `fairground run` output
 * or a permalink payload): checks schema and kind, and turns the nulls JSON
 * wrote for NaN back into NaN inside every `{mean, ci}`.
 * @throws {TypeError} when the value is not a schema-1 retrieval-fairness results object.
 */
export function parseResults(value: unknown): RetrievalFairnessResults {
  const r = value as Partial<RetrievalFairnessResults> | null;
  if (typeof r !== 'object' || r === null || r.schema !== 1 || r.kind !== 'retrieval-fairness') {
    throw new TypeError('not a Fairground retrieval-fairness results object (schema 1)');
  }
  if (!Array.isArray(r.subsets)) throw new TypeError('results object without subsets');
  return revive(value) as RetrievalFairnessResults;
}

function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (typeof value !== 'object' || value === null) return value;
  const o = value as Record<string, unknown>;
  if ('mean' in o && Array.isArray(o.ci) && o.ci.length === 2) {
    const num = (v: unknown) => (typeof v === 'number' ? v : NaN);
    return { ...o, mean: num(o.mean), ci: [num(o.ci[0]), num(o.ci[1])] };
  }
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, revive(v)]));
}
