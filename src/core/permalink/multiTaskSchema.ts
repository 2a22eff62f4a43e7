/**
 * What a link of kind `multi-task` must hold (docs/permalinks.md): the multi-task scores of one
 * predictions folder (core/audit/tasks `MultiTaskResults`, the Predictions view, `eval tasks`),
 * less each task's slices (keyed by the records' own `source` values: data). The envelope's
 * dataset is `predictions` with the SHA-256 of the folder's files (core/share/filesSha256).
 */
import { arrayOf, object, record } from './containerChecks.ts';
import { SEED_CHECK } from './commonChecks.ts';
import { MAX_BOOTSTRAP, MAX_SCOPES } from './limits.ts';
import { PermalinkShapeError } from './permalinkShapeError.ts';
import type { ResultSchema } from './resultSchema.ts';
import { nullable } from './shapeCheck.ts';
import { interval, RANGES } from './statisticChecks.ts';
import { count, number, oneOf, text } from './valueChecks.ts';

/** The envelope's dataset id of a predictions folder. */
export const PREDICTIONS_FOLDER_ID = 'predictions';

/** Most tasks of one predictions folder in a link. */
export const MAX_TASKS = 256;

const SCORE = number({ ...RANGES.percent, nullable: true });

const TASK = object(
  { kind: text({ nonEmpty: true }), capability: text({ nonEmpty: true }), score: SCORE, n: count(), n_left_out: count() },
  {
    ci: interval(RANGES.percent),
    components: object({ rouge_l: SCORE, rubric: SCORE }, { verdict_accuracy: SCORE }),
    baselines: record(SCORE, 8),
  },
);

const RESULTS = object(
  {
    tasks: record(TASK, MAX_TASKS),
    capabilities: record(SCORE, MAX_SCOPES),
    overall: SCORE,
    missing_capabilities: arrayOf(text({ nonEmpty: true }), 0, MAX_SCOPES),
    missing_rule: oneOf(['benchmark', 'worst']),
    refusal_sensitivity: object({ benchmark: SCORE, worst: SCORE, difference: number({ ...RANGES.scoreDelta, nullable: true }) }),
  },
  {
    capability_cis: record(interval(RANGES.percent), MAX_SCOPES),
    overall_ci: interval(RANGES.percent),
    bootstrap: object({ resamples: count(0, MAX_BOOTSTRAP), seed: SEED_CHECK, level: number(RANGES.proportion), unit: oneOf(['components', 'records']) }),
  },
);

export const MULTI_TASK_SCHEMA: ResultSchema = Object.freeze<ResultSchema>({
  parameters: object({}, { detail: oneOf(['summary', 'full']), missing: nullable(oneOf(['benchmark', 'worst'])) }),
  results: RESULTS,
  agree({ dataset }) {
    if (dataset.id !== PREDICTIONS_FOLDER_ID) throw new PermalinkShapeError(`dataset.id: expected "${PREDICTIONS_FOLDER_ID}" for the multi-task scores of a predictions folder`);
  },
});
