/**
 * The Learn view's lessons, in reading order: one source of truth for the
 * table of contents, the `#/learn/<id>` anchors, and the "where this appears
 * in a real result" links (`#/results?metric=<key>`), which the Results view
 * can also read to point back at a lesson.
 */

/** One lesson: its id (URL and data-testid), title, metric key in Results, and a one-line summary. */
export interface LessonInfo {
  readonly id: LessonId;
  readonly title: string;
  /** Key of the metric in the Results view, e.g. `ndcg@10`. */
  readonly metric: string;
  /** Further Results keys the lesson explains (may be empty). */
  readonly alsoMetrics: readonly string[];
  readonly summary: string;
}

export const LESSON_IDS = Object.freeze([
  'ndcg',
  'precision-mrr',
  'iou-rank-shift',
  'rbc',
  'screening-bias',
  'icc',
  'balanced-accuracy',
  'bootstrap',
  'benjamini-hochberg',
  'pareto',
] as const);

export type LessonId = (typeof LESSON_IDS)[number];

const lesson = (id: LessonId, title: string, metric: string, alsoMetrics: readonly string[], summary: string): LessonInfo =>
  Object.freeze({ id, title, metric, alsoMetrics: Object.freeze([...alsoMetrics]), summary });

export const LESSONS: readonly LessonInfo[] = Object.freeze([
  lesson('ndcg', 'NDCG: order matters, most at the top', 'ndcg@10', [], 'Graded relevance discounted by rank and compared with the best possible order.'),
  lesson('precision-mrr', 'Precision, MRR and the relevance threshold', 'p@10', ['mrr@10'], 'Which grades count as relevant changes both numbers.'),
  lesson('iou-rank-shift', 'IoU@10 and rank shift: swap a profile for its twin', 'iou@10', ['rank_shift'], 'Replace profiles by their counterfactual twins and compare the two top 10s.'),
  lesson('rbc', 'Rank-biserial correlation and ties', 'rbc', [], 'Ties count for neither side, so a few non-tied pairs can give ±1.'),
  lesson('screening-bias', 'ΔScore, ΔRank and Excl@5 against the noise floor', 'delta_score', ['delta_rank', 'excl@5'], 'A demographic effect only means something next to what harmless edits do.'),
  lesson('icc', 'ICC: why one run is not enough', 'icc', [], 'Repeat the same run and see how much of the spread is the model’s noise.'),
  lesson('balanced-accuracy', 'Balanced accuracy and the tuned threshold', 'balanced_accuracy', [], 'Accuracy that weighs both classes equally, at a threshold chosen on a tune split.'),
  lesson('bootstrap', 'Bootstrap confidence intervals', 'ndcg@10', [], 'Resample the queries, recompute, and read the interval off the spread.'),
  lesson('benjamini-hochberg', 'Benjamini–Hochberg: many tests at once', 'q_value', [], 'The more effects you test, the stronger each one must be.'),
  lesson('pareto', 'The Pareto frontier', 'pareto', [], 'Models no other model beats on both quality and fairness.'),
]);

/** The lesson with this id, or undefined (e.g. a mistyped URL). */
export function lessonById(id: string): LessonInfo | undefined {
  return LESSONS.find((l) => l.id === id);
}

/** The Results link of a metric key: `#/results?metric=<key>` (URL-encoded, `@` kept readable). */
export function resultsHref(metric: string): string {
  return `#/results?metric=${encodeURIComponent(metric).replace(/%40/g, '@')}`;
}

/** The Learn link of a lesson: `#/learn/<id>`. */
export function lessonHref(id: LessonId): string {
  return `#/learn/${id}`;
}
