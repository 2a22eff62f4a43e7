/**
 * Two screening audits of the same dataset version compared paired over their (job, CV) pairs
 * (issue 47): each model keeps `perUnit` — every pair's run-1 score and decision and every
 * variant's ΔScore, keyed by record id — and compare pairs them as it pairs retrieval queries
 * (METRICS.md §6). Worked by hand on the tiny screening fixture (tinyScreening.ts).
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../../../src/cli/main.ts';
import { compareRuns, metricLabel } from '../../../../../src/core/audit/compare/index.ts';
import { screeningAudit } from '../../../../../src/core/audit/screening/audit.ts';
import { parseScreeningResults, screeningSummaryOf, type ScreeningResults } from '../../../../../src/core/audit/screening/index.ts';
import type { ScreeningModelScores } from '../../../../../src/core/audit/screening/input.ts';
import { A_BASE, base, CVS, HEADER, MODEL_A, offsetOf, PARTS, WORK } from '../screening/tinyScreening.ts';
import { memoryIo } from '../../../cli/memoryIo.ts';

const KEY = 'delta_score|gender|female|explicit';
const OPTIONS = { reference: { gender: 'male' }, bootstrap: 0, seed: 7 };

/**
 * Model A (baseline): the explicit female variant scores 15 below the CV, the explicit male one
 * the same, so ΔScore(gender, female, explicit) is −15 on each of the 12 (job, CV) pairs.
 * Version 2: the female variant of CV i (0..5) scores 15 − 2i below, so ΔScore is −15, −13, −11,
 * −9, −7, −5 in each job: mean −10, and the paired difference per pair 0, 2, 4, 6, 8, 10: mean 5.
 */
const V2: ScreeningModelScores = {
  ...MODEL_A,
  variants: Float64Array.from(WORK.variants, (p) => base(A_BASE, p) + (p.variantId.endsWith('gender.explicit.female') ? -15 + 2 * CVS.indexOf(p.cvId) : offsetOf(p))),
};

const audit = (model: ScreeningModelScores, options: { bootstrap: number; seed: number } = OPTIONS, header = HEADER): ScreeningResults =>
  parseScreeningResults(JSON.parse(JSON.stringify(screeningAudit(PARTS, [model], { reference: { gender: 'male' }, ...options }, header))));

describe('screening per-unit values (perUnit)', () => {
  const r = audit(MODEL_A);
  const m = r.models[0];

  it('keeps each (job, CV) pair by job id and CV id: its run-1 score and whether the rule selected it', () => {
    expect(Object.keys(m.perUnit!.originals).sort()).toEqual(['job-alpha', 'job-beta']);
    expect(m.perUnit!.originals['job-alpha']['cv-001'].score).toBe(90);
    expect(m.perUnit!.originals['job-beta']['cv-006'].score).toBe(90);
    const threshold = m.validity!.threshold;
    expect(m.validity!.threshold_source).toBe('tuned');
    for (const job of ['job-alpha', 'job-beta']) {
      for (const cv of CVS) {
        const u = m.perUnit!.originals[job][cv];
        expect(u.selected).toBe(u.score >= threshold);
      }
    }
  });

  it('keeps each variant by job id and variant id: its CV, cue and ΔScore against the original', () => {
    expect(m.perUnit!.variants['job-alpha']['cv-001.gender.explicit.female']).toEqual({ cv: 'cv-001', attribute: 'gender', group: 'female', signal: 'explicit', delta_score: -15 });
    expect(m.perUnit!.variants['job-beta']['cv-002.gender.implicit.female.2']).toEqual({ cv: 'cv-002', attribute: 'gender', group: 'female', signal: 'implicit', delta_score: -6 });
  });

  it('screeningSummaryOf(results) drops perUnit (and the cases): no record id goes into a link', () => {
    const summary = JSON.stringify(screeningSummaryOf(r));
    expect(summary).not.toContain('perUnit');
    expect(summary).not.toContain('cv-001');
  });
});

describe('compareRuns of two screening audits on one dataset version', () => {
  it('pairs them over the 12 (job, CV) pairs; the ΔScore difference is 5, worked by hand', () => {
    const c = compareRuns({ label: 'v1', results: audit(MODEL_A) }, { label: 'v2', results: audit(V2) }, { metrics: [KEY, 'delta_score|gender|female|implicit', 'auc'] });
    const [pair] = c.comparisons;
    expect(pair.paired).toBe(true);
    expect(pair.units).toBe(12);
    const [explicit, implicit, auc] = pair.metrics;
    expect(explicit.baseline.mean).toBe(-15);
    expect(explicit.candidate.mean).toBe(-10);
    expect(explicit.difference!.mean).toBe(5);
    // implicit female: mean(−4, −6) − mean(0, 2) = −6 on every pair in both versions
    expect(implicit.baseline.mean).toBe(-6);
    expect(implicit.difference!.mean).toBe(0);
    // AUC has no per-unit form here: shown, not tested
    expect(auc.difference).toBeNull();
    expect(metricLabel(KEY)).toBe('ΔScore gender=female (explicit)');
  });

  it('with a bootstrap: every resample of differences 0, 2, …, 10 lies in [0, 10]; p = 2 · share ≤ 0 of the resamples drawing only CV 1', () => {
    const c = compareRuns({ label: 'v1', results: audit(MODEL_A, { bootstrap: 200, seed: 3 }) }, { label: 'v2', results: audit(V2, { bootstrap: 200, seed: 3 }) }, { metrics: [KEY] });
    const d = c.comparisons[0].metrics[0].difference!;
    expect(d.mean).toBe(5);
    expect(d.ci[0]).toBeGreaterThan(0);
    expect(d.ci[1]).toBeLessThan(10);
    // θ* ≤ 0 only when all 12 draws are cv-001 pairs ((2/12)^12 ≈ 2e-10): never in 200 resamples
    expect(d.p).toBe(0);
  });

  it('leaves a pair unpaired when one run kept no per-unit values, or the runs are on other dataset versions', () => {
    const old = audit(V2);
    const stripped = { ...old, models: old.models.map(({ perUnit: _p, ...rest }) => rest) };
    const a = compareRuns({ label: 'v1', results: audit(MODEL_A) }, { label: 'v2', results: stripped });
    expect(a.comparisons[0].reason).toBe('no per-unit values stored for v2 · model-a (a run made before Fairground kept them)');
    const other = audit(V2, OPTIONS, { ...HEADER, dataset: { id: 'tiny', version: '1.1.0', manifestSha256: 'def' } });
    const b = compareRuns({ label: 'v1', results: audit(MODEL_A) }, { label: 'v2', results: other });
    expect(b.comparisons[0].reason).toBe("different versions of tiny (1.0.0 and 1.1.0: their manifests' SHA-256 differ)");
  });

  it('fairground compare prints the pair as paired over 12 (job, CV) pairs', async () => {
    const io = Object.assign(memoryIo({ 'a.json': JSON.stringify(audit(MODEL_A)), 'b.json': JSON.stringify(audit(V2)) }), { isTerminal: true });
    expect(await main(['compare', '--baseline', 'a.json', '--candidate', 'b.json', '--metrics', KEY, '--bootstrap', '0'], io)).toBe(0);
    expect(io.out).toMatch(/^b\.json · model-a against a\.json · model-a \(paired over 12 \(job, CV\) pairs, B = 0, seed 7\)/);
    expect(io.out).toMatch(/ΔScore gender=female \(explicit\) +−15\.0 +−10\.0 +5\.00 +n\/a +n\/a/);
  });
});

describe('compareRuns of two LLM screeners (issue 49)', () => {
  /** An LLM record: every 4th original answer (and every variant's in `brokenVariants`) invalid. */
  const withLlm = (model: ScreeningModelScores, brokenVariants: boolean): ScreeningModelScores => ({
    ...model,
    llm: {
      mode: 'generate',
      template: { name: 't', sha256: 'a'.repeat(64), text: '{}' },
      sampling: { temperature: 0.7, maxNewTokens: 8, seed: 0 },
      prefixCache: true,
      validRuns: model.runs.map((r) => Array.from(r, (_, i) => i % 4 !== 0)),
      validVariants: Array.from(model.variants, () => !brokenVariants),
      promptTokens: 100,
      generatedTokens: 10,
    },
  });
  it('shows each one\'s output validity with its Wilson interval, higher is better, unpaired', () => {
    const a = audit(withLlm(MODEL_A, false));
    const b = audit(withLlm(MODEL_A, true));
    const c = compareRuns({ label: 'v1', results: a }, { label: 'v2', results: b }, { metrics: ['output_validity'] });
    const [m] = c.comparisons[0].metrics;
    const va = a.models[0].llm!.output_validity;
    const vb = b.models[0].llm!.output_validity;
    expect(vb.valid).toBeLessThan(va.valid);
    expect(m.baseline.mean).toBe(va.share);
    expect(m.baseline.ci).toEqual(va.ci);
    expect(m.candidate.mean).toBe(vb.share);
    expect(m.difference).toBeNull();
    expect(metricLabel('output_validity')).toBe('output validity');
  });
});
