/**
 * Hand-built payloads of the three results kinds. The retrieval-fairness and
 * screening results are typed with the real results interfaces
 * (src/core/audit), so `npm run check` fails here when those shapes change;
 * their envelopes are what the app writes (src/app/results/sharing.ts). The
 * `label-agreement` payload (multiTaskPayload) is of a kind this build does not show, so only its
 * envelope is checked. Numbers are plausible, not computed.
 */
import type { ModelSummary, ResultsSummary, TwinMetrics } from '../../../../src/core/audit/retrieval/results.ts';
import type { ScreeningModelResult, ScreeningResults, TestedCi } from '../../../../src/core/audit/screening/results.ts';
import type { JsonObject, PermalinkPayload } from '../../../../src/core/permalink/index.ts';
import type { Ci } from '../../../../src/core/audit/common/ci.ts';

const SHA = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';

const ci = (mean: number, lo: number, hi: number): Ci => ({ mean, ci: [lo, hi] });
/** A bias statistic with its paired-bootstrap p and Benjamini–Hochberg q. */
const tested = (mean: number, lo: number, hi: number, p: number, q: number): TestedCi => ({ ...ci(mean, lo, hi), p, q, significant: q < 0.05 });
/** The ΔScore of a reference-group row: the reference itself ("ref."). */
const REFERENCE_SCORE: TestedCi = { mean: NaN, ci: [NaN, NaN], p: NaN, q: NaN, significant: false };
const exact = (v: number): Ci => ci(v, v, v);

/** Plain JSON of a typed results object (what a link carries). */
const json = (value: object): JsonObject => JSON.parse(JSON.stringify(value)) as JsonObject;

function twins(base: number): TwinMetrics {
  return {
    'iou@10': ci(base, base - 0.03, base + 0.03),
    rank_shift: ci(1.37, 1.1, 1.66),
    rbc: ci(-0.04, -0.09, 0.01),
    rbc_abs: ci(0.04, 0.005, 0.09),
    kendall_tau: ci(0.91, 0.89, 0.93),
    'dropout@10': ci(0.06, 0.04, 0.08),
    pearson: ci(0.88, 0.85, 0.9),
    rbc_pooled: ci(-0.05, -0.1, 0.0),
    cohens_d: ci(-0.12, -0.2, -0.04),
    'odds_ratio@10': ci(0.93, 0.85, 1.02),
    std_mad: ci(0.011, 0.009, 0.013),
    n_pairs: 840,
    n_queries: 240,
  };
}

function retrievalModel(id: string, label: string, kind: 'embedding' | 'bm25', base: number): ModelSummary {
  return {
    model: { id, label, kind, revision: kind === 'bm25' ? 'builtin' : 'c9745ed1d9f207416be6d2e6f8de32d1f16199bf', dtype: kind === 'bm25' ? 'fp64' : 'q8', device: kind === 'bm25' ? 'cpu' : 'webgpu', ...(kind === 'embedding' ? { truncations: [{ input: 'query or document', unit: 'tokens', limit: 512 }] } : {}) },
    timing: { wallMs: 42358.4, textsEmbedded: 3240, textsCached: 0, textsPerSecond: 76.5 },
    nQueries: 250,
    nSkipped: 3,
    effectiveness: {
      'ndcg@10': ci(base, base - 0.031, base + 0.029),
      'p@10': ci(base - 0.2, base - 0.22, base - 0.18),
      'mrr@10': ci(base + 0.1, base + 0.07, base + 0.13),
    },
    robustness: {
      overall: twins(0.82),
      perLang: { de: twins(0.79), en: twins(0.85), es: twins(0.81) },
      perLangPooled: { de: twins(0.8), en: twins(0.84), es: twins(0.82) },
      perDirection: { 'female->male': twins(0.83), 'male->female': twins(0.8) },
    },
  };
}

/** The results of a retrieval-fairness link: the summary (no histograms) of two models on one subset. */
export function retrievalResults(): ResultsSummary {
  return {
    schema: 1,
    kind: 'retrieval-fairness',
    dataset: { id: 'freelance-twins', version: '1.0.0', manifestSha256: SHA },
    parameters: { k: 10, relevanceThreshold: 3, bootstrap: 1000, seed: 42, groups: ['female', 'male'] },
    subsets: [
      {
        task: 'briefs',
        twinsTask: 'gender-briefs',
        groups: ['female', 'male'],
        models: [
          retrievalModel('Xenova/multilingual-e5-small', 'multilingual-e5-small (q8)', 'embedding', 0.612),
          retrievalModel('bm25', 'BM25', 'bm25', 0.488),
        ],
      },
    ],
    createdAt: '2025-03-14T09:26:53.589Z',
    environment: { runtime: 'browser', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0' },
  };
}

export function retrievalPayload(): PermalinkPayload {
  return {
    v: 1,
    kind: 'retrieval-fairness',
    dataset: { id: 'freelance-twins', version: '1.0.0', manifestSha256: SHA },
    models: [
      { id: 'Xenova/multilingual-e5-small', revision: 'c9745ed1d9f207416be6d2e6f8de32d1f16199bf', dtype: 'q8', device: 'webgpu' },
      { id: 'bm25', revision: null, dtype: null, device: 'cpu' },
    ],
    parameters: { k: 10, relevanceThreshold: 3, bootstrap: 1000, seed: 42, groups: ['female', 'male'], tasks: ['briefs'] },
    results: json(retrievalResults()),
  };
}

function screeningModel(id: string, label: string, deterministic: boolean): ScreeningModelResult {
  return {
    model: { id, label, kind: deterministic ? 'calibrated-similarity' : 'cross-encoder', revision: deterministic ? 'bundled' : 'main', dtype: 'fp32', device: 'wasm', truncations: [deterministic ? { input: 'query or document', unit: 'tokens', limit: 512 } : { input: 'job and CV', unit: 'tokens', limit: 512 }] },
    deterministic,
    runs: deterministic ? 1 : 5,
    consistency: deterministic
      ? { basis: 'deterministic', icc: exact(1), sigma_score: exact(0), sigma_rank: exact(0), label_flip_pct: exact(0), 'disag@5': exact(0), flip_by_cutoff: [{ cutoff: 50, label_flip_pct: 0 }] }
      : {
          basis: 'measured',
          icc: ci(0.874, 0.841, 0.902),
          sigma_score: ci(3.21, 2.9, 3.5),
          sigma_rank: ci(1.07, 0.9, 1.2),
          label_flip_pct: ci(4.8, 3.9, 5.9),
          'disag@5': ci(12, 9.5, 14.8),
          flip_by_cutoff: [{ cutoff: 40, label_flip_pct: 2.1 }, { cutoff: 50, label_flip_pct: 4.8 }, { cutoff: 60, label_flip_pct: 6.3 }],
        },
    bias: {
      effects: [
        { kind: 'effect', attribute: 'gender', group: 'female', signal: 'explicit', delta_score: tested(-0.42, -0.91, 0.05, 0.081, 0.162), delta_rank: tested(0.18, -0.05, 0.41, 0.12, 0.19), 'excl@5': tested(3, 1, 5, 0.01, 0.03), n_cvs: 549 },
        { kind: 'effect', attribute: 'ethnicity', group: 'black', signal: 'implicit', delta_score: tested(-1.07, -1.66, -0.51, 0.0004, 0.0016), delta_rank: tested(0.44, 0.2, 0.7, 0.001, 0.003), 'excl@5': tested(8, 5, 11, 0.0005, 0.002), n_cvs: 549 },
        { kind: 'reference', attribute: 'gender', group: 'male', signal: 'explicit', delta_score: REFERENCE_SCORE, delta_rank: tested(-0.1, -0.3, 0.1, 0.35, 0.42), 'excl@5': tested(2, 0, 4, 0.06, 0.11), n_cvs: 549 },
      ],
      noise_floor: [{ kind: 'noise', attribute: 'noise', group: 'typos', signal: 'noise', delta_score: ci(0.2, -0.1, 0.5), delta_rank: ci(0.05, -0.1, 0.2), 'excl@5': ci(1, 0, 2), n_cvs: 549 }],
      noise_floor_max: { delta_score: 0.2, delta_rank: 0.05, 'excl@5': 1 },
    },
    validity: {
      threshold: 55,
      threshold_source: 'tuned',
      tune_balanced_accuracy: 0.71,
      auc: ci(0.781, 0.742, 0.818),
      balanced_accuracy: ci(0.702, 0.66, 0.74),
      macro_f1: ci(0.688, 0.65, 0.72),
      'precision@5': ci(0.64, 0.57, 0.71),
      random_baseline: ci(0.41, 0.38, 0.44),
      confusion: { labels: [0, 1], counts: [[412, 88], [61, 139]], row_percent: [[82.4, 17.6], [30.5, 69.5]] },
      chance: { auc: { level: 0.5, excluded: true }, balanced_accuracy: { level: 0.5, excluded: true }, macro_f1: { level: 0.5, excluded: true }, 'precision@5': { level: 0.41, excluded: true } },
      delta_auc: deterministic ? null : { ...ci(-0.012, -0.04, 0.015), reference: 'calibrated:fairground-glove-100d', p: 0.41, significant: false },
      n_test_rows: 700,
      n_test_jobs: 7,
      n_tune_rows: 220,
    },
    latency: { median_ms: 812.4, p95_ms: 1430.9, calls: 120, mean_ms_per_pair: 25.4 },
  };
}

/** The results of a screening link: a deterministic calibrated model and a cross-encoder scored 5 times. */
export function screeningResults(): ScreeningResults {
  return {
    schema: 1,
    kind: 'screening',
    dataset: { id: 'cv-screening', version: '1.0.0', manifestSha256: SHA.replace(/a/g, 'b') },
    task: 'cv-screening',
    parameters: {
      runs: 5,
      cutoff: 50,
      k: 5,
      bootstrap: 2000,
      seed: 7,
      reference: { gender: 'male', ethnicity: 'white' },
      referenceModel: 'calibrated:fairground-glove-100d',
      noiseAttribute: 'noise',
      splits: { tune: 'tune', test: 'test' },
    },
    counts: { jobs: 11, cvs: 549, variants: 20862 },
    models: [screeningModel('calibrated:fairground-glove-100d', 'Calibrated GloVe 100d', true), screeningModel('fairground-test/tiny-bert-cross-encoder', 'tiny cross-encoder', false)],
    createdAt: '2025-03-14T09:26:53.589Z',
    environment: { runtime: 'browser' },
  };
}

export function screeningPayload(): PermalinkPayload {
  const results = screeningResults();
  return {
    v: 1,
    kind: 'screening',
    dataset: { ...results.dataset },
    models: results.models.map((m) => ({ id: m.model.id, revision: m.model.revision, dtype: m.model.dtype, device: m.model.device })),
    parameters: json(results.parameters),
    results: json(results),
  };
}

export function multiTaskPayload(): PermalinkPayload {
  const task = (name: string, capability: string, metric: string, a: number, b: number) => ({
    task: name, capability, metric, scores: { 'model-a': a, 'model-b': b, lexical: a * 0.6, permutation: 0.5 },
  });
  return {
    v: 1,
    kind: 'label-agreement',
    dataset: { id: 'ehr-bench-lite', version: '0.9.1', manifestSha256: SHA.replace(/f/g, 'e') },
    models: [
      { id: 'model-a', revision: 'v1', dtype: null, device: null },
      { id: 'model-b', revision: null, dtype: null, device: null },
    ],
    parameters: { permutations: 200, seed: 11, source: 'imported-predictions' },
    results: {
      tasks: [
        task('skill-extraction', 'understanding', 'f1', 0.71, 0.66),
        task('title-normalisation', 'understanding', 'accuracy', 0.83, 0.8),
        task('cv-job-matching', 'matching', 'ndcg@10', 0.58, 0.61),
        task('salary-band', 'prediction', 'macro_f1', 0.44, 0.39),
        task('seniority', 'prediction', 'accuracy', 0.67, 0.7),
        task('interview-summary', 'generation', 'rougeL', 0.32, 0.29),
      ],
      capabilities: {
        understanding: { 'model-a': 0.77, 'model-b': 0.73 },
        matching: { 'model-a': 0.58, 'model-b': 0.61 },
        prediction: { 'model-a': 0.555, 'model-b': 0.545 },
        generation: { 'model-a': 0.32, 'model-b': 0.29 },
      },
      overall: { 'model-a': 0.556, 'model-b': 0.544 },
      missingTasks: { 'model-b': ['bias-detection'] },
      complete: false,
    },
  };
}
