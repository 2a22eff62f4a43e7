/**
 * The retrieval-fairness audit (DESIGN.md, first protocol): effectiveness
 * (METRICS.md §1: NDCG@k, P@k, MRR@k at the task's τ) and counterfactual-twin
 * robustness (§3: IoU@k, rank shift, RBC, Kendall τ-b, Dropout@k, Pearson r —
 * overall, per language, per group direction), with percentile bootstrap CIs
 * over queries (§6) and the rank-shift histogram. Pure: the caller embeds or
 * indexes, times the models, and supplies the clock and environment.
 *
 * The same function runs in the browser's compute worker and in the CLI, so
 * the results object is the same in both (DESIGN.md, "Results").
 */
import type { AuditModel, AuditOptions, AuditSubset, QueryScores } from './input.ts';
import { perQueryValues, perQueryValuesInBlocks, prepareSubset, type PerQueryValues, type PreparedSubset } from './perQuery.ts';
import { summarizeModel } from './summarize.ts';
import { perUnitOf } from './perUnit.ts';
import type { ModelDescriptor, ModelResult, ModelTiming, RetrievalFairnessResults, SubsetResult } from './results.ts';
import { GROUP_TARGETS } from '../../metrics/groupFairness/index.ts';
import { modelGroupFairness } from './groupFairness.ts';
import { shortModelName } from '../../models/displayName.ts';

/** Defaults of AuditOptions: k = 10, B = 1000 (METRICS.md §6 for retrieval), seed 0; the group target is the pool's shares (§12). */
export const AUDIT_DEFAULTS = Object.freeze({ k: 10, bootstrap: 1000, seed: 0 });

/** Validated options. @throws {RangeError} for k not a positive integer, B not an integer ≥ 0, or a non-integer seed. */
export function auditOptions(options: AuditOptions = {}): Required<AuditOptions> {
  const k = options.k ?? AUDIT_DEFAULTS.k;
  const bootstrap = options.bootstrap ?? AUDIT_DEFAULTS.bootstrap;
  const seed = options.seed ?? AUDIT_DEFAULTS.seed;
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`);
  if (!Number.isInteger(bootstrap) || bootstrap < 0) throw new RangeError(`bootstrap B must be an integer ≥ 0, got ${bootstrap}`);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  const groupTarget = options.groupTarget ?? 'pool';
  if (!GROUP_TARGETS.includes(groupTarget)) throw new RangeError(`group target must be one of ${GROUP_TARGETS.join(', ')}, got ${groupTarget}`);
  return { k, bootstrap, seed, groupTarget };
}

/**
 * Audits every model on one subset (a retrieval task and one twins task).
 * Each model is scored query by query (`model.score`), so only one query's
 * scores are held at a time; `onQueries` is told the queries done (each model in turn).
 * @throws {RangeError} for invalid options, a twin whose original is not in
 *   the corpus, or a scorer returning the wrong number of scores or a
 *   non-finite score.
 * @example auditSubset(subset, [{ model, timing, score: matrixScorer(c, t, nDocs, nTwins) }], { k: 10, bootstrap: 1000, seed: 1 })
 */
export function auditSubset(subset: AuditSubset, models: readonly AuditModel[], options: AuditOptions = {}, onQueries?: (done: number, total: number) => void): SubsetResult {
  const { k, bootstrap, seed, groupTarget } = auditOptions(options);
  const prepared = prepareSubset(subset, k, groupTarget);
  return subsetResult(
    subset,
    models.map((m) => modelResult(prepared, m, perQueryValues(prepared, m.score, onQueries), bootstrap, seed)),
  );
}

/** One model scored by query blocks (perQueryValuesInBlocks): what auditSubset gives it with `blockSize` queries a call. */
export interface BlockAuditModel {
  readonly model: ModelDescriptor;
  readonly timing: ModelTiming;
  readonly scoreBlock: (queryIndices: Int32Array) => Promise<readonly QueryScores[]> | readonly QueryScores[];
  readonly blockSize: number;
}

/**
 * auditSubset for one model scored a block of queries at a time (a matrix
 * product; on a GPU, awaited), the same result as auditSubset with a scorer
 * of the same scores. Between blocks the signal is checked and `onQueries`
 * told how many queries are done.
 * @throws {RangeError} as auditSubset; the signal's reason when aborted.
 */
export async function auditSubsetInBlocks(
  subset: AuditSubset,
  model: BlockAuditModel,
  options: AuditOptions = {},
  control: { readonly signal?: AbortSignal; readonly onQueries?: (done: number, total: number) => void } = {},
): Promise<SubsetResult> {
  const { k, bootstrap, seed, groupTarget } = auditOptions(options);
  const prepared = prepareSubset(subset, k, groupTarget);
  let done = 0;
  const total = prepared.unitQuery.filter((q) => q >= 0).length;
  const scoreBlock = async (qs: Int32Array) => {
    const rows = await model.scoreBlock(qs);
    done += qs.length;
    control.onQueries?.(done, total);
    return rows;
  };
  const values = await perQueryValuesInBlocks(prepared, scoreBlock, model.blockSize, control.signal);
  return subsetResult(subset, [modelResult(prepared, model, values, bootstrap, seed)]);
}

function modelResult(prepared: PreparedSubset, m: { readonly model: ModelDescriptor; readonly timing: ModelTiming }, values: PerQueryValues, bootstrap: number, seed: number): ModelResult {
  const { k, subset } = prepared;
  const summary = summarizeModel(values, k, bootstrap, seed);
  return {
    model: { ...m.model },
    timing: { ...m.timing },
    nQueries: prepared.unitIds.length,
    nSkipped: prepared.nSkipped,
    ...(subset.qrels === undefined ? {} : { effectiveness: summary.effectiveness }),
    ...(subset.qrels === undefined || Object.keys(summary.effectivenessPerLang).length === 0 ? {} : { effectivenessPerLang: summary.effectivenessPerLang }),
    robustness: { overall: summary.overall, perLang: summary.perLang, perLangPooled: summary.perLangPooled, perDirection: summary.perDirection },
    rankShiftHistogram: [...values.rankShifts].sort((a, b) => a[0] - b[0]).map(([shift, count]) => ({ shift, count })),
    perUnit: perUnitOf(prepared.unitIds, values, k, subset.qrels !== undefined),
    ...(prepared.groups && values.groupRecords ? { groupFairness: modelGroupFairness(shortModelName(m.model.label, m.model.id), prepared.groups.by, prepared.groups.options, values.groupRecords, bootstrap, seed) } : {}),
    ...(subset.twins.length > 0 ? { cases: values.cases } : {}),
  };
}

function subsetResult(subset: AuditSubset, models: ModelResult[]): SubsetResult {
  return {
    task: subset.task,
    twinsTask: subset.twinsTask,
    groups: [subset.groups[0], subset.groups[1]],
    ...(subset.qrels === undefined ? { unjudged: UNJUDGED_REASON } : {}),
    models,
  };
}

/** What a subset without relevance labels says instead of effectiveness. */
export const UNJUDGED_REASON =
  'no relevance labels: the retrieval task has no qrels, so effectiveness (NDCG, P, MRR) cannot be computed; every query is audited for twin robustness only';

/** What `retrievalFairnessResults` wraps around the subsets. */
export interface ResultsHeader {
  readonly dataset: RetrievalFairnessResults['dataset'];
  readonly relevanceThreshold: number;
  readonly options: AuditOptions;
  readonly createdAt: string;
  readonly environment: RetrievalFairnessResults['environment'];
}

/**
 * Assembles the results object from audited subsets (auditSubset with the
 * same options). `parameters.groups` are the first subset's groups
 * (['', ''] without subsets); each subset also carries its own.
 * @throws {RangeError} for invalid options.
 */
export function retrievalFairnessResults(header: ResultsHeader, subsets: readonly SubsetResult[]): RetrievalFairnessResults {
  const { k, bootstrap, seed } = auditOptions(header.options);
  const groups = subsets[0]?.groups ?? ['', ''];
  return {
    schema: 1,
    kind: 'retrieval-fairness',
    dataset: { ...header.dataset },
    parameters: { k, relevanceThreshold: header.relevanceThreshold, bootstrap, seed, groups: [groups[0], groups[1]] },
    subsets,
    createdAt: header.createdAt,
    environment: { ...header.environment },
  };
}
