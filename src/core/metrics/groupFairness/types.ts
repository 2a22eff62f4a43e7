/**
 * Types of the group fairness of rankings (METRICS.md §12): who gets seen in a ranking, by group.
 *
 * The summary object (`GroupFairnessSummary`) is what retrieval and screening results objects and
 * permalinks hold: summary numbers only, never a document id or text. Its JSON shape, with K = 10,
 * skew cut-off 10, and `--bootstrap` (each R is a plain number without it, `{mean, ci}` with it;
 * `null` where nothing defines the number):
 *
 *     {
 *       "k": 10, "target": "pool", "threshold": 1,
 *       "groups": ["female", "male"],
 *       "n_queries": 50, "n_unlabelled": 12,
 *       "n_skipped": { "exposure": 0, "exposure_ratio": 1, "disparate_treatment": 3, "target": 0,
 *                      "awrf": 0, "awrf_ndcg": 2, "ndkl": 0, "skew": 0 },
 *       "exposure": { "female": R, "male": R },
 *       "exposure_ratio": R,
 *       "disparate_treatment": R | null,
 *       "target_share": { "female": 0.5, "male": 0.5 },
 *       "attention_share": { "female": R, "male": R },
 *       "awrf@10": R, "awrf_ndcg@10": R | null, "ndkl@10": R,
 *       "skew@10": { "female": R, "male": R | null },
 *       "absent@10": [],
 *       "min_skew@10": R | null, "max_skew@10": R | null
 *     }
 *
 * `n_skipped.X` counts the queries the macro mean of X leaves out (§12's skipping rules);
 * `exposure` and `attention_share` are macro means per group; `target_share` is the mean target
 * share t̄_g over the queries of AWRF and Skew; `skew@k` is pooled (a group holding no top-k slot
 * is `null` there and listed in `absent@k`); `min_skew@k`/`max_skew@k` are over the groups with a
 * number.
 */
import type { Interval } from '../../stats/bootstrap.ts';
import type { Gain } from '../retrievalKernel.ts';

/** The target distribution t over the groups (§12): the labelled pool's shares, the relevant documents' shares, or equal shares. */
export type GroupTarget = 'pool' | 'relevant' | 'equal';

/** The target kinds, in the order the page offers them. */
export const GROUP_TARGETS: readonly GroupTarget[] = Object.freeze(['pool', 'relevant', 'equal']);

/** Validated options (groupFairnessOptions fills the defaults and checks them). */
export interface GroupFairnessOptions {
  /** Cut depth K of every ranking (a positive integer; default 100). */
  readonly k: number;
  /** The target distribution (default 'pool'). */
  readonly target: GroupTarget;
  /** Relevance threshold τ > 0 (grade ≥ τ is relevant): the 'relevant' target and nDCG's skipping rule (default 1). */
  readonly threshold: number;
  /** Cut-offs k of the pooled Skew@k, ascending, distinct, each ≤ K (default [10], or [K] when K < 10). */
  readonly skewKs: readonly number[];
  /** nDCG's gain (§1; default linear). */
  readonly gain: Gain;
}

/** Options as a caller gives them: any of them, the rest defaulted. */
export type GroupFairnessOptionsInput = Partial<GroupFairnessOptions>;

/** A document's group label, or undefined when it has none (it is dropped before anything, §12). */
export type LabelOf = (docId: string) => string | undefined;

/** One query's input to the per-query kernel. */
export interface GroupQueryInput {
  /**
   * The query's document ids in rank order under the tie rule (rank 1 first; ranking.ts), the
   * first K of them or more (only the first K are read). `rankedIds` makes it from scored items.
   */
  readonly ranked: readonly string[];
  /** The group label of a document. */
  readonly labelOf: LabelOf;
  /**
   * The labelled documents of the query's pool by group (retrieval: the corpus; screening: the
   * job's CV pool; a plain TREC run with a group file: every labelled document of that file).
   * Groups with a count > 0 make G. `poolGroupCounts` counts them.
   */
  readonly pool: ReadonlyMap<string, number>;
  /** The query's judgments (document → grade), when there are qrels: disparate treatment, the 'relevant' target, AWRF×nDCG. */
  readonly judgments?: ReadonlyMap<string, number>;
}

/** One pooled-Skew cut-off of one query: c_g(q) per group and min(k, |L|). */
export interface TopSlots {
  /** The cut-off k. */
  readonly k: number;
  /** counts[g]: documents of groups[g] in the top k of L. */
  readonly counts: Uint32Array;
  /** min(k, |L|): the slots the query holds. */
  readonly size: number;
}

/**
 * The per-query record of §12: small (O(K + |G|) numbers), so a stream of queries keeps one per
 * query and no queries × corpus matrix. Arrays indexed by group are aligned with `groups`.
 * A value is undefined where §12 skips the query for it.
 */
export interface QueryGroupFairness {
  /** G(q): the groups with a labelled document in the pool, in code-unit order. */
  readonly groups: readonly string[];
  /** L after the unlabelled documents are dropped (ranks closed up): the group index of rank r at r − 1. */
  readonly sequence: Uint16Array;
  /** Unlabelled documents dropped from the top K. */
  readonly nUnlabelled: number;
  /** t_g; undefined for the 'relevant' target when the query has no labelled relevant document. */
  readonly target: Float64Array | undefined;
  /** Exp_g (0 for a pool group absent from L); undefined when L is empty. */
  readonly exposure: Float64Array | undefined;
  /** min_g Exp_g / max_g Exp_g; undefined when L is empty or |G| < 2. */
  readonly exposureRatio: number | undefined;
  /** min/max over groups of Exp_g / U_g (groups with U_g > 0); undefined without judgments or with fewer than two such groups. */
  readonly disparateTreatment: number | undefined;
  /** a_L: the attention-weighted group distribution of L; undefined when L is empty. */
  readonly attention: Float64Array | undefined;
  /** 1 − JSD(a_L, t); undefined when L is empty or the target is. */
  readonly awrf: number | undefined;
  /** nDCG@K of the ranking as given (unlabelled documents included, §1); undefined without judgments or without a relevant document. */
  readonly ndcg: number | undefined;
  /** AWRF · nDCG@K; undefined when either is. */
  readonly awrfNdcg: number | undefined;
  /** NDKL of L against t; undefined when L or the target is, or when a group of L has target 0 (KL is infinite). */
  readonly ndkl: number | undefined;
  /** The pooled-Skew counts at each cut-off of options.skewKs (empty when L is empty or the target undefined). */
  readonly slots: readonly TopSlots[];
}

/** A reported number: plain, or `{mean, ci}` (95% percentile bootstrap over queries) when resampling. */
export type ReportedValue = number | Interval;

/** The metrics whose skipped queries are counted. */
export type SkippedMetric = 'exposure' | 'exposure_ratio' | 'disparate_treatment' | 'target' | 'awrf' | 'awrf_ndcg' | 'ndkl' | 'skew';

/** Bootstrap settings of the summary (core/stats: B resamples of queries, seeded). */
export interface GroupFairnessBootstrap {
  readonly resamples: number;
  readonly seed: number;
}

/** The summary's values at a cut-off: `awrf@K`, `awrf_ndcg@K`, `ndkl@K`, and at each skew cut-off k `skew@k`, `absent@k`, `min_skew@k`, `max_skew@k`. */
export interface GroupFairnessAtCutoff {
  readonly [awrf: `awrf@${number}`]: ReportedValue | undefined;
  readonly [awrfNdcg: `awrf_ndcg@${number}`]: ReportedValue | undefined;
  readonly [ndkl: `ndkl@${number}`]: ReportedValue | undefined;
  /** Pooled Skew_g@k per group; undefined for a group holding no slot (listed in absent@k) or with t̄_g = 0. */
  readonly [skew: `skew@${number}`]: Readonly<Record<string, ReportedValue | undefined>>;
  /** The groups holding no top-k slot at all. */
  readonly [absent: `absent@${number}`]: readonly string[];
  readonly [minSkew: `min_skew@${number}`]: ReportedValue | undefined;
  readonly [maxSkew: `max_skew@${number}`]: ReportedValue | undefined;
}

/** The summary over queries (shape in the comment at the top of this file). */
export interface GroupFairnessSummary extends GroupFairnessAtCutoff {
  readonly k: number;
  readonly target: GroupTarget;
  readonly threshold: number;
  /** Every group of any query's G, in code-unit order. */
  readonly groups: readonly string[];
  /** Queries summarised (records given). */
  readonly n_queries: number;
  /** Unlabelled documents dropped from the top K, over all queries. */
  readonly n_unlabelled: number;
  readonly n_skipped: Readonly<Record<SkippedMetric, number>>;
  /** Macro mean of Exp_g per group, over the queries whose G holds g and whose L is not empty. */
  readonly exposure: Readonly<Record<string, ReportedValue | undefined>>;
  readonly exposure_ratio: ReportedValue | undefined;
  readonly disparate_treatment: ReportedValue | undefined;
  /** t̄_g: mean target share per group over the queries with an AWRF (0 where G(q) lacks g). */
  readonly target_share: Readonly<Record<string, number>>;
  /** Macro mean of a_L,g per group over the same queries. */
  readonly attention_share: Readonly<Record<string, ReportedValue | undefined>>;
}

/** The mean attention share per group at every cut-off 1..K (the plot's curves), with the mean target share. */
export interface AttentionCurve {
  readonly groups: readonly string[];
  /** share[g][k − 1]: macro mean over queries of group g's attention share in the top k (a query shorter than k counts its whole L). */
  readonly share: readonly Float64Array[];
  /** t̄_g over the same queries. */
  readonly target: Float64Array;
}

/** How the verdict names the subject and the pool. */
export interface VerdictWording {
  /** Whose ranking: a model or run name (e.g. "BM25"). */
  readonly subject: string;
  /** The pool the target is read off, as a phrase after "in the" (default "corpus"; screening: "CV pool"). */
  readonly pool?: string;
}
