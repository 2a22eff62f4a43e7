/**
 * The schema of a `comparison` link (schema 1): the ComparisonResults of
 * src/core/audit/compare/results.ts — runs, rows (run · model · task with
 * their reported statistics) and the differences of pairs of rows — and the
 * parameters the Compare view writes (the metrics, the baseline row, the
 * paired bootstrap's B and seed). Numbers only: a comparison carries no
 * per-unit values (its rows have no key for them, and `object` refuses any
 * other key). Indices must point at runs and rows that exist, a paired pair
 * has its units and differences, an unpaired one its reason and none.
 */
import { arrayOf, object, record } from './containerChecks.ts';
import { jsonEqual, SEED_CHECK } from './commonChecks.ts';
import { MAX_BOOTSTRAP, MAX_COMPARED_METRICS, MAX_COMPARED_RUNS, MAX_COMPARISONS, MAX_MODELS } from './limits.ts';
import { indexPath, keyPath, quoteForMessage } from './path.ts';
import { PermalinkShapeError } from './permalinkShapeError.ts';
import type { ResultSchema } from './resultSchema.ts';
import { nullable } from './shapeCheck.ts';
import { RANGES, statistic, testedStatistic } from './statisticChecks.ts';
import { bool, count, oneOf, text } from './valueChecks.ts';
import type { JsonObject, JsonValue } from './types.ts';

const STATISTIC = statistic(RANGES.any);

const RUN = object({
  label: text(),
  kind: oneOf(['retrieval-fairness', 'screening', 'outcomes']),
  dataset: object({ id: text(), version: text(), manifestSha256: text() }),
  bootstrap: count(0, MAX_BOOTSTRAP),
  seed: SEED_CHECK,
  createdAt: text(),
});

const ROW = object({
  run: count(),
  model: object({ id: text({ nonEmpty: true }), label: text(), revision: text(), dtype: text(), device: text() }),
  task: text({ nonEmpty: true }),
  values: record(STATISTIC, MAX_COMPARED_METRICS),
});

const METRIC = object({ metric: text({ nonEmpty: true }), baseline: STATISTIC, candidate: STATISTIC, difference: nullable(testedStatistic(RANGES.any)) });

const COMPARISON = object(
  { baseline: count(), candidate: count(), paired: bool, metrics: arrayOf(METRIC, 0, MAX_COMPARED_METRICS) },
  { reason: text({ nonEmpty: true }), units: count(1) },
);

const RESULTS = object({
  schema: oneOf([1]),
  kind: oneOf(['comparison']),
  runs: arrayOf(RUN, 1, MAX_COMPARED_RUNS),
  metrics: arrayOf(text({ nonEmpty: true }), 0, MAX_COMPARED_METRICS),
  rows: arrayOf(ROW, 1, MAX_MODELS),
  resamples: count(0, MAX_BOOTSTRAP),
  seed: SEED_CHECK,
  comparisons: arrayOf(COMPARISON, 0, MAX_COMPARISONS),
});

/** The envelope's parameters: what the Compare view needs to show the link as it was shared. */
const PARAMETERS = object({
  metrics: arrayOf(text({ nonEmpty: true }), 0, MAX_COMPARED_METRICS),
  /** The row the others were compared with; null for pairs chosen otherwise (`fairground compare`). */
  baseline: nullable(count()),
  resamples: count(0, MAX_BOOTSTRAP),
  seed: SEED_CHECK,
});

function fail(path: string, message: string): never {
  throw new PermalinkShapeError(`${path}: ${message}`);
}

export const COMPARISON_SCHEMA: ResultSchema = Object.freeze<ResultSchema>({
  parameters: PARAMETERS,
  results: RESULTS,
  agree({ dataset, parameters, results }) {
    const runs = results.runs as JsonObject[];
    const rows = results.rows as JsonObject[];
    // The envelope names one of the compared datasets (the first with a manifest hash).
    if (!runs.some((r) => jsonEqual(r.dataset, { ...dataset }))) {
      fail('results.runs', `expected the dataset of the link (${quoteForMessage(dataset.id)} ${quoteForMessage(dataset.version)}) among the runs' datasets`);
    }
    for (const key of ['metrics', 'resamples', 'seed'] as const) {
      if (!jsonEqual(parameters[key], results[key])) fail(`parameters.${key}`, `expected the results' ${key}`);
    }
    rows.forEach((r, i) => {
      if ((r.run as number) >= runs.length) fail(keyPath(indexPath('results.rows', i), 'run'), `expected the index of one of the ${runs.length} runs, found ${String(r.run)}`);
    });
    const baseline = parameters.baseline as number | null;
    if (baseline !== null && baseline >= rows.length) fail('parameters.baseline', `expected the index of one of the ${rows.length} rows, found ${baseline}`);
    (results.comparisons as JsonObject[]).forEach((c, i) => {
      const at = indexPath('results.comparisons', i);
      for (const side of ['baseline', 'candidate'] as const) {
        if ((c[side] as number) >= rows.length) fail(keyPath(at, side), `expected the index of one of the ${rows.length} rows, found ${String(c[side])}`);
      }
      if (c.baseline === c.candidate) fail(at, 'a row compared with itself');
      const differences = (c.metrics as JsonObject[]).map((m) => m.difference as JsonValue);
      if (c.paired === true && (c.units === undefined || c.reason !== undefined)) fail(at, 'a paired comparison has its units and no reason');
      if (c.paired === false && (c.reason === undefined || c.units !== undefined)) fail(at, 'an unpaired comparison says why and has no units');
      if (c.paired === false && differences.some((d) => d !== null)) fail(keyPath(at, 'metrics'), 'an unpaired comparison tests no difference (every difference null)');
    });
  },
});
