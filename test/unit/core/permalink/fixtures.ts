/**
 * Hand-built payloads shaped like the three results kinds (retrieval
 * fairness, screening, multi-task). Numbers are plausible, not computed.
 */
import type { PermalinkPayload } from '../../../../src/core/permalink/index.ts';

const SHA = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';

const ci = (mean: number, lo: number, hi: number) => ({ mean, ci: [lo, hi] });

function retrievalModel(id: string, label: string, kind: string, base: number) {
  return {
    model: { id, label, kind, revision: kind === 'baseline' ? null : 'c9745ed1d9f207416be6d2e6f8de32d1f16199bf', dtype: kind === 'baseline' ? null : 'q8', device: kind === 'baseline' ? null : 'webgpu' },
    timing: { loadMs: 1834.2, embedMs: 40211.7, scoreMs: 312.5, totalMs: 42358.4 },
    nQueries: 250,
    nSkipped: 3,
    effectiveness: {
      'ndcg@10': ci(base, base - 0.031, base + 0.029),
      'p@10': ci(base - 0.2, base - 0.22, base - 0.18),
      'mrr@10': ci(base + 0.1, base + 0.07, base + 0.13),
      'recall@100': ci(0.91, 0.88, 0.93),
    },
    robustness: {
      overall: { 'iou@10': ci(0.82, 0.8, 0.84), rankShift: ci(1.37, 1.1, 1.66), rbc: ci(-0.04, -0.09, 0.01), 'dropout@10': ci(0.06, 0.04, 0.08) },
      perLang: {
        en: { 'iou@10': ci(0.85, 0.82, 0.88), rankShift: ci(1.2, 0.9, 1.5), rbc: ci(-0.02, -0.08, 0.04) },
        de: { 'iou@10': ci(0.79, 0.75, 0.83), rankShift: ci(1.6, 1.2, 2.0), rbc: ci(-0.07, -0.13, -0.01) },
        es: { 'iou@10': ci(0.81, 0.77, 0.85), rankShift: ci(1.4, 1.0, 1.8), rbc: { mean: 0.01, ci: null } },
      },
      perDirection: {
        'female→male': { rankShift: ci(1.3, 1.0, 1.6), rbc: ci(-0.05, -0.1, 0.0) },
        'male→female': { rankShift: ci(1.45, 1.1, 1.8), rbc: ci(0.03, -0.02, 0.08) },
      },
    },
    rankShiftHistogram: [
      { shift: -3, count: 4 }, { shift: -2, count: 19 }, { shift: -1, count: 88 }, { shift: 0, count: 1702 },
      { shift: 1, count: 91 }, { shift: 2, count: 17 }, { shift: 3, count: 6 },
    ],
  };
}

export function retrievalPayload(): PermalinkPayload {
  return {
    v: 1,
    kind: 'retrieval-fairness',
    dataset: { id: 'fair-freelancer-5lang', version: '1.2.0', manifestSha256: SHA },
    models: [
      { id: 'Xenova/multilingual-e5-small', revision: 'c9745ed1d9f207416be6d2e6f8de32d1f16199bf', dtype: 'q8', device: 'webgpu' },
      { id: 'bm25', revision: null, dtype: null, device: null },
    ],
    parameters: { k: [10, 100], relevanceThreshold: 1, bootstrap: 1000, seed: 42, groups: ['female', 'male'], gain: 'linear' },
    results: {
      schema: 1,
      kind: 'retrieval-fairness',
      subsets: [
        {
          task: 'retrieval-en',
          twinsTask: 'twins-en',
          models: [
            retrievalModel('Xenova/multilingual-e5-small', 'multilingual-e5-small (q8)', 'embedding', 0.612),
            retrievalModel('bm25', 'BM25', 'baseline', 0.488),
          ],
        },
      ],
      createdAt: '2025-03-14T09:26:53.589Z',
      environment: { app: '0.4.0', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0', adapter: 'webgpu', hardwareConcurrency: 16 },
    },
  };
}

export function screeningPayload(): PermalinkPayload {
  return {
    v: 1,
    kind: 'screening',
    dataset: { id: 'jev-cv-pools', version: '2024.11', manifestSha256: SHA.replace(/a/g, 'b') },
    models: [{ id: 'onnx-community/Qwen2.5-0.5B-Instruct', revision: '7ae557604adf67be50417f59c2c2f167def9a775', dtype: 'q4f16', device: 'wasm' }],
    parameters: { k: 5, cutoff: 50, runs: 5, seed: 7, bootstrap: 2000, reference: { gender: 'male', ethnicity: 'white' }, rubric: 'jev-v2', temperature: 0 },
    results: {
      consistency: {
        icc: ci(0.874, 0.841, 0.902),
        sigmaScore: 3.21,
        sigmaRank: 1.07,
        labelFlipPct: 4.8,
        'disag@5': 0.12,
        flipByCutoff: [{ cutoff: 40, pct: 2.1 }, { cutoff: 50, pct: 4.8 }, { cutoff: 60, pct: 6.3 }],
      },
      bias: [
        { attribute: 'gender', group: 'female', signal: 'explicit', deltaScore: ci(-0.42, -0.91, 0.05), deltaRank: ci(0.18, -0.05, 0.41), 'excl@5': 0.03, p: 0.081, q: 0.162 },
        { attribute: 'ethnicity', group: 'black', signal: 'implicit', deltaScore: ci(-1.07, -1.66, -0.51), deltaRank: ci(0.44, 0.2, 0.7), 'excl@5': 0.08, p: 0.0004, q: 0.0016 },
      ],
      validity: {
        auc: ci(0.781, 0.742, 0.818),
        balancedAccuracy: 0.702,
        macroF1: 0.688,
        'precision@5': 0.64,
        threshold: 55,
        deltaAuc: -0.012,
        confusion: [[412, 88], [61, 139]],
      },
      latency: { medianMs: 812.4, p95Ms: 1430.9, tokensPerSecond: 38.2 },
      thresholdSensitivity: [
        { threshold: 45, balancedAccuracy: 0.671 }, { threshold: 50, balancedAccuracy: 0.69 },
        { threshold: 55, balancedAccuracy: 0.702 }, { threshold: 60, balancedAccuracy: 0.684 },
      ],
      warnings: ['3 of 700 responses had no parseable score and were excluded'],
    },
  };
}

export function multiTaskPayload(): PermalinkPayload {
  const task = (name: string, capability: string, metric: string, a: number, b: number) => ({
    task: name, capability, metric, scores: { 'model-a': a, 'model-b': b, lexical: a * 0.6, permutation: 0.5 },
  });
  return {
    v: 1,
    kind: 'multi-task',
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
