/**
 * The Learn view's lessons, in reading order: one source of truth for the
 * table of contents, the `#/learn/<id>` anchors, and the "where this appears
 * in a real result" links (`#/results/<run>?metric=<key>`: the newest stored
 * result of the lesson's audit, opened at that metric), which the Results view
 * can also read to point back at a lesson.
 */
import type { RunEntry } from '../../storage/index.ts';

/** The kind of stored result a lesson's metrics appear in (a run's `config.kind`). */
export type ResultAudit = 'retrieval-fairness' | 'screening';

/** One lesson: its id (URL and data-testid), title, metric key in Results, and a one-line summary. */
export interface LessonInfo {
  readonly id: LessonId;
  readonly title: string;
  /** Key of the metric in the Results view, e.g. `ndcg@10`. */
  readonly metric: string;
  /** Further Results keys the lesson explains (may be empty). */
  readonly alsoMetrics: readonly string[];
  readonly summary: string;
  /** The audit whose stored results show the metric. */
  readonly audit: ResultAudit;
}

export const LESSON_IDS = Object.freeze([
  'ndcg',
  'precision-mrr',
  'iou-rank-shift',
  'rbc',
  'cohens-d-odds-ratio',
  'screening-bias',
  'four-fifths',
  'who-gets-seen',
  'icc',
  'balanced-accuracy',
  'bootstrap',
  'benjamini-hochberg',
  'pareto',
  'planted-bias',
] as const);

export type LessonId = (typeof LESSON_IDS)[number];

const lesson = (id: LessonId, title: string, metric: string, alsoMetrics: readonly string[], summary: string, audit: ResultAudit): LessonInfo =>
  Object.freeze({ id, title, metric, alsoMetrics: Object.freeze([...alsoMetrics]), summary, audit });
const RETRIEVAL = 'retrieval-fairness';
const SCREENING = 'screening';

export const LESSONS: readonly LessonInfo[] = Object.freeze([
  lesson('ndcg', 'NDCG: order matters, most at the top', 'ndcg@10', [], 'Graded relevance discounted by rank and compared with the best possible order.', RETRIEVAL),
  lesson('precision-mrr', 'Precision, MRR and the relevance threshold', 'p@10', ['mrr@10'], 'Which grades count as relevant changes both numbers.', RETRIEVAL),
  lesson('iou-rank-shift', 'IoU@10 and rank shift: swap a profile for its twin', 'iou@10', ['rank_shift'], 'Replace profiles by their counterfactual twins and compare the two top 10s.', RETRIEVAL),
  lesson('rbc', 'Rank-biserial correlation and ties', 'rbc', [], 'Ties count for neither side, so a few non-tied pairs can give ±1.', RETRIEVAL),
  lesson('cohens-d-odds-ratio', 'Cohen’s d and OddsRatio@k: which way the twins lean', 'cohens_d', ['odds_ratio@10'], 'The score gap between female and male twins in units of its spread, and their odds of reaching the top k.', RETRIEVAL),
  lesson('screening-bias', 'ΔScore, ΔRank and Excl@5 against the noise floor', 'delta_score', ['delta_rank', 'excl@5'], 'A demographic effect only means something next to what harmless edits do.', SCREENING),
  lesson('four-fifths', 'Selection rates, impact ratios and the four-fifths rule', 'impact_ratio', ['selection_rate'], 'Each group’s share selected against the best-treated group’s, with the NYC LL144 scoring rate.', SCREENING),
  lesson('who-gets-seen', 'Who gets seen: exposure, AWRF and Skew@k', 'awrf@10', ['exposure_ratio', 'min_skew@10'], 'The same ten candidates ranked three ways: how each group’s share of the attention reads.', RETRIEVAL),
  lesson('icc', 'ICC: why one run is not enough', 'icc', [], 'Repeat the same run and see how much of the spread is the model’s noise.', SCREENING),
  lesson('balanced-accuracy', 'Balanced accuracy and the tuned threshold', 'balanced_accuracy', [], 'Accuracy that weighs both classes equally, at a threshold chosen on a tune split.', SCREENING),
  lesson('bootstrap', 'Bootstrap confidence intervals', 'ndcg@10', [], 'Resample the queries, recompute, and read the interval off the spread.', RETRIEVAL),
  lesson('benjamini-hochberg', 'Benjamini–Hochberg: many tests at once', 'q_score', [], 'The more effects you test, the stronger each one must be.', SCREENING),
  lesson('pareto', 'The Pareto frontier', 'pareto', [], 'Models no other model beats on both quality and fairness.', RETRIEVAL),
  lesson('planted-bias', 'Find the planted bias: a positive control', 'delta_score', [], 'An audit must find a bias we planted, and nothing where there is none; run it yourself on the bundled model.', SCREENING),
]);

/** The lesson with this id, or undefined (e.g. a mistyped URL). */
export function lessonById(id: string): LessonInfo | undefined {
  return LESSONS.find((l) => l.id === id);
}

/** A stored result a lesson can link to: its run id, its audit, and (retrieval) the run's cut-off k. */
export interface LinkedRun {
  readonly id: string;
  readonly audit: ResultAudit;
  readonly k?: number;
}

/**
 * The newest finished run of `audit` among `runs` (the Results list's entries), or undefined when
 * none is stored.
 */
export function latestRun(runs: readonly RunEntry[], audit: ResultAudit): LinkedRun | undefined {
  const done = runs.filter((r) => r.status === 'done' && r.config.kind === audit).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const run = done[0];
  if (!run) return undefined;
  return run.config.kind === 'retrieval-fairness' ? { id: run.id, audit, k: run.config.k } : { id: run.id, audit };
}

/**
 * The metric key as that run names it: a retrieval lesson's cut-off keys (`ndcg@10`,
 * `odds_ratio@10`) take the run's own k.
 * @example metricKeyIn('odds_ratio@10', { id: 'run-1', audit: 'retrieval-fairness', k: 5 }) // 'odds_ratio@5'
 */
export function metricKeyIn(metric: string, run: LinkedRun | undefined): string {
  return run?.k !== undefined ? metric.replace(/@10$/, `@${run.k}`) : metric;
}

/**
 * The Results link of a metric key. With a stored run: `#/results/<run id>?metric=<key>`, the
 * result opened at the metric (the key in the run's own k); without one, `#/results?metric=<key>`,
 * the list of results. URL-encoded, `@` kept readable.
 */
export function resultsHref(metric: string, run?: LinkedRun): string {
  const key = encodeURIComponent(metricKeyIn(metric, run)).replace(/%40/g, '@');
  return run ? `#/results/${encodeURIComponent(run.id)}?metric=${key}` : `#/results?metric=${key}`;
}

/** The Learn link of a lesson: `#/learn/<id>`. */
export function lessonHref(id: LessonId): string {
  return `#/learn/${id}`;
}
