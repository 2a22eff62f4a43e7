/**
 * Group fairness of rankings (METRICS.md §12) against an independent NumPy/SciPy reference
 * (scripts/reference/group_fairness.py, written from the papers: SciPy's `jensenshannon` for
 * AWRF). Seeded rankings with two to five groups, ties, unlabelled documents, runs shorter than
 * K, queries without judgments or without a relevant document, a group never retrieved.
 *
 * Every point estimate — per query and in the summary — agrees to 1e-9 (absolute).
 *
 * The CIs come from two independent bootstraps (Fairground's xoshiro128** here, NumPy's PCG64
 * there), both with B = 4000 resamples, so they differ by Monte-Carlo error only. A percentile
 * bound estimated from B resamples has a standard deviation of about
 * sqrt(p(1 − p)/B) / f(q_p) ≈ 0.042 · SE at p = 2.5% for a normal bootstrap distribution
 * (f(q_p) = φ(1.96)/SE); two independent bootstraps differ by √2 of that, ≈ 0.06 · SE, SE being
 * the bootstrap standard error the reference stores beside each CI. The tolerance is 0.3 · SE:
 * five such standard deviations, which leaves room for bootstrap distributions that are lumpier
 * than normal (a few dozen queries) while still failing a CI of the wrong statistic, resampling
 * unit or percentile (those move a bound by about one SE or more).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  groupFairnessOptions,
  rankedIds,
  scoreGroupFairnessQuery,
  summarizeGroupFairness,
  type GroupFairnessSummary,
  type QueryGroupFairness,
  type ReportedValue,
} from '../../../../src/core/metrics/groupFairness/index.ts';

interface FixtureQuery {
  readonly id: string;
  readonly run: [string, number][];
  readonly pool: Record<string, number>;
  readonly judgments: Record<string, number> | null;
}
interface Scenario {
  readonly name: string;
  readonly options: { k: number; target: 'pool' | 'relevant' | 'equal'; threshold: number; skew_ks: number[]; gain: 'linear' | 'exp' };
  readonly bootstrap: { resamples: number; seed: number } | null;
  readonly labels: Record<string, string>;
  readonly queries: FixtureQuery[];
  readonly expected: {
    readonly per_query: Record<string, unknown>[];
    readonly summary: Record<string, unknown>;
    readonly bootstrap: Record<string, { ci: [number, number]; se: number }> | null;
  };
}
const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/reference/group-fairness.json', import.meta.url), 'utf8')) as { scenarios: Scenario[] };

const TOLERANCE_SE = 0.3;

/** Every number to 1e-9 (absolute), everything else equal; null in the reference is undefined here. */
function expectClose(actual: unknown, expected: unknown, path: string): void {
  if (expected === null) {
    expect(actual, path).toBeUndefined();
  } else if (typeof expected === 'number') {
    expect(typeof actual, path).toBe('number');
    expect(Math.abs((actual as number) - expected), `${path}: ${String(actual)} vs ${expected}`).toBeLessThanOrEqual(1e-9);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    expect((actual as unknown[]).length, `${path}.length`).toBe(expected.length);
    expected.forEach((e, i) => expectClose((actual as unknown[])[i], e, `${path}[${i}]`));
  } else if (typeof expected === 'object') {
    const a = actual as Record<string, unknown>;
    expect(Object.keys(a).sort(), `${path} keys`).toEqual(Object.keys(expected).sort());
    for (const [key, e] of Object.entries(expected)) expectClose(a[key], e, `${path}.${key}`);
  } else {
    expect(actual, path).toEqual(expected);
  }
}

/** A per-group vector of a record as {group: value}, or undefined. */
const byGroup = (r: QueryGroupFairness, v: ArrayLike<number> | undefined) => (v === undefined ? undefined : Object.fromEntries(r.groups.map((g, i) => [g, v[i]])));

/** A record in the reference's per-query shape. */
function asReference(r: QueryGroupFairness): Record<string, unknown> {
  return {
    groups: r.groups,
    sequence: Array.from(r.sequence, (g) => r.groups[g]),
    n_unlabelled: r.nUnlabelled,
    target: byGroup(r, r.target),
    exposure: byGroup(r, r.exposure),
    exposure_ratio: r.exposureRatio,
    disparate_treatment: r.disparateTreatment,
    attention: byGroup(r, r.attention),
    awrf: r.awrf,
    ndcg: r.ndcg,
    awrf_ndcg: r.awrfNdcg,
    ndkl: r.ndkl,
    slots: r.slots.map((s) => ({ k: s.k, counts: byGroup(r, s.counts), size: s.size })),
  };
}

function run(scenario: Scenario): { records: QueryGroupFairness[]; options: ReturnType<typeof groupFairnessOptions> } {
  const o = scenario.options;
  const options = groupFairnessOptions({ k: o.k, target: o.target, threshold: o.threshold, skewKs: o.skew_ks, gain: o.gain });
  const labelOf = (doc: string) => (Object.hasOwn(scenario.labels, doc) ? scenario.labels[doc] : undefined);
  const records = scenario.queries.map((q) =>
    scoreGroupFairnessQuery(
      {
        ranked: rankedIds(q.run.map(([id, score]) => ({ id, score })), options.k),
        labelOf,
        pool: new Map(Object.entries(q.pool)),
        judgments: q.judgments ? new Map(Object.entries(q.judgments)) : undefined,
      },
      options,
    ),
  );
  return { records, options };
}

/** The CI of a reference key (`awrf@10`, `exposure.female`, `skew@10.male`) in a summary. */
function ciAt(summary: GroupFairnessSummary, key: string): [number, number] | undefined {
  const [head, group] = key.split('.');
  const entry = (summary as unknown as Record<string, unknown>)[head];
  const value = (group === undefined ? entry : (entry as Record<string, unknown>)[group]) as ReportedValue | undefined;
  return value === undefined || typeof value === 'number' ? undefined : [value.ci[0], value.ci[1]];
}

describe('group fairness of rankings against the NumPy/SciPy reference (scripts/reference/group_fairness.py)', () => {
  it('reads a fixture with several scenarios, bootstrap CIs and an absent group (the checks below are not vacuous)', () => {
    expect(fixture.scenarios.length).toBeGreaterThanOrEqual(6);
    expect(fixture.scenarios.filter((s) => s.bootstrap).length).toBeGreaterThanOrEqual(2);
    const absent = fixture.scenarios.flatMap((s) => Object.entries(s.expected.summary).filter(([key, v]) => key.startsWith('absent@') && Array.isArray(v) && v.length > 0));
    expect(absent.length).toBeGreaterThan(0);
  });

  for (const scenario of fixture.scenarios) {
    it(`scoreGroupFairnessQuery agrees per query to 1e-9: ${scenario.name}`, () => {
      const { records } = run(scenario);
      records.forEach((r, i) => expectClose(asReference(r), scenario.expected.per_query[i], `${scenario.queries[i].id}`));
    });

    it(`summarizeGroupFairness agrees to 1e-9: ${scenario.name}`, () => {
      const { records, options } = run(scenario);
      const summary = summarizeGroupFairness(records, options);
      const { k: _k, target: _t, threshold: _th, ...rest } = summary;
      expect([_k, _t, _th]).toEqual([scenario.options.k, scenario.options.target, scenario.options.threshold]);
      expectClose(rest, scenario.expected.summary, 'summary');
    });
  }

  for (const scenario of fixture.scenarios.filter((s) => s.bootstrap)) {
    it(`the bootstrap CIs lie within 0.3 bootstrap SE of an independent bootstrap (B = 4000 each): ${scenario.name}`, () => {
      const { records, options } = run(scenario);
      const summary = summarizeGroupFairness(records, options, scenario.bootstrap ?? undefined);
      const expected = Object.entries(scenario.expected.bootstrap ?? {});
      expect(expected.length).toBeGreaterThan(8);
      for (const [key, { ci, se }] of expected) {
        const actual = ciAt(summary, key);
        expect(actual, key).toBeDefined();
        for (const side of [0, 1]) {
          expect(Math.abs(actual![side] - ci[side]), `${key} bound ${side}: ${actual![side]} vs ${ci[side]} (SE ${se})`).toBeLessThanOrEqual(TOLERANCE_SE * se + 1e-12);
        }
      }
    });
  }
});
