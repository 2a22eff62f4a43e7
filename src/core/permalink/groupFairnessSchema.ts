/**
 * The group fairness of rankings in a link (METRICS.md §12; core/audit/retrieval/groupFairness.ts):
 * a model's §12 summary, and in a full link the attention curve. Summary numbers only — group
 * labels (at most MAX_GROUPS) as keys, no document id; the verdict is not carried (the page words it
 * again from the summary). A summary link carries only the headline (core/share/groupFairnessHeadline.ts). Keys that depend on K and the Skew cut-offs must match `summary.k` and
 * the `skew@k` keys present.
 */
import { arrayOf, object, record } from './containerChecks.ts';
import { PermalinkShapeError } from './permalinkShapeError.ts';
import { keyPath, quoteForMessage } from './path.ts';
import { check, fail, jsonTypeOf, type Check } from './shapeCheck.ts';
import { RANGES, statistic } from './statisticChecks.ts';
import { count, number, oneOf, text } from './valueChecks.ts';
import type { NumberRule } from './valueChecks.ts';
import type { JsonObject } from './types.ts';
import { MAX_K } from './limits.ts';

/** The most groups a grouping has (core/audit/retrieval/groupLabels.ts MAX_GROUPS). */
const MAX_GROUPS = 20;
const MAX_SKEW_CUTOFFS = 8;

/** A reported value: a plain number (no bootstrap) or a `{mean, ci}`, in `range`. */
function reported(range: NumberRule): Check {
  const plain = number(range);
  const withCi = statistic(range);
  return check('object', 'a number or an object {mean, ci}', (value, path) => (typeof value === 'number' ? plain(value, path) : withCi(value, path)));
}

const SKIPPED = object(Object.fromEntries(['exposure', 'exposure_ratio', 'disparate_treatment', 'target', 'awrf', 'awrf_ndcg', 'ndkl', 'skew'].map((k) => [k, count()])));

/** The summary's fields at its K and at each of its Skew cut-offs. */
function summaryAt(k: number, skewKs: readonly number[]): Check {
  const perGroup = (range: NumberRule) => record(reported(range), MAX_GROUPS);
  const skew: Record<string, Check> = {};
  for (const s of skewKs) {
    skew[`skew@${s}`] = record(reported(RANGES.any), MAX_GROUPS);
    skew[`absent@${s}`] = arrayOf(text({ nonEmpty: true }), 0, MAX_GROUPS);
  }
  const optionalSkew: Record<string, Check> = {};
  for (const s of skewKs) {
    optionalSkew[`min_skew@${s}`] = reported(RANGES.any);
    optionalSkew[`max_skew@${s}`] = reported(RANGES.any);
  }
  // A summary link carries the headline only (core/share/groupFairnessHeadline.ts); a full link every field.
  return object(
    {
      k: count(1, MAX_K),
      target: oneOf(['pool', 'relevant', 'equal']),
      groups: arrayOf(text({ nonEmpty: true }), 0, MAX_GROUPS),
      n_queries: count(),
      n_unlabelled: count(),
      target_share: record(number(RANGES.proportion), MAX_GROUPS),
      // A summary link carries the means alone (a number per group); a full link {mean, ci}.
      attention_share: perGroup(RANGES.proportion),
    },
    {
      threshold: number(),
      n_skipped: SKIPPED,
      exposure: perGroup(RANGES.proportion),
      exposure_ratio: reported(RANGES.proportion),
      disparate_treatment: reported(RANGES.nonNegative),
      [`awrf@${k}`]: reported(RANGES.proportion),
      [`awrf_ndcg@${k}`]: reported(RANGES.proportion),
      [`ndkl@${k}`]: reported(RANGES.nonNegative),
      ...skew,
      ...optionalSkew,
    },
  );
}

/** The Skew cut-offs a summary reports, from its `skew@k` keys. @throws {PermalinkShapeError} for too many. */
function skewCutoffs(summary: JsonObject, path: string): number[] {
  const ks = Object.keys(summary).flatMap((key) => {
    const m = /^skew@(\d+)$/.exec(key);
    return m ? [Number(m[1])] : [];
  });
  if (ks.length > MAX_SKEW_CUTOFFS) throw new PermalinkShapeError(`${path}: at most ${MAX_SKEW_CUTOFFS} Skew cut-offs, found ${ks.length}`);
  return ks;
}

const SUMMARY: Check = check('object', 'an object', (value, path) => {
  if (jsonTypeOf(value) !== 'object') fail(path, 'an object', value);
  const o = value as JsonObject;
  count(1, MAX_K)(o.k, keyPath(path, 'k'));
  summaryAt(o.k as number, skewCutoffs(o, path))(value, path);
});

const CURVE = object({
  groups: arrayOf(text({ nonEmpty: true }), 0, MAX_GROUPS),
  share: arrayOf(arrayOf(number(RANGES.proportion), 0, MAX_K), 0, MAX_GROUPS),
  target: arrayOf(number(RANGES.proportion), 0, MAX_GROUPS),
});

/** `fields` (the summary among them), and (full links) the curve, its groups the summary's. */
function withSummary(fields: Readonly<Record<string, Check>>): Check {
  return check('object', 'an object', (value, path) => {
    object({ ...fields, summary: SUMMARY }, { curve: CURVE })(value, path);
    curveOfSummary(value as JsonObject, path);
  });
}

/** A model's `groupFairness` in a retrieval link: the fields grouped by, the summary, and (full links) the curve. */
export const GROUP_FAIRNESS: Check = withSummary({ by: arrayOf(text({ nonEmpty: true }), 1, 2) });

/** A screening model's `groupFairness`: one per demographic attribute of the variants. */
export const SCREENING_GROUP_FAIRNESS: Check = arrayOf(withSummary({ attribute: text({ nonEmpty: true }) }), 0, MAX_GROUPS, {
  key: (g) => String((g as JsonObject).attribute),
  path: (p) => `${p}.attribute`,
  what: 'an attribute that no other item has',
});

/** The curve, when there is one, is over the summary's groups. @throws {PermalinkShapeError} otherwise. */
function curveOfSummary(o: JsonObject, path: string): void {
  const groups = (o.summary as JsonObject).groups as string[];
  const curve = o.curve as JsonObject | undefined;
  if (curve && JSON.stringify(curve.groups) !== JSON.stringify(groups)) {
    throw new PermalinkShapeError(`${keyPath(keyPath(path, 'curve'), 'groups')}: expected the summary's groups (${groups.map(quoteForMessage).join(', ')})`);
  }
}
