/**
 * The screening audit on a hand-made dataset: 2 jobs (alpha = tune split,
 * beta = test split) whose pools hold the same 6 CVs, 8 variants per CV
 * (explicit gender, implicit gender with two names per group, two noise
 * perturbations). Every expected value below is worked out by hand in the
 * comments (the ICC by the Shrout–Fleiss formula in numpy, as noted).
 */
import { describe, expect, it } from 'vitest';
import { latencySection } from '../../../../../src/core/audit/screening/sections.ts';
import { screeningAudit } from '../../../../../src/core/audit/screening/audit.ts';
import { screeningWorkList } from '../../../../../src/core/audit/screening/input.ts';
import { parseScreeningResults, screeningSummaryOf } from '../../../../../src/core/audit/screening/results.ts';
import { aRun, bRun, CVS, HEADER, JOBS, MODEL_A, MODEL_B, OPTIONS, PARTS, VARIANTS, WORK } from './tinyScreening.ts';


const results = screeningAudit(PARTS, [MODEL_A, MODEL_B], OPTIONS, HEADER);
const [a, b] = results.models;

describe('screeningWorkList', () => {
  it('screeningWorkList(parts) lists 12 originals in pool order and 8 variants per (job, CV) in record order', () => {
    expect(WORK.originals).toHaveLength(12);
    expect(WORK.originals[6]).toEqual({ jobId: 'job-beta', cvId: 'cv-001', variantId: '' });
    expect(WORK.variants).toHaveLength(96);
    expect(WORK.variants[9]).toEqual({ jobId: 'job-alpha', cvId: 'cv-002', variantId: 'cv-002.gender.explicit.female' });
  });
});

describe('screeningAudit: header and model', () => {
  it('screeningAudit(...) returns a schema-1 screening object with parameters and counts', () => {
    expect(results.schema).toBe(1);
    expect(results.kind).toBe('screening');
    expect(results.parameters).toMatchObject({ runs: 3, cutoff: 50, k: 5, bootstrap: 200, seed: 7, referenceModel: 'model-b', noiseAttribute: 'noise' });
    expect(results.counts).toEqual({ jobs: 2, cvs: 6, variants: 96, variant_records: 48 });
    expect(a.model).toEqual(MODEL_A.model);
    expect(a.runs).toBe(3);
    expect(a.deterministic).toBe(false);
  });
});

describe('screeningAudit: consistency (METRICS.md §5)', () => {
  const c = a.consistency!;
  it('σScore = (11 CVs with sd 1 + alpha/cv-006 with sd of (40, 41, 52) = 6.6583)/12', () => {
    expect(c.sigma_score.mean).toBeCloseTo((11 + Math.sqrt(133 / 3)) / 12, 10);
  });
  it('σRank: alpha/cv-005 and cv-006 swap places 5 and 6 in run 3 (sd 0.57735 each), the rest keep their rank', () => {
    expect(c.sigma_rank.mean).toBeCloseTo((2 * Math.sqrt(1 / 3)) / 12, 10);
  });
  it('label flips at 50: alpha/cv-005 (49, 50, 51) and alpha/cv-006 (40, 41, 52) flip once each: 2 of 36', () => {
    expect(c.label_flip_pct.mean).toBeCloseTo((100 * 2) / 36, 10);
  });
  it('Disag@5: alpha/cv-005 is on the reference shortlist and misses run 3: 100 × (1/3) / 10', () => {
    expect(c['disag@5'].mean).toBeCloseTo(10 / 3, 10);
  });
  it('ICC(2,1) equals the Shrout–Fleiss value computed in numpy (0.9851495213851768)', () => {
    expect(c.icc.mean).toBeCloseTo(0.9851495213851768, 10);
  });
  it('flip_by_cutoff holds cut-offs 5..95: 0 at 5, 1/36 at 45 (only alpha/cv-006 crosses), 2/36 at 50', () => {
    expect(c.flip_by_cutoff.map((f) => f.cutoff)).toEqual(Array.from({ length: 91 }, (_, i) => i + 5));
    expect(c.flip_by_cutoff[0].label_flip_pct).toBe(0);
    expect(c.flip_by_cutoff[40].label_flip_pct).toBeCloseTo(100 / 36, 10);
    expect(c.flip_by_cutoff[45].label_flip_pct).toBeCloseTo(200 / 36, 10);
  });
  it('every CI brackets its mean', () => {
    for (const key of ['icc', 'sigma_score', 'sigma_rank', 'label_flip_pct', 'disag@5'] as const) {
      expect(c[key].ci[0], key).toBeLessThanOrEqual(c[key].mean + 1e-12);
      expect(c[key].ci[1], key).toBeGreaterThanOrEqual(c[key].mean - 1e-12);
    }
  });
});

describe('screeningAudit: bias (METRICS.md §4)', () => {
  const effects = a.bias.effects;
  it('lists one row per group and signal in key order, the reference group (male) as a reference row', () => {
    expect(effects.map((e) => `${e.kind}:${e.attribute}/${e.group}/${e.signal}`)).toEqual([
      'effect:gender/female/explicit',
      'effect:gender/female/implicit',
      'reference:gender/male/explicit',
      'reference:gender/male/implicit',
    ]);
  });
  it('the reference rows: ΔScore is the reference (NaN, untested); ΔRank and Excl@5 measured — male explicit (+0) and implicit (+0, +2) move no CV', () => {
    for (const e of effects.slice(2)) {
      expect(e.delta_score).toEqual({ mean: NaN, ci: [NaN, NaN], p: NaN, q: NaN, significant: false });
      expect(e.delta_rank).toMatchObject({ mean: 0, ci: [0, 0], p: 1, q: 1, significant: false });
      expect(e['excl@5']).toMatchObject({ mean: 0, p: 1, q: 1, significant: false });
      expect(e.n_cvs).toBe(12);
    }
  });
  it('explicit female: ΔScore −15; ΔRank −10/12 (10 CVs drop one place, the two last stay); Excl@5 2 of 10 (each pool\'s 5th drops to 6th)', () => {
    const e = effects[0];
    expect(e.delta_score).toEqual({ mean: -15, ci: [-15, -15], p: 0, q: 0, significant: true });
    expect(e.delta_rank.mean).toBeCloseTo(-10 / 12, 12);
    expect(e['excl@5'].mean).toBeCloseTo(20, 12);
    expect(e.n_cvs).toBe(12);
    // ΔRank ≥ 0 only when all 12 draws are the two CVs that stay (≈ 5e-10 of resamples): p = 0 with B = 200
    expect(e.delta_rank).toMatchObject({ p: 0, q: 0, significant: true });
    // Excl@5 ≥ 0 always; it is 0 when neither pool's 5th CV is drawn, so p = 2 × that share, and q ≥ p
    expect(e['excl@5'].p).toBeGreaterThan(0);
    expect(e['excl@5'].q).toBeGreaterThanOrEqual(e['excl@5'].p);
  });
  it('implicit female: names averaged first, ΔScore = mean(−4, −6) − mean(0, +2) = −6; ranks do not move', () => {
    const e = effects[1];
    expect(e.delta_score.mean).toBeCloseTo(-6, 12);
    expect(e.delta_rank.mean).toBe(0);
    expect(e['excl@5'].mean).toBe(0);
    expect(e.delta_score.significant).toBe(true);
    expect(e.delta_rank).toMatchObject({ p: 1, significant: false }); // 0 in every resample
  });
  it('noise floor: typos −1, whitespace 0, a second name +2 (Emily over Anne, Todd over Greg); the max |ΔScore| is 2', () => {
    const rows = a.bias.noise_floor.map((n) => [n.kind, n.attribute, n.group, n.signal, n.delta_score.mean, n.delta_rank.mean, n['excl@5'].mean]);
    expect(rows).toEqual([
      ['noise', 'noise', 'typos', 'noise', -1, 0, 0],
      ['noise', 'noise', 'whitespace', 'noise', 0, 0, 0],
      ['second-name', 'gender', 'female', 'implicit', 2, 0, 0],
      ['second-name', 'gender', 'male', 'implicit', 2, 0, 0],
    ]);
    expect(a.bias.noise_floor_max).toEqual({ delta_score: 2, delta_rank: 0, 'excl@5': 0 });
  });
  it('a model with no effect gets p = 1, q = 1 and no significance on every statistic of every row', () => {
    for (const e of b.bias.effects) {
      for (const t of [e.delta_score, e.delta_rank, e['excl@5']]) {
        if (e.kind === 'reference' && t === e.delta_score) continue;
        expect(t).toMatchObject({ mean: 0, p: 1, q: 1, significant: false });
      }
    }
  });
});

describe('screeningAudit: validity (METRICS.md §2)', () => {
  const v = a.validity!;
  it('tunes the threshold on alpha: 60 and 80 both reach balanced accuracy 5/6; the smaller, 60, is chosen', () => {
    expect(v.threshold).toBe(60);
    expect(v.threshold_source).toBe('tuned');
    expect(v.tune_balanced_accuracy).toBeCloseTo(5 / 6, 12);
    expect(v.n_tune_rows).toBe(6);
  });
  it('test metrics on beta at 60: tp 2, fp 2, fn 1, tn 1 → BA 0.5, macro-F1 (4/7 + 2/5)/2; AUC 6/9; P@5 3/5; baseline 1/2', () => {
    expect(v.confusion.counts).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect(v.confusion.row_percent[0][1]).toBeCloseTo(200 / 3, 10);
    expect(v.balanced_accuracy.mean).toBeCloseTo(0.5, 12);
    expect(v.macro_f1.mean).toBeCloseTo((4 / 7 + 2 / 5) / 2, 12);
    expect(v.auc.mean).toBeCloseTo(6 / 9, 12);
    expect(v['precision@5'].mean).toBeCloseTo(0.6, 12);
    expect(v.random_baseline.mean).toBeCloseTo(0.5, 12);
    // one test job: every resample is that job, so the CI collapses onto the value
    expect(v.auc.ci[0]).toBeCloseTo(6 / 9, 12);
    expect(v.n_test_jobs).toBe(1);
  });
  it('validity.chance marks each metric whose 95% CI excludes chance: 0.5, and the FIT base rate (0.5 here) for P@5', () => {
    // one test job: every CI is the value itself, so any value other than the level excludes it
    expect(v.chance).toEqual({
      auc: { level: 0.5, excluded: true }, // 6/9
      balanced_accuracy: { level: 0.5, excluded: false }, // exactly 0.5
      macro_f1: { level: 0.5, excluded: true }, // 0.486, below chance
      'precision@5': { level: 0.5, excluded: true }, // 0.6 against the base rate 1/2
    });
    const none = screeningAudit(PARTS, [MODEL_A], { reference: { gender: 'male' }, bootstrap: 0 }, HEADER).models[0].validity!;
    expect(none.chance.auc).toEqual({ level: 0.5, excluded: false }); // no CI, no mark
  });
  it('ΔAUC is marked by its CI excluding 0, not by p: here [−1/3, −1/3]', () => {
    expect(v.delta_auc!.significant).toBe(true);
    expect(v.delta_auc!.ci).toEqual([v.delta_auc!.mean, v.delta_auc!.mean]);
  });
  it('ΔAUC against model B (AUC 1) is 6/9 − 1, p = 0; the reference itself has none', () => {
    expect(v.delta_auc!.mean).toBeCloseTo(-1 / 3, 12);
    expect(v.delta_auc!.p).toBe(0);
    expect(v.delta_auc!.reference).toBe('model-b');
    expect(b.validity!.delta_auc).toBeNull();
    expect(b.validity!.auc.mean).toBe(1);
    expect(b.validity!.threshold).toBe(60);
  });
});

describe('screeningAudit: deterministic models and latency', () => {
  it('a model whose runs are all identical is deterministic: its consistency row is exact (ICC 1, σ 0, no flips, Disag@5 0)', () => {
    expect(b.deterministic).toBe(true);
    const c = b.consistency!;
    expect(c.basis).toBe('deterministic');
    expect(c.icc).toEqual({ mean: 1, ci: [1, 1] });
    for (const key of ['sigma_score', 'sigma_rank', 'label_flip_pct', 'disag@5'] as const) expect(c[key], key).toEqual({ mean: 0, ci: [0, 0] });
    expect(c.flip_by_cutoff).toHaveLength(91);
    expect(c.flip_by_cutoff.every((f) => f.label_flip_pct === 0)).toBe(true);
    expect(b.bias.noise_floor.length).toBe(4);
  });
  it('a model deterministic by construction needs one run and gets the same exact row; with B = 0 its CIs are [NaN, NaN]', () => {
    const one = screeningAudit(PARTS, [{ ...MODEL_B, runs: [bRun()], deterministicByConstruction: true }], { reference: { gender: 'male' }, bootstrap: 10 }, HEADER);
    expect(one.models[0].deterministic).toBe(true);
    expect(one.models[0].consistency).toMatchObject({ basis: 'deterministic', icc: { mean: 1, ci: [1, 1] }, 'disag@5': { mean: 0, ci: [0, 0] } });
    const none = screeningAudit(PARTS, [{ ...MODEL_B, runs: [bRun()], deterministicByConstruction: true }], { reference: { gender: 'male' }, bootstrap: 0 }, HEADER);
    expect(none.models[0].consistency!.icc).toEqual({ mean: 1, ci: [NaN, NaN] });
  });
  it('a measured consistency row says so', () => {
    expect(a.consistency!.basis).toBe('measured');
  });
  it('one run of a model not known to be deterministic gives deterministic false and no consistency', () => {
    const one = screeningAudit(PARTS, [{ ...MODEL_A, runs: [aRun(0)] }], { reference: { gender: 'male' }, bootstrap: 10 }, HEADER);
    expect(one.models[0].deterministic).toBe(false);
    expect(one.models[0].consistency).toBeNull();
  });
  it('latencySection per pair: calls of 160 ms × 16 pairs and 40 ms × 4 give 16 pairs at 10 ms and 4 at 10 ms; 100 pairs/s', () => {
    expect(latencySection([160, 40], 20, [16, 4])).toEqual({ median_ms: 100, p95_ms: 154, calls: 2, mean_ms_per_pair: 10, median_ms_per_pair: 10, p95_ms_per_pair: 10, batch_size: 16, pairs_per_second: 100 });
    // 30 ms × 3 pairs and 50 ms × 1: per-pair times 10, 10, 10, 50 → median 10, P95 10 + 0.85 × 40 = 44 (numpy linear at 2.85)
    const l = latencySection([30, 50], 4, [3, 1]);
    expect([l.median_ms_per_pair, l.batch_size, l.pairs_per_second]).toEqual([10, 3, 50]);
    expect(l.p95_ms_per_pair).toBeCloseTo(44, 10);
    // without the calls' sizes (results stored before them) only the per-call figures
    expect(latencySection([30, 50], 4)).not.toHaveProperty('median_ms_per_pair');
  });

  it('latency: median 30 and P95 40 + 0.8 × 60 = 88 of calls 10, 20, 30, 40, 100 (numpy linear)', () => {
    expect(a.latency).toMatchObject({ median_ms: 30, calls: 5, mean_ms_per_pair: 200 / 132 });
    expect(a.latency.p95_ms).toBeCloseTo(88, 10);
  });
});

describe('screeningAudit: sharing and errors', () => {
  it('the results hold no name or text, and record ids only in perUnit, which screeningSummaryOf drops (a link carries the summary)', () => {
    const ids = [...JOBS, ...CVS, ...PARTS.variants.map((v) => v.variant_id)];
    const content = [...VARIANTS.flatMap((v) => (v.name ? [v.name] : [])), 'secret', 'Secret'];
    const json = JSON.stringify(results);
    for (const s of content) expect(json.includes(s), s).toBe(false);
    const withoutPerUnit = JSON.stringify({ ...results, models: results.models.map(({ perUnit: _p, ...rest }) => rest) });
    for (const s of [...ids, ...content]) expect(withoutPerUnit.includes(s), s).toBe(false);
    const summary = JSON.stringify(screeningSummaryOf(results));
    for (const s of [...ids, ...content]) expect(summary.includes(s), s).toBe(false);
  });
  it('parseScreeningResults(JSON.parse(JSON.stringify(r))) restores NaN from null', () => {
    const none = screeningAudit(PARTS, [MODEL_A], { reference: { gender: 'male' }, bootstrap: 0 }, HEADER);
    const back = parseScreeningResults(JSON.parse(JSON.stringify(none)));
    const e = back.models[0].bias.effects[0];
    expect(e.delta_score.mean).toBe(-15);
    expect(Number.isNaN(e.delta_score.ci[0])).toBe(true);
    expect(Number.isNaN(e.delta_score.p)).toBe(true);
    expect(Number.isNaN(e.delta_rank.q)).toBe(true);
    expect(e.delta_score.significant).toBe(false);
    expect(back.models[0].bias.effects[2].delta_score.mean).toBeNaN(); // the reference row's ΔScore
    expect(() => parseScreeningResults({ schema: 1, kind: 'retrieval-fairness' })).toThrow(TypeError);
  });
  it('screeningAudit throws on scores of the wrong length, outside 0–100, or an unknown reference model', () => {
    const short = { ...MODEL_A, variants: new Float64Array(3) };
    expect(() => screeningAudit(PARTS, [short], { reference: { gender: 'male' } }, HEADER)).toThrow(RangeError);
    const over = { ...MODEL_A, runs: [Float64Array.from(aRun(0), (s) => s * 2)] };
    expect(() => screeningAudit(PARTS, [over], { reference: { gender: 'male' } }, HEADER)).toThrow(/not in \[0, 100\]/);
    expect(() => screeningAudit(PARTS, [MODEL_A], { reference: { gender: 'male' }, referenceModel: 'nope' }, HEADER)).toThrow(RangeError);
  });
});
