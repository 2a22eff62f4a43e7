/** Fixed plot inputs shared by the snapshot and behaviour tests. Numbers are made up, not results. */
import type { ParetoSpec } from '../../../../src/present/plots/pareto.ts';

/** Five models; b and d dominated (a has x and y above both). */
export const paretoSpec: ParetoSpec = {
  xLabel: 'nDCG@10',
  yLabel: '−|RBC|',
  points: [
    { id: 'a', label: 'bge-small', x: 0.61, y: -0.05, xCi: [0.58, 0.64], yCi: [-0.09, -0.02], dominated: false },
    { id: 'b', label: 'e5-base', x: 0.55, y: -0.12, xCi: [0.51, 0.59], yCi: [-0.17, -0.07], dominated: true },
    { id: 'c', label: 'gte-large', x: 0.69, y: -0.14, xCi: [0.66, 0.72], yCi: [-0.19, -0.1], dominated: false },
    { id: 'd', label: 'BM25', x: 0.48, y: -0.2, xCi: [0.44, 0.52], dominated: true },
    { id: 'e', label: 'minilm', x: 0.5, y: -0.01, yCi: [-0.03, 0.0], dominated: false },
  ],
};

/** Eleven models packed into a small corner by one distant model, to force label collisions. */
export const crowdedParetoSpec: ParetoSpec = {
  xLabel: 'MRR@10',
  yLabel: 'IoU@10',
  width: 480,
  height: 360,
  points: [
    ...Array.from({ length: 11 }, (_, i) => ({
      id: `m${i}`,
      label: `model-${String.fromCharCode(97 + i)}-${i % 3 === 0 ? 'multilingual' : 'en'}`,
      x: 0.5 + (i % 4) * 0.004,
      y: 0.8 + Math.floor(i / 4) * 0.003 + (i % 2) * 0.001,
      dominated: true,
    })),
    { id: 'far', label: 'far-away', x: 0.7, y: 0.9, dominated: false },
  ],
};

import type { ForestSpec } from '../../../../src/present/plots/forest.ts';
import type { RankShiftHistogramSpec } from '../../../../src/present/plots/histogram.ts';
import type { ConfusionSpec } from '../../../../src/present/plots/confusion.ts';
import type { ThresholdCurveSpec } from '../../../../src/present/plots/thresholdCurve.ts';
import type { LatencyQualitySpec } from '../../../../src/present/plots/latencyQuality.ts';

/** Two models × three languages; e5-base has no Swedish twins (missing estimate). */
export const forestSpec: ForestSpec = {
  xLabel: 'Mean rank shift',
  groupLabel: 'language',
  rows: [
    { model: 'bge-small', group: 'en', estimate: 0.42, ci: [0.1, 0.75] },
    { model: 'bge-small', group: 'de', estimate: -0.3, ci: [-0.82, 0.2] },
    { model: 'bge-small', group: 'sv', estimate: 1.1, ci: [0.4, 1.9] },
    { model: 'e5-base', group: 'en', estimate: 0.05, ci: [-0.2, 0.31] },
    { model: 'e5-base', group: 'de', estimate: 0.9, ci: [0.35, 1.44] },
    { model: 'e5-base', group: 'sv', estimate: null },
  ],
};

/** Hand-countable: −2 ×1, −1 ×3, 0 ×5, 1 ×2, 3 ×1 (2 is empty). */
export const histogramSpec: RankShiftHistogramSpec = {
  values: [0, -1, 0, 1, -2, 0, 3, -1, 0, 1, -1, 0],
};

export const confusionSpec: ConfusionSpec = {
  labels: ['FIT', 'NO FIT'],
  counts: [
    [42, 8],
    [13, 37],
  ],
};

const curve = (base: number, slope: number) =>
  Array.from({ length: 91 }, (_, i) => ({ cutoff: i + 5, flipPct: Math.max(0, base - slope * Math.abs(i + 5 - 50) + (i % 7) * 0.3) }));

export const thresholdSpec: ThresholdCurveSpec = {
  marker: 60,
  series: [
    { model: 'gpt-mini', points: curve(12, 0.2) },
    { model: 'llama-8b', points: curve(20, 0.35) },
    { model: 'qwen-7b', points: curve(8, 0.1) },
  ],
};

export const latencySpec: LatencyQualitySpec = {
  qualityLabel: 'nDCG@10',
  points: [
    { id: 'bm25', label: 'BM25', latencyMs: 0.8, quality: 0.48 },
    { id: 'minilm', label: 'minilm', latencyMs: 6.5, quality: 0.55, latencyCi: [5.9, 7.4], qualityCi: [0.52, 0.58] },
    { id: 'bge', label: 'bge-small', latencyMs: 12, quality: 0.61, latencyCi: [10.5, 13.8], qualityCi: [0.58, 0.64] },
    { id: 'gte', label: 'gte-large', latencyMs: 140, quality: 0.69, latencyCi: [120, 171], qualityCi: [0.66, 0.72] },
  ],
};

/**
 * The demo's retrieval audit (freelance-twins, both query sets) as a trial saw it: nDCG@10 against
 * IoU@10 with 95% CIs, rounded to 4 decimals. Both frontier models sit close together at the
 * right, so on a phone their labels compete with the step line and each other's whiskers.
 */
export const demoParetoSpec: ParetoSpec = {
  xLabel: 'ndcg@10',
  yLabel: 'iou@10',
  points: [
    { id: 'bm25', label: 'BM25 (k1 1.2, b 0.75)', x: 0.8994, xCi: [0.8928, 0.9056], y: 0.9051, yCi: [0.8881, 0.9206], dominated: false },
    { id: 'tfidf', label: 'TF-IDF (character bigrams)', x: 0.8236, xCi: [0.8097, 0.8379], y: 0.9111, yCi: [0.8982, 0.9238], dominated: false },
    { id: 'glove', label: 'GloVe 100d static (bundled)', x: 0.4159, xCi: [0.3806, 0.4535], y: 0.7614, yCi: [0.7416, 0.7807], dominated: true },
  ],
};

/** The same demo run's test time of the whole query set against nDCG@10 (no CIs). */
export const demoLatencySpec: LatencyQualitySpec = {
  qualityLabel: 'ndcg@10',
  latencyLabel: 'test time of the whole query set (ms, log scale)',
  points: [
    { id: 'glove', label: 'GloVe 100d static (bundled)', latencyMs: 2718.35, quality: 0.4159 },
    { id: 'bm25', label: 'BM25 (k1 1.2, b 0.75)', latencyMs: 331.33, quality: 0.8994 },
    { id: 'tfidf', label: 'TF-IDF (character bigrams)', latencyMs: 997.57, quality: 0.8236 },
  ],
};

/** Plot widths a figure gets at 360, 800 and 1280 px viewports (PlotFigure clamps 280–960), and a few between. */
export const FIGURE_WIDTHS = [280, 300, 320, 340, 480, 640, 760, 960] as const;
