/**
 * The schema of a retrieval-fairness link (schema 1): the results summary of
 * src/core/audit/retrieval/results.ts (`summaryOf`, no histograms) and the parameters
 * src/app/results/sharing.ts writes. Every field the Results view reads is
 * checked for type and range (METRICS.md §1, §3); keys that depend on k
 * (`ndcg@10`, `iou@10`, …) must match `results.parameters.k`.
 */
import { arrayOf, object, record, tuple } from './containerChecks.ts';
import { assertSameDataset, assertSameParameter, DATASET_CHECK, ENVIRONMENT_CHECK, SEED_CHECK } from './commonChecks.ts';
import { MAX_BOOTSTRAP, MAX_IMPORTED_FILES, MAX_K, MAX_MODELS, MAX_SCOPES, MAX_SUBSETS } from './limits.ts';
import { indexPath, keyPath, quoteForMessage } from './path.ts';
import { PermalinkShapeError } from './permalinkShapeError.ts';
import { TRUNCATIONS } from './truncationCheck.ts';
import { GROUP_FAIRNESS } from './groupFairnessSchema.ts';
import type { ResultSchema } from './resultSchema.ts';
import { check, fail, jsonTypeOf, type Check } from './shapeCheck.ts';
import { RANGES, statistics } from './statisticChecks.ts';
import { count, number, oneOf, text } from './valueChecks.ts';
import type { JsonObject, JsonValue } from './types.ts';

const GROUPS = tuple([text(), text()]);

const SHA256 = check('string', 'a SHA-256 (64 hex digits)', (value, path) => {
  if (typeof value !== 'string' || !/^[0-9a-f]{64}$/.test(value)) fail(path, 'a SHA-256 (64 hex digits)', value);
});

const RESULTS_PARAMETERS = object({
  k: count(1, MAX_K),
  relevanceThreshold: number(),
  bootstrap: count(0, MAX_BOOTSTRAP),
  seed: SEED_CHECK,
  groups: GROUPS,
});

const DESCRIPTOR = object({
  id: text({ nonEmpty: true }),
  label: text(),
  kind: oneOf(['embedding', 'bm25', 'tfidf', 'imported']),
  revision: text(),
  dtype: text(),
  device: text(),
}, {
  truncations: TRUNCATIONS,
  // Vectors computed elsewhere: the files they came from, each with its SHA-256 (64 lower-case hex digits).
  importedFiles: arrayOf(object({ file: text({ nonEmpty: true }), sha256: SHA256 }), 1, MAX_IMPORTED_FILES),
});

const TIMING = object({
  wallMs: number(RANGES.nonNegative),
  textsEmbedded: count(),
  textsCached: count(),
  textsPerSecond: number(RANGES.nonNegative),
});

/** TwinMetrics at cut-off k, in report order (twinMetricKeys). */
function twinMetrics(k: number): Check {
  return object({
    ...statistics({
      [`iou@${k}`]: RANGES.proportion,
      rank_shift: RANGES.nonNegative,
      rbc: RANGES.correlation,
      rbc_abs: RANGES.proportion,
      kendall_tau: RANGES.correlation,
      [`dropout@${k}`]: RANGES.proportion,
      pearson: RANGES.correlation,
      rbc_pooled: RANGES.correlation,
      cohens_d: RANGES.any,
      [`odds_ratio@${k}`]: RANGES.nonNegative,
      std_mad: RANGES.nonNegative,
    }),
    n_pairs: count(),
    n_queries: count(),
  });
}

function modelSummary(k: number): Check {
  const twins = twinMetrics(k);
  return object({
    model: DESCRIPTOR,
    timing: TIMING,
    nQueries: count(),
    nSkipped: count(),
    // perLangPooled is optional: links written before the per-language subsets lack it.
    robustness: object({ overall: twins, perLang: record(twins, MAX_SCOPES), perDirection: record(twins, MAX_SCOPES) }, { perLangPooled: record(twins, MAX_SCOPES) }),
  }, {
    // Absent when the subset has no relevance labels (`unjudged`).
    effectiveness: object(statistics({ [`ndcg@${k}`]: RANGES.proportion, [`p@${k}`]: RANGES.proportion, [`mrr@${k}`]: RANGES.proportion })),
    effectivenessPerLang: record(object(statistics({ [`ndcg@${k}`]: RANGES.proportion, [`p@${k}`]: RANGES.proportion, [`mrr@${k}`]: RANGES.proportion })), MAX_SCOPES),
    // Who gets seen (METRICS.md §12): absent when no document had a group label, and in links made before it.
    groupFairness: GROUP_FAIRNESS,
  });
}

function subset(k: number): Check {
  const shape = subsetShape(k);
  // Effectiveness is there exactly when the subset is judged (no `unjudged` reason).
  return check('object', 'an object', (value, path) => {
    shape(value, path);
    const s = value as JsonObject;
    (s.models as JsonObject[]).forEach((m, i) => {
      const at = keyPath(indexPath(keyPath(path, 'models'), i), 'effectiveness');
      if (s.unjudged === undefined && m.effectiveness === undefined) {
        throw new PermalinkShapeError(`${at}: expected an object (the subset has relevance labels: it gives no "unjudged" reason)`);
      }
      if (s.unjudged !== undefined && m.effectiveness !== undefined) {
        throw new PermalinkShapeError(`${at}: expected none (the subset says it has no relevance labels)`);
      }
    });
  });
}

function subsetShape(k: number): Check {
  return object({
    task: text({ nonEmpty: true }),
    twinsTask: text(),
    groups: GROUPS,
    models: arrayOf(modelSummary(k), 1, MAX_MODELS, {
      key: (m) => String(((m as JsonObject).model as JsonObject).id),
      path: (p) => `${p}.model.id`,
      what: 'an id that no other model of the subset has',
    }),
  }, { unjudged: text({ nonEmpty: true }) });
}

function resultsAt(k: number): Check {
  return object({
    schema: oneOf([1]),
    kind: oneOf(['retrieval-fairness']),
    dataset: DATASET_CHECK,
    parameters: RESULTS_PARAMETERS,
    subsets: arrayOf(subset(k), 1, MAX_SUBSETS, {
      // The view keys its tabs by task and twins task.
      key: (s) => `${(s as JsonObject).task}/${(s as JsonObject).twinsTask}`,
      what: 'a task and twins task that no other subset has',
    }),
    createdAt: text(),
    environment: ENVIRONMENT_CHECK,
  });
}

/** The results: schema, kind and parameters first (k names the metric keys), then the rest. */
const RESULTS: Check = check('object', 'an object', (value, path) => {
  if (jsonTypeOf(value) !== 'object') fail(path, 'an object', value);
  const o = value as JsonObject;
  oneOf([1])(o.schema, keyPath(path, 'schema'));
  oneOf(['retrieval-fairness'])(o.kind, keyPath(path, 'kind'));
  RESULTS_PARAMETERS(o.parameters, keyPath(path, 'parameters'));
  resultsAt((o.parameters as JsonObject).k as number)(value, path);
});

/** The envelope's parameters: what a re-run needs (src/app/results/sharing.ts, payloadOf). */
const PARAMETERS = object({
  k: count(1, MAX_K),
  relevanceThreshold: number(),
  bootstrap: count(0, MAX_BOOTSTRAP),
  seed: SEED_CHECK,
  groups: GROUPS,
  tasks: arrayOf(text({ nonEmpty: true }), 1, MAX_SUBSETS),
}, {
  // How much the link carries (core/share/detail.ts); links made before it carried every table.
  detail: oneOf(['summary', 'full']),
});

/** The tasks of the subsets, in first-appearance order. */
function tasksOf(results: JsonObject): JsonValue[] {
  return [...new Set((results.subsets as JsonObject[]).map((s) => s.task))];
}

export const RETRIEVAL_FAIRNESS_SCHEMA: ResultSchema = Object.freeze<ResultSchema>({
  parameters: PARAMETERS,
  results: RESULTS,
  agree({ dataset, parameters, results }) {
    assertSameDataset(dataset, results);
    for (const key of ['k', 'relevanceThreshold', 'bootstrap', 'seed', 'groups']) assertSameParameter(parameters, results, key);
    const tasks = tasksOf(results);
    const listed = parameters.tasks as JsonValue[];
    if (listed.length !== tasks.length || listed.some((t, i) => t !== tasks[i])) {
      throw new PermalinkShapeError(`parameters.tasks: expected the results' tasks (${tasks.map((t) => quoteForMessage(String(t))).join(', ')}) in that order`);
    }
  },
});
