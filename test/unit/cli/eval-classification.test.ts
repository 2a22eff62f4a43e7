import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { memoryIo } from './memoryIo.ts';

// Two jobs. j1: a(FIT, 90) b(not, 60) c(FIT, 40); j2: d(not, 70) e(FIT, 70) f(not, 10).
const PRED = ['id\tgroup\tlabel\tscore', 'a\tj1\t1\t90', 'b\tj1\t0\t60', 'c\tj1\t1\t40', 'd\tj2\t0\t70', 'e\tj2\t1\t70', 'f\tj2\t0\t10', ''].join('\n');

async function run(argv: string[], files: Record<string, string>) {
  const io = memoryIo(files);
  const code = await main(['eval', 'classification', ...argv], io);
  return { code, io, json: code === 0 ? JSON.parse(io.out) : undefined };
}

describe('fairground eval classification', () => {
  it('eval classification --pred --threshold 50 --k 1 prints the documented keys', async () => {
    const { code, io, json } = await run(['--pred', 'p.tsv', '--threshold', '50', '--k', '1'], { 'p.tsv': PRED });
    expect(code).toBe(0);
    expect(io.err).toBe('');
    // pooled: FIT {90, 40, 70} vs not {60, 70, 10}: 90 → 3; 40 → 1; 70 → 1 + ½ + 1 = 2.5 → 6.5/9
    expect(json.auc).toBeCloseTo(6.5 / 9, 15);
    // s ≥ 50: a, b, d, e predicted FIT → tp 2 (a, e), fn 1 (c), fp 2 (b, d), tn 1 (f)
    expect(json.confusion.counts).toEqual([[1, 2], [1, 2]]);
    expect(json.confusion.row_percent[1]).toEqual([100 / 3, 200 / 3]);
    expect(json.balanced_accuracy).toBeCloseTo((2 / 3 + 1 / 3) / 2, 15);
    // F1(1) = 4/(4+2+1) = 4/7; F1(0) = 2/(2+1+2) = 2/5
    expect(json.macro_f1).toBeCloseTo((4 / 7 + 2 / 5) / 2, 15);
    // j1 top 1 = a (FIT) → 1; j2 tie 70: e > d → e (FIT) → 1
    expect(json['precision@1']).toBe(1);
    expect(json.random_baseline).toBeCloseTo((2 / 3 + 1 / 3) / 2, 15);
    expect(json.threshold).toBe(50);
    expect(json.n_jobs).toBe(2);
  });

  it('eval classification --tune F uses the threshold tuned on the tune split', async () => {
    const tune = 'x\tj\t0\t20\ny\tj\t1\t65\nz\tj\t0\t80\nw\tj\t1\t95\n';
    // candidates 20 (.5), 65 (.75), 80 (.5), 95 (.75) → 65
    const { json } = await run(['--pred', 'p.tsv', '--tune', 't.tsv'], { 'p.tsv': PRED, 't.tsv': tune });
    expect(json.threshold).toBe(65);
    expect(json.confusion.counts).toEqual([[2, 1], [1, 2]]);
  });

  it('eval classification reports AUC null for a single-class label set', async () => {
    const { code, json } = await run(['--pred', 'p.tsv'], { 'p.tsv': 'a\tj\t1\t10\nb\tj\t1\t70\n' });
    expect(code).toBe(0);
    expect(json.auc).toBeNull();
    expect(json.threshold).toBe(50);
  });

  it('eval classification --bootstrap B --seed S resamples jobs and gives {mean, ci}', async () => {
    const { json } = await run(['--pred', 'p.tsv', '--k', '1', '--bootstrap', '100', '--seed', '1'], { 'p.tsv': PRED });
    expect(json.auc.mean).toBeCloseTo(6.5 / 9, 15);
    expect(json['precision@1']).toEqual({ mean: 1, ci: [1, 1] });
    // resampled jobs: {j1, j1} → 1/3 … {j2, j2} → 1/3; random baseline ci within [1/3, 2/3]
    expect(json.random_baseline.ci[0]).toBeGreaterThanOrEqual(1 / 3 - 1e-12);
    expect(json.random_baseline.ci[1]).toBeLessThanOrEqual(2 / 3 + 1e-12);
    expect(typeof json.threshold).toBe('number');
  });

  // The reference model separates the classes in both jobs: AUC 1.
  const REF = ['a\tj1\t1\t90', 'b\tj1\t0\t20', 'c\tj1\t1\t80', 'd\tj2\t0\t30', 'e\tj2\t1\t85', 'f\tj2\t0\t10', ''].join('\n');

  it('eval classification --reference-scores F adds ΔAUC = AUC − AUC(reference) on the same rows', async () => {
    const { code, json } = await run(['--pred', 'p.tsv', '--reference-scores', 'r.tsv'], { 'p.tsv': PRED, 'r.tsv': REF });
    expect(code).toBe(0);
    expect(json.delta_auc).toBeCloseTo(6.5 / 9 - 1, 15);
    expect(json).not.toHaveProperty('chance'); // no CI, nothing to test against chance
  });

  it('eval classification --reference-scores F --bootstrap B marks ΔAUC by its CI excluding 0, with its p', async () => {
    // resampled jobs: {j1, j1} → 0.5 − 1, {j2, j2} → 0.75 − 1, {j1, j2} → 6.5/9 − 1: always below 0
    const { json } = await run(['--pred', 'p.tsv', '--reference-scores', 'r.tsv', '--k', '1', '--bootstrap', '200', '--seed', '2'], { 'p.tsv': PRED, 'r.tsv': REF });
    expect(json.delta_auc.mean).toBeCloseTo(6.5 / 9 - 1, 15);
    expect(json.delta_auc.ci[0]).toBeCloseTo(-0.5, 15);
    expect(json.delta_auc.ci[1]).toBeCloseTo(-0.25, 15);
    expect(json.delta_auc.p).toBe(0);
    expect(json.delta_auc.significant).toBe(true);
  });

  it('eval classification --bootstrap B reports which metrics exclude chance: 0.5, and the random baseline for precision@k', async () => {
    const { json } = await run(['--pred', 'p.tsv', '--k', '1', '--bootstrap', '200', '--seed', '2'], { 'p.tsv': PRED });
    // AUC over resampled jobs is 0.5 ({j1, j1}), 0.75 or 6.5/9: its CI starts at 0.5, which it does not exclude
    expect(json.chance.auc).toEqual({ level: 0.5, excluded: false });
    // precision@1 is 1 in every resample, against the base rate (2/3 + 1/3)/2 = 0.5
    expect(json.chance['precision@1'].level).toBeCloseTo(0.5, 15);
    expect(json.chance['precision@1'].excluded).toBe(true);
  });

  it('eval classification --reference-scores exits 2 naming the file for a row it lacks, an extra row, or another label', async () => {
    const cases: [string, RegExp][] = [
      [REF.split('\n').slice(1).join('\n'), /^fairground: r\.tsv: no reference score for id "a" in group "j1"/],
      [`${REF}g\tj2\t0\t5\n`, /^fairground: r\.tsv: the reference scores have id "g" in group "j2", which the predictions lack/],
      [REF.replace('a\tj1\t1', 'a\tj1\t0'), /^fairground: r\.tsv: id "a" in group "j1" has label 0 in the reference scores and 1 in the predictions/],
    ];
    for (const [text, message] of cases) {
      const { code, io } = await run(['--pred', 'p.tsv', '--reference-scores', 'r.tsv'], { 'p.tsv': PRED, 'r.tsv': text });
      expect(code).toBe(2);
      expect(io.err).toMatch(message);
    }
  });

  it('eval classification exits 2 with file:line for a non-numeric score, a bad label, or a short row', async () => {
    const cases: [string, RegExp][] = [
      ['a\tj\t1\t10\nb\tj\t0\thigh\n', /^fairground: p\.tsv:2: score is not a number: "high"\n$/],
      ['a\tj\t1\t10\nb\tj\tFIT\t3\n', /^fairground: p\.tsv:2: label must be 0 or 1/],
      ['a\tj\t1\t10\n\nb\tj\t0\n', /^fairground: p\.tsv:3: short row/],
      ['a\tj\t1\t10\na\tj\t0\t3\n', /^fairground: p\.tsv:2: id "a" appears twice/],
    ];
    for (const [text, message] of cases) {
      const { code, io } = await run(['--pred', 'p.tsv'], { 'p.tsv': text });
      expect(code).toBe(2);
      expect(io.out).toBe('');
      expect(io.err).toMatch(message);
    }
  });

  it('eval classification exits 2 for an empty file, a single-class tune split, or both --threshold and --tune', async () => {
    const empty = await run(['--pred', 'p.tsv'], { 'p.tsv': '' });
    expect(empty.code).toBe(2);
    expect(empty.io.err).toMatch(/^fairground: p\.tsv: empty file/);
    const single = await run(['--pred', 'p.tsv', '--tune', 't.tsv'], { 'p.tsv': PRED, 't.tsv': 'x\tj\t1\t3\n' });
    expect(single.io.err).toMatch(/^fairground: t\.tsv: the tune split needs both/);
    const both = await run(['--pred', 'p.tsv', '--tune', 't.tsv', '--threshold', '3'], { 'p.tsv': PRED, 't.tsv': PRED });
    expect(both.code).toBe(2);
    expect(both.io.out).toBe('');
  });
});
