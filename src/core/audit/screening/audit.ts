/**
 * The decision-model screening audit (DESIGN.md, second protocol): per
 * model, run-to-run consistency (METRICS.md §5) — for a deterministic model
 * its row by construction (ICC 1, every variation 0); counterfactual bias
 * with reference-group rows, significance on every effect and the noise
 * floor (§4); validity on the test split at the threshold tuned on
 * the tune split, with ΔAUC against a reference model (§2); latency per
 * call; all with percentile bootstrap CIs (§6, B = 2000 by default).
 *
 * Pure: the caller scores the work list (`screeningWorkList`) with each
 * model T times (originals) and once (variants), times the calls, and
 * supplies the clock and environment. The same function runs in the compute
 * worker and in the CLI. docs/screening.md states every choice.
 */
import type { ConsistencyPool } from '../../metrics/consistency.ts';
import type { ScreeningPool, ScreeningVariant } from '../../metrics/screening.ts';
import { SCREENING_DEFAULTS, screeningAuditOptions, screeningWorkList, type PreparedScreening, type ScreeningAuditOptions, type ScreeningModelScores, type ScreeningParts } from './input.ts';
import type { ScreeningModelResult, ScreeningResults } from './results.ts';
import { llmSection } from './llmSection.ts';
import { biasSection, consistencySection, DEFAULT_THRESHOLD, deterministicConsistency, latencySection, validitySection, type Resampling, type SplitRows } from './sections.ts';
import { DEFAULT_SHORTLIST, screeningOutcomes, type VariantRule } from './variantOutcomes.ts';
import { decisionCases } from './cases.ts';
import { screeningPerUnitOf } from './perUnit.ts';
import { screeningGroupFairness } from './groupFairness.ts';

/**
 * Prepares a dataset: the work list, the variants' cues and the labels,
 * aligned with the originals.
 * @throws {RangeError} as screeningWorkList, or for a variant id given twice.
 */
export function prepareScreening(parts: ScreeningParts, options: ScreeningAuditOptions): PreparedScreening {
  const o = screeningAuditOptions(options);
  const work = screeningWorkList(parts);
  const cues = new Map<string, Omit<ScreeningVariant, 'score'>>();
  for (const v of parts.variants) {
    if (cues.has(v.variant_id)) throw new RangeError(`variant id ${v.variant_id} appears twice`);
    cues.set(v.variant_id, { attribute: v.attribute, group: v.group, signal: v.signal, name: v.name ?? '' });
  }
  const labels = new Map<string, { label: number; split: string }>();
  for (const l of parts.labels) labels.set(`${l.job_id}\u0000${l.cv_id}`, { label: l.label, split: l.split });
  const indexOf = new Map(work.originals.map((p, i) => [`${p.jobId}\u0000${p.cvId}`, i]));
  const variantsOf: { index: number; cue: Omit<ScreeningVariant, 'score'> }[][] = work.originals.map(() => []);
  work.variants.forEach((v, index) => variantsOf[indexOf.get(`${v.jobId}\u0000${v.cvId}`)!].push({ index, cue: cues.get(v.variantId)! }));
  let start = 0;
  const pools = parts.pools.map((p) => {
    const pool = { jobId: p.job_id, cvIds: [...p.cv_ids], start };
    start += p.cv_ids.length;
    return pool;
  });
  return {
    work,
    options: o,
    pools,
    variantsOf,
    labelOf: work.originals.map((p) => labels.get(`${p.jobId}\u0000${p.cvId}`)),
    counts: { jobs: pools.length, cvs: new Set(work.originals.map((p) => p.cvId)).size, variants: work.variants.length, variant_records: new Set(work.variants.map((v) => v.variantId)).size },
  };
}

function checkScores(name: string, scores: ArrayLike<number>, expected: number): void {
  if (scores.length !== expected) throw new RangeError(`${name}: expected ${expected} scores, got ${scores.length}`);
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    if (!(s >= 0 && s <= 100)) throw new RangeError(`${name}: score ${i} is not in [0, 100]: ${s} (scores are 100 × fit probability)`);
  }
}

function allRunsEqual(runs: readonly ArrayLike<number>[]): boolean {
  for (let t = 1; t < runs.length; t++) {
    for (let i = 0; i < runs[0].length; i++) if (runs[t][i] !== runs[0][i]) return false;
  }
  return true;
}

function splitRows(prepared: PreparedScreening, scores: ArrayLike<number>, split: string): SplitRows {
  const rows: SplitRows = { groups: [], ids: [], labels: [], scores: [] };
  prepared.labelOf.forEach((l, i) => {
    if (l?.split !== split) return;
    rows.groups.push(prepared.work.originals[i].jobId);
    rows.ids.push(prepared.work.originals[i].cvId);
    rows.labels.push(l.label);
    rows.scores.push(scores[i]);
  });
  return rows;
}

/**
 * Audits one model (see the module comment). `reference` is the reference
 * model's scores (for ΔAUC); pass undefined for the reference model itself
 * or when no reference is chosen.
 * @throws {RangeError} when the scores do not match the work list, a score
 *   is outside [0, 100], there is no run, or a variant's attribute has no
 *   reference group (screeningEffects).
 */
export function auditScreeningModel(prepared: PreparedScreening, scores: ScreeningModelScores, reference?: ScreeningModelScores): ScreeningModelResult {
  const { work, options } = prepared;
  const name = scores.model.id;
  const runs = scores.runs.length;
  if (runs < 1) throw new RangeError(`${name}: no run of the originals`);
  scores.runs.forEach((run, t) => checkScores(`${name} run ${t + 1}`, run, work.originals.length));
  checkScores(`${name} variants`, scores.variants, work.variants.length);
  const r: Resampling = { bootstrap: options.bootstrap, seed: options.seed };
  const deterministic = scores.deterministicByConstruction === true || (runs >= 2 && allRunsEqual(scores.runs));

  let consistency: ScreeningModelResult['consistency'] = null;
  if (deterministic) consistency = deterministicConsistency(r);
  else if (runs >= 2) {
    const pools: ConsistencyPool[] = prepared.pools.map((p) => {
      const matrix = new Float64Array(p.cvIds.length * runs);
      for (let i = 0; i < p.cvIds.length; i++) for (let t = 0; t < runs; t++) matrix[i * runs + t] = scores.runs[t][p.start + i];
      return { jobId: p.jobId, cvIds: p.cvIds, scores: matrix };
    });
    consistency = consistencySection(pools, runs, options.cutoff, r);
  }

  const first = scores.runs[0];
  const biasPools: ScreeningPool[] = prepared.pools.map((p) => ({
    jobId: p.jobId,
    cvs: p.cvIds.map((cvId, i) => ({
      cvId,
      score: first[p.start + i],
      variants: prepared.variantsOf[p.start + i].map((v) => ({ ...v.cue, score: scores.variants[v.index] })),
    })),
  }));
  const bias = biasSection(biasPools, options.reference, options.noiseAttribute, r);

  const test = splitRows(prepared, first, options.splits.test);
  const referenceTest = reference ? { id: reference.model.id, scores: splitRows(prepared, reference.runs[0], options.splits.test).scores } : undefined;
  const validity = validitySection(splitRows(prepared, first, options.splits.tune), test, referenceTest, r);

  // A threshold tuned on labels decides; without one (no labels: the scores may not even be
  // calibrated, and a fixed cut-off could select everyone) the shortlist of each pool does.
  const rule: VariantRule = validity?.threshold_source === 'tuned' ? { kind: 'threshold', threshold: validity.threshold } : { kind: 'top-k', k: DEFAULT_SHORTLIST };
  return {
    model: { ...scores.model },
    deterministic,
    runs,
    consistency,
    bias,
    validity,
    latency: latencySection(scores.latency.callsMs, scores.latency.pairs, scores.latency.callPairs),
    outcomes: screeningOutcomes(prepared, scores, rule, r.bootstrap > 0 ? { resamples: r.bootstrap, seed: r.seed } : undefined),
    cases: decisionCases(prepared, scores, rule),
    perUnit: screeningPerUnitOf(prepared, scores, rule),
    groupFairness: screeningGroupFairness(prepared, scores, r),
    ...(scores.llm ? { llm: llmSection(prepared, scores.llm, scores.latency.callsMs) } : {}),
  };
}

/** What `screeningAudit` puts around the models. */
export interface ScreeningHeader {
  readonly dataset: ScreeningResults['dataset'];
  /** The screening task's name. */
  readonly task: string;
  /** Runs T requested (recorded in parameters; each model reports the runs it has). */
  readonly runs?: number;
  readonly createdAt: string;
  readonly environment: ScreeningResults['environment'];
}

/**
 * The full audit: prepares the dataset once and audits every model, ΔAUC
 * against `options.referenceModel`.
 * @throws {RangeError} when the reference model is not among the models, or as auditScreeningModel.
 * @example screeningAudit(parts, [{ model, runs, variants, latency }], { reference: { gender: 'male' } }, header)
 */
export function screeningAudit(
  parts: ScreeningParts,
  models: readonly ScreeningModelScores[],
  options: ScreeningAuditOptions,
  header: ScreeningHeader,
): ScreeningResults {
  const prepared = prepareScreening(parts, options);
  const o = prepared.options;
  const reference = o.referenceModel === null ? undefined : models.find((m) => m.model.id === o.referenceModel);
  if (o.referenceModel !== null && !reference) throw new RangeError(`reference model ${o.referenceModel} is not among the audited models`);
  return {
    schema: 1,
    kind: 'screening',
    dataset: { ...header.dataset },
    task: header.task,
    parameters: {
      runs: header.runs ?? SCREENING_DEFAULTS.runs,
      cutoff: o.cutoff,
      k: 5,
      bootstrap: o.bootstrap,
      seed: o.seed,
      reference: o.reference,
      referenceModel: o.referenceModel,
      noiseAttribute: o.noiseAttribute,
      splits: o.splits,
    },
    counts: prepared.counts,
    models: models.map((m) => auditScreeningModel(prepared, m, m === reference ? undefined : reference)),
    createdAt: header.createdAt,
    environment: { ...header.environment },
  };
}
