/**
 * The schema of a screening link (schema 1): the results object of
 * src/core/audit/screening/results.ts (with the run's `sample`, as the app
 * stores it), whose parameters the envelope repeats. Every field the Results
 * view reads is checked for type and range (METRICS.md §2, §4, §5, §8).
 */
import { SCREENING_OUTCOMES } from './outcomesSchema.ts';
import { SCREENING_GROUP_FAIRNESS } from './groupFairnessSchema.ts';
import { arrayOf, object, record, tuple } from './containerChecks.ts';
import { assertSameDataset, DATASET_CHECK, ENVIRONMENT_CHECK, jsonEqual, SEED_CHECK } from './commonChecks.ts';
import { MAX_BOOTSTRAP, MAX_CUTOFFS, MAX_EFFECTS, MAX_MODELS, MAX_RUNS, MAX_SCOPES } from './limits.ts';
import { PermalinkShapeError } from './permalinkShapeError.ts';
import { TRUNCATIONS } from './truncationCheck.ts';
import type { ResultSchema } from './resultSchema.ts';
import { nullable } from './shapeCheck.ts';
import { interval, RANGES, statistics, testedStatistic } from './statisticChecks.ts';
import { bool, count, number, oneOf, text, type NumberRule } from './valueChecks.ts';
import type { JsonObject } from './types.ts';

/** A number in `range` that may be undefined (a NaN the link wrote as null). */
const maybe = (range: NumberRule) => number({ ...range, nullable: true });

const PARAMETERS = object(
  {
    runs: count(1, MAX_RUNS),
    cutoff: number(RANGES.percent),
    k: oneOf([5]),
    bootstrap: count(0, MAX_BOOTSTRAP),
    seed: SEED_CHECK,
    reference: record(text(), MAX_SCOPES),
    referenceModel: nullable(text({ nonEmpty: true })),
    noiseAttribute: text(),
    splits: object({ tune: text(), test: text() }),
  },
  // detail: how much the link carries (core/share/detail.ts); links made before it carried it all.
  { sample: nullable(object({ cvsPerJob: count(1), seed: SEED_CHECK })), detail: oneOf(['summary', 'full']) },
);

const DESCRIPTOR = object({
  id: text({ nonEmpty: true }),
  label: text(),
  kind: oneOf(['cross-encoder', 'sequence-classifier', 'zero-shot-nli', 'onnx-classifier', 'calibrated-similarity', 'llm', 'imported']),
  revision: text(),
  dtype: text(),
  device: text(),
}, { truncations: TRUNCATIONS, uncalibrated: bool });

const CONSISTENCY = object({
  basis: oneOf(['measured', 'deterministic']),
  ...statistics({
    icc: RANGES.agreement,
    sigma_score: RANGES.nonNegative,
    sigma_rank: RANGES.nonNegative,
    label_flip_pct: RANGES.percent,
    'disag@5': RANGES.percent,
  }),
  flip_by_cutoff: arrayOf(object({ cutoff: number(RANGES.percent), label_flip_pct: maybe(RANGES.percent) }), 0, MAX_CUTOFFS),
});

const CUE = { attribute: text({ nonEmpty: true }), group: text({ nonEmpty: true }), signal: text({ nonEmpty: true }) };
const EFFECT_STATISTICS = statistics({ delta_score: RANGES.scoreDelta, delta_rank: RANGES.any, 'excl@5': RANGES.percent });
/** An effect or reference row's statistics, each with its p, q and mark. */
const TESTED_STATISTICS = { delta_score: testedStatistic(RANGES.scoreDelta), delta_rank: testedStatistic(RANGES.any), 'excl@5': testedStatistic(RANGES.percent) };

/** The key the bias table gives a row (src/present/tables/screeningTables.ts). */
const cueKey = (e: JsonObject) => `${e.attribute}|${e.group}|${e.signal}`;

const BIAS = object({
  effects: arrayOf(
    object({ kind: oneOf(['effect', 'reference']), ...CUE, ...TESTED_STATISTICS, n_cvs: count() }),
    0,
    MAX_EFFECTS,
    { key: (e) => cueKey(e as JsonObject), what: 'an attribute · group · signal that no other effect of the model has' },
  ),
  noise_floor: arrayOf(object({ kind: oneOf(['noise', 'second-name']), ...CUE, ...EFFECT_STATISTICS, n_cvs: count() }), 0, MAX_EFFECTS, {
    key: (e) => `${(e as JsonObject).kind}|${cueKey(e as JsonObject)}`,
    what: 'a kind · attribute · group · signal that no other noise-floor row of the model has',
  }),
  noise_floor_max: object({ delta_score: maybe(RANGES.percent), delta_rank: maybe(RANGES.nonNegative), 'excl@5': maybe(RANGES.percent) }),
});

const pair = (cell: ReturnType<typeof number>) => tuple([cell, cell]);

/** A validity metric against chance: its level (0.5, or the FIT base rate) and whether its CI excludes it. */
const CHANCE = object({ level: maybe(RANGES.proportion), excluded: bool });

const VALIDITY = object({
  threshold: maybe(RANGES.percent),
  threshold_source: oneOf(['tuned', 'default']),
  tune_balanced_accuracy: maybe(RANGES.proportion),
  ...statistics({
    auc: RANGES.proportion,
    balanced_accuracy: RANGES.proportion,
    macro_f1: RANGES.proportion,
    'precision@5': RANGES.proportion,
    random_baseline: RANGES.proportion,
  }),
  confusion: object({
    labels: tuple([oneOf([0]), oneOf([1])]),
    counts: tuple([pair(count()), pair(count())]),
    row_percent: tuple([pair(maybe(RANGES.percent)), pair(maybe(RANGES.percent))]),
  }),
  chance: object({ auc: CHANCE, balanced_accuracy: CHANCE, macro_f1: CHANCE, 'precision@5': CHANCE }),
  delta_auc: nullable(object({ mean: maybe(RANGES.correlation), ci: interval(RANGES.correlation), reference: text({ nonEmpty: true }), p: maybe(RANGES.proportion), significant: bool })),
  n_test_rows: count(),
  n_test_jobs: count(),
  n_tune_rows: count(),
});

const LATENCY = object(
  { median_ms: maybe(RANGES.nonNegative), p95_ms: maybe(RANGES.nonNegative), calls: count(), mean_ms_per_pair: maybe(RANGES.nonNegative) },
  // Per-pair figures: absent in results stored before they were recorded.
  { median_ms_per_pair: maybe(RANGES.nonNegative), p95_ms_per_pair: maybe(RANGES.nonNegative), batch_size: count(), pairs_per_second: maybe(RANGES.nonNegative) },
);

/** A valid share with its 95% Wilson interval (core/llm/outputValidity.ts). */
const VALIDITY_SHARE = { valid: count(), total: count(), share: maybe(RANGES.proportion), ci: interval(RANGES.proportion) };

/** An LLM screener's section (core/audit/screening/llmSection.ts): the template travels as text and SHA-256 (configuration, not data). */
const LLM = object(
  {
    mode: oneOf(['probabilities', 'generate']),
    template: object({ name: text(), sha256: text({ nonEmpty: true }), text: text({ nonEmpty: true }) }),
    prefix_cache: bool,
    output_validity: object({
      ...VALIDITY_SHARE,
      by_group: arrayOf(object({ kind: oneOf(['original', 'variant']), attribute: text(), group: text(), signal: text(), ...VALIDITY_SHARE, differs: bool }), 1, MAX_EFFECTS + 1),
    }),
    prompt_tokens_per_call: maybe(RANGES.nonNegative),
    generated_tokens_per_call: maybe(RANGES.nonNegative),
    tokens_per_second: maybe(RANGES.nonNegative),
  },
  { sampling: object({ temperature: number(RANGES.nonNegative), maxNewTokens: count(1), seed: SEED_CHECK }, { structured: bool }), mean_option_mass: maybe(RANGES.proportion) },
);

const MODEL = object(
  {
    model: DESCRIPTOR,
    deterministic: bool,
    runs: count(1, MAX_RUNS),
    consistency: nullable(CONSISTENCY),
    bias: BIAS,
    validity: nullable(VALIDITY),
    latency: LATENCY,
  },
  { outcomes: SCREENING_OUTCOMES, groupFairness: SCREENING_GROUP_FAIRNESS, llm: LLM },
);

const RESULTS = object({
  schema: oneOf([1]),
  kind: oneOf(['screening']),
  dataset: DATASET_CHECK,
  task: text({ nonEmpty: true }),
  parameters: PARAMETERS,
  counts: object({ jobs: count(), cvs: count(), variants: count() }, { variant_records: count() }),
  models: arrayOf(MODEL, 1, MAX_MODELS, {
    key: (m) => String(((m as JsonObject).model as JsonObject).id),
    path: (p) => `${p}.model.id`,
    what: 'an id that no other model has',
  }),
  createdAt: text(),
  environment: ENVIRONMENT_CHECK,
});

export const SCREENING_SCHEMA: ResultSchema = Object.freeze<ResultSchema>({
  parameters: PARAMETERS,
  results: RESULTS,
  agree({ dataset, parameters, results }) {
    assertSameDataset(dataset, results);
    if (!jsonEqual(parameters, results.parameters)) {
      throw new PermalinkShapeError("parameters: expected the results' parameters (results.parameters), found others");
    }
  },
});
