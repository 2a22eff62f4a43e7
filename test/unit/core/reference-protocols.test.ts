/**
 * The statistics of issue 14 against an independent NumPy / SciPy / scikit-learn reference written
 * from METRICS.md (scripts/reference/protocols.py, fixed seed), to 1e-9: the twin metric matrix
 * (per-query RBC averaged, pooled RBC, Cohen's d, OddsRatio@k, Std MAD, beside IoU, rank shift,
 * Dropout, τ, r) for all twins, per language and per direction, with CIs; the screening bias rows
 * (effect and reference rows) with CIs, paired-bootstrap p and Benjamini–Hochberg q over the
 * model's family; validity against chance and ΔAUC with its mark.
 *
 * The reference implements xoshiro128** and splitmix32 from their published definitions and draws
 * the same bootstrap indices as core/stats/rng.ts; each case first checks one resample's indices.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evalTwins } from '../../../src/core/audit/eval/twins.ts';
import { evalScreeningBias } from '../../../src/core/audit/eval/screeningBias.ts';
import { evalClassification } from '../../../src/core/audit/eval/classification.ts';
import { auditSubset } from '../../../src/core/audit/retrieval/audit.ts';
import { matrixScorer, timingOf } from '../../../src/core/audit/retrieval/scoring.ts';
import { biasSection } from '../../../src/core/audit/screening/sections.ts';
import type { AuditSubset } from '../../../src/core/audit/retrieval/input.ts';
import type { TwinMetrics } from '../../../src/core/audit/retrieval/results.ts';
import type { ScreeningPool } from '../../../src/core/metrics/screening.ts';
import type { Scored } from '../../../src/core/ranking.ts';
import type { TwinLine } from '../../../src/core/formats/twins.ts';
import { forEachResample } from '../../../src/core/stats/bootstrapResamples.ts';
import type { Ci } from '../../../src/core/audit/common/ci.ts';

interface Expected {
  readonly mean: number | null;
  readonly ci: [number, number] | null;
  readonly p?: number | null;
  readonly q?: number | null;
  readonly significant?: boolean;
}
interface TwinsCase {
  readonly k: number;
  readonly bootstrap: number;
  readonly seed: number;
  readonly firstResample: number[];
  readonly docIds: string[];
  readonly docLangs: string[];
  readonly queryLangs: string[];
  readonly twins: { id: string; twin_id: string; group: string; twin_group: string; lang: string }[];
  readonly corpusScores: number[][];
  readonly twinScores: number[][];
  readonly expected: Record<string, Record<string, Expected> & { n_queries: number; n_pairs: number }>;
}
interface ScreeningCase {
  readonly bootstrap: number;
  readonly seed: number;
  readonly firstResample: number[];
  readonly reference: Record<string, string>;
  readonly pools: ScreeningPool[];
  readonly expected: {
    effects: ({ kind: string; attribute: string; group: string; signal: string; n_cvs: number } & Record<'delta_score' | 'delta_rank' | 'excl@5', Expected>)[];
    noise_floor: ({ kind: string; attribute: string; group: string; signal: string } & Record<'delta_score' | 'delta_rank' | 'excl@5', Expected>)[];
  };
}
interface ValidityCase {
  readonly bootstrap: number;
  readonly seed: number;
  readonly firstResample: number[];
  readonly threshold: number;
  readonly rows: { id: string; group: string; label: number; score: number; reference: number }[];
  readonly expected: Record<string, Expected> & { chance: Record<string, { level: number; excluded: boolean }> };
}

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/reference/protocols.json', import.meta.url), 'utf8')) as {
  twins: TwinsCase[];
  screening: ScreeningCase[];
  validity: ValidityCase[];
};

const TOL = 1e-9;
const num = (v: number | null | undefined) => (v === null || v === undefined ? NaN : v);

/** A number against the reference's (null = undefined = NaN here). */
function closeTo(actual: number | null | undefined, expected: number | null | undefined, what: string) {
  const a = num(actual);
  const e = num(expected);
  if (Number.isNaN(e)) expect(a, what).toBeNaN();
  else expect(Math.abs(a - e), `${what}: ${a} vs ${e}`).toBeLessThanOrEqual(TOL);
}

/** A reported {mean, ci} against the reference's, with p, q and the mark when the reference has them. */
function sameStatistic(actual: (Ci & { p?: number | null; q?: number | null; significant?: boolean }) | undefined, expected: Expected, what: string) {
  expect(actual, what).toBeDefined();
  closeTo(actual!.mean, expected.mean, `${what}.mean`);
  closeTo(actual!.ci[0], expected.ci?.[0], `${what}.ci[0]`);
  closeTo(actual!.ci[1], expected.ci?.[1], `${what}.ci[1]`);
  if ('p' in expected) closeTo(actual!.p, expected.p, `${what}.p`);
  if ('q' in expected) closeTo(actual!.q, expected.q, `${what}.q`);
  if ('significant' in expected) expect(actual!.significant, `${what}.significant`).toBe(expected.significant);
}

function firstResample(n: number, seed: number): number[] {
  let first: number[] = [];
  forEachResample(n, { resamples: 1, seed }, (indices) => (first = [...indices]));
  return first;
}

/** The reference's key of each twin statistic, and the results' key at cut-off k. */
const twinKeys = (k: number): [string, string][] => [
  ['iou', `iou@${k}`],
  ['rank_shift', 'rank_shift'],
  ['dropout', `dropout@${k}`],
  ['kendall_tau', 'kendall_tau'],
  ['pearson', 'pearson'],
  ['rbc', 'rbc'],
  ['rbc_pooled', 'rbc_pooled'],
  ['cohens_d', 'cohens_d'],
  ['odds_ratio', `odds_ratio@${k}`],
  ['std_mad', 'std_mad'],
];

const queryId = (q: number) => `q${String(q).padStart(2, '0')}`;

function twinsRuns(c: TwinsCase): { run: Map<string, Scored[]>; twinRun: Map<string, Scored[]>; twins: TwinLine[] } {
  const run = new Map<string, Scored[]>();
  const twinRun = new Map<string, Scored[]>();
  c.corpusScores.forEach((scores, q) => {
    run.set(queryId(q), c.docIds.map((id, i) => ({ id, score: scores[i] })));
    twinRun.set(queryId(q), c.twins.map((t, j) => ({ id: t.twin_id, score: c.twinScores[q][j] })));
  });
  return { run, twinRun, twins: c.twins.map((t, j) => ({ ...t, twin_text: '…', line: j + 1 })) };
}

function twinsSubset(c: TwinsCase): AuditSubset {
  return {
    task: 'ref',
    twinsTask: 'ref-twins',
    queries: c.corpusScores.map((_, q) => ({ id: queryId(q), lang: c.queryLangs[q] })),
    corpus: c.docIds.map((id, i) => ({ id, lang: c.docLangs[i] })),
    // one relevant document per query: every query is a unit, in identifier order
    qrels: new Map(c.corpusScores.map((_, q) => [queryId(q), new Map([[c.docIds[0], 1]])])),
    twins: c.twins.map((t) => ({ id: t.id, twinId: t.twin_id, group: t.group, twinGroup: t.twin_group, lang: t.lang })),
    relevanceThreshold: 1,
    groups: ['female', 'male'],
  };
}

type Robustness = { overall: TwinMetrics; perLang: Record<string, TwinMetrics>; perLangPooled: Record<string, TwinMetrics>; perDirection: Record<string, TwinMetrics> };

/**
 * The scope of the reference in a results object's robustness: `all`, `lang:en` (the pooled
 * variant), `sublang:en` (the per-language subset, whole corpus), `subpool:en` (the subset of a
 * dataset whose pool is per language: `inLanguagePool`), `direction:female->male`.
 */
function scopeOf(robustness: Robustness, scope: string, inLanguagePool: Robustness): TwinMetrics | undefined {
  if (scope === 'all') return robustness.overall;
  const [kind, key] = scope.split(/:(.*)/s);
  if (kind === 'lang') return robustness.perLangPooled[key];
  if (kind === 'sublang') return robustness.perLang[key];
  if (kind === 'subpool') return inLanguagePool.perLang[key];
  return robustness.perDirection[key];
}

describe('the twin metric matrix agrees with the NumPy/SciPy reference (all twins, per language, per direction, with CIs)', () => {
  it.each(fixture.twins.map((c, i) => [i, c] as const))('evalTwins(run, twinRun, twins, {k, groups}, ci), case %i', (_, c) => {
    expect(firstResample(c.corpusScores.length, c.seed)).toEqual(c.firstResample);
    const { run, twinRun, twins } = twinsRuns(c);
    const out = evalTwins(run, twinRun, twins, { k: c.k, groups: ['female', 'male'] }, { resamples: c.bootstrap, seed: c.seed });
    for (const [scope, want] of Object.entries(c.expected)) {
      const [kind, key] = scope.split(/:(.*)/s);
      if (kind === 'sublang' || kind === 'subpool') continue; // runs carry no query languages: eval twins reports the pooled variant
      const got = (scope === 'all' ? out.mean : kind === 'lang' ? out.per_lang[key] : out.per_direction[key]) as Record<string, Ci | number>;
      expect(got, scope).toBeDefined();
      for (const [ref, mine] of twinKeys(c.k)) sameStatistic(got[mine] as Ci, want[ref], `${scope} ${mine}`);
      expect(got.n_queries, scope).toBe(want.n_queries);
      expect(got.n_pairs, scope).toBe(want.n_pairs);
    }
  });

  it.each(fixture.twins.map((c, i) => [i, c] as const))('auditSubset(subset, [model], {k, bootstrap, seed}) gives the same numbers, case %i', (_, c) => {
    const model = { id: 'm', label: 'M', kind: 'embedding' as const, revision: 'r', dtype: 'fp32', device: 'cpu' };
    const corpus = Float64Array.from(c.corpusScores.flat());
    const twinScores = Float64Array.from(c.twinScores.flat());
    const score = matrixScorer(corpus, twinScores, c.docIds.length, c.twins.length);
    const options = { k: c.k, bootstrap: c.bootstrap, seed: c.seed };
    const m = auditSubset(twinsSubset(c), [{ model, timing: timingOf(1, 1), score }], options).models[0];
    const byLanguage = auditSubset({ ...twinsSubset(c), pool: 'language' }, [{ model, timing: timingOf(1, 1), score }], options).models[0];
    expect(Object.keys(c.expected).filter((s) => s.startsWith('sub')).length).toBeGreaterThan(0);
    for (const [scope, want] of Object.entries(c.expected)) {
      const got = scopeOf(m.robustness, scope, byLanguage.robustness) as unknown as Record<string, Ci>;
      expect(got, scope).toBeDefined();
      for (const [ref, mine] of twinKeys(c.k)) sameStatistic(got[mine], want[ref], `${scope} ${mine}`);
    }
  });
});

describe('the screening bias rows agree with the NumPy reference (effect and reference rows, CI, p and BH q over the family)', () => {
  const rowKey = (r: { kind: string; attribute: string; group: string; signal: string }) => `${r.kind}|${r.attribute}|${r.group}|${r.signal}`;

  it.each(fixture.screening.map((c, i) => [i, c] as const))('biasSection(pools, reference, noise, r), case %i', (_, c) => {
    const units = c.pools.reduce((n, p) => n + p.cvs.length, 0);
    expect(firstResample(units, c.seed)).toEqual(c.firstResample);
    const bias = biasSection(c.pools, c.reference, 'noise', { bootstrap: c.bootstrap, seed: c.seed });
    expect(bias.effects.map(rowKey)).toEqual(c.expected.effects.map(rowKey));
    expect(bias.effects.some((e) => e.kind === 'reference')).toBe(true);
    bias.effects.forEach((e, i) => {
      const want = c.expected.effects[i];
      for (const key of ['delta_score', 'delta_rank', 'excl@5'] as const) sameStatistic(e[key], want[key], `${rowKey(e)} ${key}`);
      expect(e.n_cvs).toBe(want.n_cvs);
    });
    for (const want of c.expected.noise_floor) {
      const got = bias.noise_floor.find((n) => rowKey(n) === rowKey(want));
      for (const key of ['delta_score', 'delta_rank', 'excl@5'] as const) sameStatistic(got?.[key], want[key], `${rowKey(want)} ${key}`);
    }
  });

  it.each(fixture.screening.map((c, i) => [i, c] as const))('evalScreeningBias(pools, {reference, k: 5}, ci) gives the same numbers, case %i', (_, c) => {
    const out = evalScreeningBias(c.pools, { reference: c.reference, k: 5 }, { resamples: c.bootstrap, seed: c.seed });
    const rows = out.effects as unknown as ({ kind: string; attribute: string; group: string; signal: string } & Record<string, Ci>)[];
    expect(rows.map(rowKey)).toEqual(c.expected.effects.map(rowKey));
    rows.forEach((e, i) => {
      for (const key of ['delta_score', 'delta_rank', 'excl@5'] as const) sameStatistic(e[key], c.expected.effects[i][key], `${rowKey(e)} ${key}`);
    });
  });
});

describe('validity against chance and ΔAUC agree with the scikit-learn reference', () => {
  it.each(fixture.validity.map((c, i) => [i, c] as const))('evalClassification(pred, {threshold, k: 5, referenceScores}, ci), case %i', (_, c) => {
    const jobs = new Set(c.rows.map((r) => r.group)).size;
    expect(firstResample(jobs, c.seed)).toEqual(c.firstResample);
    const pred = { ids: c.rows.map((r) => r.id), groups: c.rows.map((r) => r.group), labels: c.rows.map((r) => r.label), scores: c.rows.map((r) => r.score) };
    const out = evalClassification(pred, { threshold: c.threshold, k: 5, referenceScores: Float64Array.from(c.rows, (r) => r.reference) }, { resamples: c.bootstrap, seed: c.seed }) as unknown as Record<string, Ci> & {
      chance: Record<string, { level: number; excluded: boolean }>;
    };
    for (const key of ['auc', 'balanced_accuracy', 'macro_f1', 'precision@5', 'random_baseline', 'delta_auc']) sameStatistic(out[key], c.expected[key], key);
    for (const [key, want] of Object.entries(c.expected.chance)) {
      closeTo(out.chance[key].level, want.level, `chance ${key}.level`);
      expect(out.chance[key].excluded, `chance ${key}`).toBe(want.excluded);
    }
  });
});
