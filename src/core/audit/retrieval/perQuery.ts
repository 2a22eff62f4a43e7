/**
 * The per-query layer of the retrieval-fairness audit: for one model, the
 * effectiveness values (METRICS.md §1) and twin metrics (§3) of every audited
 * query, and the signed rank shifts of every (query, pair). The bootstrap
 * (summarize.ts) resamples these per-query values; no metric is computed
 * here — the kernels of core/metrics are called.
 */
import type { Scored } from '../../ranking.ts';
import { kernelOptions, RETRIEVAL_METRICS, scoreQuery, type KernelOptions } from '../../metrics/retrieval.ts';
import { scoreTop } from '../../metrics/retrievalKernel.ts';
import { topRankedByKey } from '../../metrics/topRanked.ts';
import { keyOrder, PoolRanker, rankPool, substitutionRanks, tieKeys } from '../../metrics/rankedPool.ts';
import { twinLayout, twinLayoutResults, twinQueryResults, type LabeledTwinPair, type TwinLayout } from '../../metrics/twins.ts';
import type { FirstGroupSide, TwinQueryMetrics } from '../../metrics/twinsKernel.ts';
import { EFFECTIVENESS_FAMILIES } from './results.ts';
import type { AuditSubset, QueryScorer, QueryScores } from './input.ts';
import { flipsTopK, KeptCases, type TwinCases } from './cases.ts';
import { indexOfIds } from './indexOfIds.ts';
import { groupFairnessOptions, scoreGroupFairnessQuery, type GroupFairnessOptions, type GroupTarget, type LabelOf, type QueryGroupFairness } from '../../metrics/groupFairness/index.ts';

/** The group fairness of rankings of a subset whose documents carry group labels (METRICS.md §12). */
export interface SubsetGroups {
  /** The fields the labels come from. */
  readonly by: readonly string[];
  readonly options: GroupFairnessOptions;
  /** Each corpus document's label, by corpus index (undefined: unlabelled). */
  readonly labels: readonly (string | undefined)[];
  /**
   * Every labelled document's label by id, made on first use: only the `relevant` target reads
   * labels beyond a query's top k (its judged documents). A map of a million ids costs ~0.7 s.
   */
  readonly labelById: () => ReadonlyMap<string, string>;
  /** The labelled corpus by group: every query's pool. */
  readonly pool: ReadonlyMap<string, number>;
}

/** A twin pair placed in the pool: d's corpus index and d′'s index among the twins. */
interface PairTemplate {
  readonly index: number;
  readonly twinIndex: number;
  readonly firstGroup: FirstGroupSide;
  readonly lang: string;
  readonly direction: string;
}

const UNJUDGED: ReadonlyMap<string, number> = new Map();

/** A subset prepared once for all models. */
export interface PreparedSubset {
  readonly subset: AuditSubset;
  readonly k: number;
  readonly kernel: KernelOptions;
  /** The audited queries (the bootstrap units), in qrels order. */
  readonly unitIds: readonly string[];
  /** Index of each unit in subset.queries; −1 for a qrels query the queries shard lacks. */
  readonly unitQuery: Int32Array;
  readonly unitJudgments: readonly ReadonlyMap<string, number>[];
  readonly nSkipped: number;
  /** Tie keys of the corpus identifiers (the tie rule of METRICS.md). */
  readonly tieKeys: Uint32Array;
  /** The corpus indices by tie key descending (`keyOrder`): each query's pool sort starts from it. */
  readonly byKey: Uint32Array;
  readonly pairs: readonly PairTemplate[];
  /** The pairs laid out for the twin metrics of every query (metrics/twins.ts). */
  readonly layout: TwinLayout;
  /** The language of each unit's query (undefined: none, or not in the queries shard). */
  readonly unitLang: readonly (string | undefined)[];
  /** Per language, the corpus indices of its documents: the pools of a `language` pool; empty for `corpus`. */
  readonly langPools: ReadonlyMap<string, Int32Array>;
  /** Group fairness (§12), when some document has a group label: cut at the audit's k, Skew at k. */
  readonly groups?: SubsetGroups;
}

/**
 * Chooses the units and places the twin pairs. Units are the qrels' queries
 * with a judged document of grade ≥ τ (as evaluateRetrieval) — or every query
 * when the subset has no qrels (twin robustness only) — in identifier
 * order (code units) — not the qrels' order, which depends on how a store
 * returns them, so the bootstrap draws the same units in the browser and the CLI;
 * the others are counted in nSkipped. Every metric — effectiveness and twins —
 * is over these units, so one bootstrap resample serves them all.
 * @throws {RangeError} for a twin whose original is not in the corpus, a
 *   duplicate corpus identifier, or an invalid k or τ.
 */
export function prepareSubset(subset: AuditSubset, k: number, groupTarget: GroupTarget = 'pool'): PreparedSubset {
  const kernel = kernelOptions({ k: [k], threshold: subset.relevanceThreshold });
  const queryIndex = new Map(subset.queries.map((q, i) => [q.id, i]));
  const unitIds: string[] = [];
  const unitQuery: number[] = [];
  const unitJudgments: ReadonlyMap<string, number>[] = [];
  let nSkipped = 0;
  // Without judgments every query is a unit, judged against nothing (effectiveness is not reported).
  const judged = subset.qrels ?? new Map(subset.queries.map((q) => [q.id, UNJUDGED]));
  const byId = [...judged].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [queryId, judgments] of byId) {
    let relevant = subset.qrels === undefined;
    for (const g of judgments.values()) if (g >= kernel.threshold) relevant = true;
    if (!relevant) {
      nSkipped++;
      continue;
    }
    unitIds.push(queryId);
    unitQuery.push(queryIndex.get(queryId) ?? -1);
    unitJudgments.push(judgments);
  }
  const corpusIndex = indexOfIds(subset.corpus, (d) => d.id, subset.twins.map((t) => t.id));
  const [first] = subset.groups;
  const pairs = subset.twins.map((t, twinIndex): PairTemplate => {
    const index = corpusIndex.get(t.id);
    if (index === undefined) throw new RangeError(`twin "${t.twinId}" names document "${t.id}", which is not in the corpus`);
    return {
      index,
      twinIndex,
      firstGroup: t.group === first ? 'original' : t.twinGroup === first ? 'twin' : 'neither',
      lang: t.lang ?? subset.corpus[index].lang ?? 'und', // BCP 47 "undetermined"
      direction: `${t.group}->${t.twinGroup}`,
    };
  });
  const langPools = new Map<string, Int32Array>();
  if (subset.pool === 'language') {
    const byLang = new Map<string, number[]>();
    subset.corpus.forEach((d, i) => {
      if (d.lang === undefined) return;
      const list = byLang.get(d.lang);
      if (list) list.push(i);
      else byLang.set(d.lang, [i]);
    });
    for (const [lang, list] of byLang) langPools.set(lang, Int32Array.from(list));
  }
  const keys = tieKeys(subset.corpus.map((d) => d.id));
  const groups = subsetGroups(subset, k, groupTarget);
  return {
    ...(groups ? { groups } : {}),
    subset,
    k,
    kernel,
    unitIds,
    unitLang: unitQuery.map((q) => (q < 0 ? undefined : subset.queries[q].lang)),
    langPools,
    unitQuery: Int32Array.from(unitQuery),
    unitJudgments,
    nSkipped,
    tieKeys: keys,
    byKey: keyOrder(keys),
    pairs,
    layout: twinLayout(pairs, subset.corpus.length),
  };
}

/**
 * The labels and pool of the group fairness of rankings, when a document has a label: K = the
 * audit's k (so "top 10" means what IoU@10 means), Skew at the same k, nDCG's threshold the task's τ.
 */
function subsetGroups(subset: AuditSubset, k: number, target: GroupTarget): SubsetGroups | undefined {
  const labels = subset.corpus.map((d) => d.group);
  const pool = new Map<string, number>();
  for (const group of labels) if (group !== undefined) pool.set(group, (pool.get(group) ?? 0) + 1);
  if (pool.size === 0) return undefined;
  const options = groupFairnessOptions({ k, skewKs: [k], target, threshold: subset.relevanceThreshold });
  let byId: Map<string, string> | undefined;
  const labelById = () => (byId ??= new Map(subset.corpus.flatMap((d) => (d.group === undefined ? [] : [[d.id, d.group] as const]))));
  return { by: subset.groupBy ?? [], options, labels, labelById, pool };
}

/**
 * A query's label look-up: its top k's labels, read by corpus index (no map of the corpus), and —
 * for the `relevant` target, which reads judged documents beyond the top k — the corpus's by id.
 */
function queryLabels(groups: SubsetGroups, top: ArrayLike<number>, ids: readonly string[]): LabelOf {
  const local = new Map<string, string>();
  for (let i = 0; i < top.length; i++) {
    const group = groups.labels[top[i]];
    if (group !== undefined) local.set(ids[top[i]], group);
  }
  if (groups.options.target !== 'relevant') return (id) => local.get(id);
  const all = groups.labelById();
  return (id) => local.get(id) ?? all.get(id);
}

/** Per-query values of one model, aligned with the units. */
export interface PerQueryValues {
  /** One column per EFFECTIVENESS_FAMILIES entry (ndcg, p, mrr at k). */
  readonly effectiveness: readonly Float64Array[];
  readonly overall: readonly (TwinQueryMetrics | undefined)[];
  /**
   * Per language L, the paper's subset (METRICS.md §3): defined only at the units whose query is
   * in L, with S the twins of L, in the pool the dataset declares (`AuditSubset.pool`).
   */
  readonly perLang: ReadonlyMap<string, readonly (TwinQueryMetrics | undefined)[]>;
  /** Per language L, the pooled variant: every unit, only L's twins swapped. */
  readonly perLangPooled: ReadonlyMap<string, readonly (TwinQueryMetrics | undefined)[]>;
  /**
   * Per language L of the units' queries, effectiveness columns like `effectiveness`, NaN at the
   * units of other languages; ranked in the pool the dataset declares. Empty without qrels.
   */
  readonly effectivenessPerLang: ReadonlyMap<string, readonly Float64Array[]>;
  readonly perDirection: ReadonlyMap<string, readonly (TwinQueryMetrics | undefined)[]>;
  /** Signed shift rank_o − rank_t → count, over every (unit, pair). */
  readonly rankShifts: ReadonlyMap<number, number>;
  /** The (unit, pair)s that moved most, and those that moved in or out of the top k (cases.ts). */
  readonly cases: TwinCases;
  /** Each unit's group fairness record (§12), when the subset has groups. */
  readonly groupRecords?: readonly QueryGroupFairness[];
}

function checkScores(scores: ArrayLike<number>, n: number, what: string, queryId: string): void {
  if (scores.length !== n) throw new RangeError(`query "${queryId}": ${scores.length} ${what} scores, expected ${n}`);
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(scores[i])) throw new RangeError(`query "${queryId}": ${what} score ${i} is not finite`);
  }
}

/**
 * Scores every unit with `score` (`onQuery` told after each) and applies the kernels: scoreQuery (§1)
 * on the whole corpus ranked under the tie rule; twinQueryResults (§3) on
 * the pool P = the corpus with S = the subset's pairs; substitutionRank for
 * the histogram. A unit missing from the queries shard scores 0 on every
 * effectiveness metric (trec_eval -c) and has no twin metrics.
 * @throws {RangeError} when a scorer returns the wrong number of scores or a non-finite one.
 */
export function perQueryValues(prepared: PreparedSubset, score: QueryScorer, onQuery?: (done: number, total: number) => void): PerQueryValues {
  const values = perQueryAccumulator(prepared);
  const total = prepared.unitQuery.filter((q) => q >= 0).length;
  let done = 0;
  prepared.unitQuery.forEach((q, u) => {
    values.add(u, q < 0 ? undefined : score(q));
    if (q >= 0) onQuery?.(++done, total);
  });
  return values.result();
}

/**
 * perQueryValues over a scorer of query blocks (a matrix product on a GPU,
 * a blocked kernel): the units' queries in blocks of `blockSize`, each block
 * scored in one call, its units' values taken, then the block dropped — so at
 * most one block of scores is held. The same values as perQueryValues with a
 * scorer giving the same scores.
 * @throws {RangeError} as perQueryValues, or when a block has the wrong number of rows.
 */
export async function perQueryValuesInBlocks(
  prepared: PreparedSubset,
  scoreBlock: (queryIndices: Int32Array) => Promise<readonly QueryScores[]> | readonly QueryScores[],
  blockSize: number,
  signal?: AbortSignal,
): Promise<PerQueryValues> {
  const values = perQueryAccumulator(prepared);
  const units = [...prepared.unitQuery.keys()].filter((u) => prepared.unitQuery[u] >= 0);
  prepared.unitQuery.forEach((q, u) => q < 0 && values.add(u, undefined));
  for (let at = 0; at < units.length; at += blockSize) {
    signal?.throwIfAborted();
    const block = units.slice(at, at + blockSize);
    const rows = await scoreBlock(Int32Array.from(block, (u) => prepared.unitQuery[u]));
    if (rows.length !== block.length) throw new RangeError(`a block of ${block.length} queries was scored as ${rows.length} rows`);
    block.forEach((u, i) => values.add(u, rows[i]));
  }
  return values.result();
}

/** Takes each unit's scores (undefined for a unit missing from the queries shard), in any order; then the values. */
interface PerQueryAccumulator {
  add(unit: number, scores: QueryScores | undefined): void;
  result(): PerQueryValues;
}

function perQueryAccumulator(prepared: PreparedSubset): PerQueryAccumulator {
  const { subset, kernel, unitIds, unitJudgments, pairs, k } = prepared;
  const n = unitIds.length;
  const nk = kernel.ks.length;
  const maxK = kernel.ks[nk - 1];
  const columns = EFFECTIVENESS_FAMILIES.map(() => new Float64Array(n));
  const familyRow = EFFECTIVENESS_FAMILIES.map((f) => RETRIEVAL_METRICS.indexOf(f) * nk);
  const overall: (TwinQueryMetrics | undefined)[] = new Array(n).fill(undefined);
  const perLang = new Map<string, (TwinQueryMetrics | undefined)[]>();
  const perLangPooled = new Map<string, (TwinQueryMetrics | undefined)[]>();
  const perDirection = new Map<string, (TwinQueryMetrics | undefined)[]>();
  for (const p of pairs) {
    if (!perLang.has(p.lang)) perLang.set(p.lang, new Array(n).fill(undefined));
    if (!perLangPooled.has(p.lang)) perLangPooled.set(p.lang, new Array(n).fill(undefined));
    if (!perDirection.has(p.direction)) perDirection.set(p.direction, new Array(n).fill(undefined));
  }
  // A shift lies in [−(n − 1), n − 1]: counted in a typed array (no Map update per pair and query).
  const maxShift = Math.max(0, subset.corpus.length - 1);
  const shiftCounts = new Float64Array(pairs.length > 0 ? 2 * maxShift + 1 : 0);
  const ids = subset.corpus.map((d) => d.id);
  const effectivenessPerLang = new Map<string, Float64Array[]>();
  // The corpus pool of every query is ranked in the same arrays (one query at a time).
  const ranker = pairs.length > 0 ? new PoolRanker(prepared.tieKeys, prepared.byKey) : undefined;
  const caseOf = (u: number, j: number, rank: number, twinRank: number, score: number, twinScore: number) => {
    const t = subset.twins[pairs[j].twinIndex];
    return { unit: u, pair: pairs[j].twinIndex, group: t.group, twinGroup: t.twinGroup, rank, twinRank, score, twinScore };
  };
  // Each query's twin scores and substitution ranks, written anew for every query (no arrays per query).
  const twinScore = new Float64Array(pairs.length);
  const rankT = new Uint32Array(pairs.length);
  const largest = new KeptCases();
  const flips = new KeptCases();
  let flipCount = 0;
  let pairCount = 0;
  const groups = prepared.groups;
  const groupRecords: QueryGroupFairness[] | undefined = groups ? new Array(n) : undefined;
  // The judgments §12 reads (disparate treatment, the relevant target, AWRF × nDCG): none without qrels.
  const groupInput = (u: number, top: ArrayLike<number>) => ({
    ranked: Array.from(top, (i) => ids[i]),
    labelOf: queryLabels(groups!, top, ids),
    pool: groups!.pool,
    ...(subset.qrels ? { judgments: unitJudgments[u] } : {}),
  });
  const add = (u: number, scores: QueryScores | undefined): void => {
    if (scores === undefined) {
      const values = scoreQuery([], unitJudgments[u], kernel);
      familyRow.forEach((row, f) => (columns[f][u] = values[row]));
      if (groupRecords) groupRecords[u] = scoreGroupFairnessQuery(groupInput(u, new Uint32Array(0)), groups!.options);
      return;
    }
    checkScores(scores.corpus, ids.length, 'corpus', unitIds[u]);
    checkScores(scores.twins, subset.twins.length, 'twin', unitIds[u]);
    // The corpus ranked once: fully when there are twins (their metrics need every rank), else its top max(ks).
    const pool = ranker?.rank(scores.corpus instanceof Float64Array ? scores.corpus : Float64Array.from(scores.corpus));
    const top = pool ? pool.order.subarray(0, Math.min(maxK, ids.length)) : topRankedByKey(scores.corpus, prepared.tieKeys, maxK);
    const values = scoreTop((i) => ids[top[i]], top.length, unitJudgments[u], kernel);
    familyRow.forEach((row, f) => (columns[f][u] = values[row]));
    // Group fairness reads the same top k, in the same pass (§12: no queries × corpus matrix).
    if (groupRecords) groupRecords[u] = scoreGroupFairnessQuery(groupInput(u, top), groups!.options);
    const lang = prepared.unitLang[u];
    if (lang !== undefined && subset.qrels !== undefined) {
      let langColumns = effectivenessPerLang.get(lang);
      if (!langColumns) effectivenessPerLang.set(lang, (langColumns = EFFECTIVENESS_FAMILIES.map(() => new Float64Array(n).fill(NaN))));
      const members = subset.pool === 'language' ? prepared.langPools.get(lang) : undefined;
      // In a per-language pool the query ranks its language's documents only.
      const inPool = subset.pool === 'language' ? scoreQuery(Array.from(members ?? [], (i): Scored => ({ id: ids[i], score: scores.corpus[i] })), unitJudgments[u], kernel) : values;
      familyRow.forEach((row, f) => (langColumns![f][u] = inPool[row]));
    }
    if (!pool) return;

    // Each pair's twin score and substitution rank, found once here for S, every language and
    // every direction (the corpus pool is theirs).
    const m = pairs.length;
    for (let j = 0; j < m; j++) twinScore[j] = scores.twins[pairs[j].twinIndex];
    substitutionRanks(pool, prepared.layout.index, twinScore, rankT);
    for (let j = 0; j < m; j++) {
      const rank = pool.rankOf[pairs[j].index];
      const shift = rank - rankT[j];
      shiftCounts[shift + maxShift]++;
      // The cases: a comparison per pair; a case (and its closure) is made only when it is kept.
      const abs = Math.abs(shift);
      const order = u * m + j;
      const flipped = flipsTopK(rank, rankT[j], k);
      if (flipped) flipCount++;
      const inLargest = largest.wouldKeep(abs, order);
      if (inLargest || (flipped && flips.wouldKeep(abs, order))) {
        const made = caseOf(u, j, rank, rankT[j], scores.corpus[pairs[j].index], twinScore[j]);
        if (inLargest) largest.offer(abs, order, () => made);
        if (flipped) flips.offer(abs, order, () => made);
      }
    }
    pairCount += m;
    const result = twinLayoutResults(prepared.layout, pool, twinScore, rankT, k);
    overall[u] = result.all;
    for (const [lang, m] of result.byLang) perLangPooled.get(lang)![u] = m;
    if (lang !== undefined && perLang.has(lang)) perLang.get(lang)![u] = languageSubsetMetrics(prepared, lang, scores.corpus, twinScore, result.byLang.get(lang), unitIds[u]);
    for (const [direction, m] of result.byDirection) perDirection.get(direction)![u] = m;
  };
  /** The signed shifts rank_o − rank_t seen so far, as counts at shift + maxShift. */
  const rankShifts = () => {
    const out = new Map<number, number>();
    shiftCounts.forEach((count, at) => count > 0 && out.set(at - maxShift, count));
    return out;
  };
  const cases = (): TwinCases => ({ largestShifts: largest.cases(), topKFlips: flips.cases(), flipCount, pairCount });
  return {
    add,
    result: () => ({ effectiveness: columns, overall, perLang, perLangPooled, effectivenessPerLang, perDirection, rankShifts: rankShifts(), cases: cases(), ...(groupRecords ? { groupRecords } : {}) }),
  };
}

/**
 * One unit's twin metrics on the subset of its own language L: S the twins of L, in the whole
 * corpus (then they are the pooled variant's at this unit: `inCorpus`) or, for a `language` pool,
 * ranked among L's documents only (twins whose original is of another language left out).
 */
function languageSubsetMetrics(
  prepared: PreparedSubset,
  lang: string,
  corpusScores: ArrayLike<number>,
  twinScore: Float64Array,
  inCorpus: TwinQueryMetrics | undefined,
  queryId: string,
): TwinQueryMetrics | undefined {
  if (prepared.subset.pool !== 'language') return inCorpus;
  const members = prepared.langPools.get(lang);
  if (!members) return undefined;
  const position = new Map<number, number>();
  members.forEach((corpusIndex, i) => position.set(corpusIndex, i));
  const pool = rankPool(
    Float64Array.from(members, (i) => corpusScores[i]),
    Uint32Array.from(members, (i) => prepared.tieKeys[i]),
  );
  // Another pool: rank_t is found there.
  const pairs: LabeledTwinPair[] = [];
  prepared.pairs.forEach((p, j) => {
    if (p.lang === lang && position.has(p.index)) pairs.push({ index: position.get(p.index)!, twinScore: twinScore[j], firstGroup: p.firstGroup, lang: p.lang, direction: p.direction });
  });
  return twinQueryResults([{ queryId, pool, pairs }], prepared.k)[0].all;
}
