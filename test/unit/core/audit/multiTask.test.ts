import { describe, expect, it } from 'vitest';
import { multiTaskResults } from '../../../../src/core/audit/multiTask.ts';
import { poolSizeBin } from '../../../../src/core/audit/multiTaskSlices.ts';
import { prepareTask, weightedTaskScore } from '../../../../src/core/metrics/taskStatistic.ts';
import { scoreTask, type TaskDeclaration, type TaskKind, type TaskPredictions, type TaskRecord } from '../../../../src/core/metrics/tasks.ts';
import { taskBaselines } from '../../../../src/core/metrics/taskBaselines.ts';
import { parseTaskRecords } from '../../../../src/core/formats/predictions.ts';

const task = (name: string, kind: TaskKind, capability: TaskDeclaration['capability'], records: TaskRecord[], composite?: TaskDeclaration['composite']): TaskPredictions => ({
  task: { name, kind, capability, ...(composite ? { composite } : {}) },
  records,
});
const ones = (n: number) => new Uint32Array(n).fill(1);

describe('the published baselines: 361 groups of 8 candidates, one positive each', () => {
  // the positive at slot p (1..8) in input order; counts chosen freely, summing to 361
  const counts = [60, 50, 45, 45, 40, 41, 40, 40];
  const records: TaskRecord[] = [];
  counts.forEach((count, p) => {
    for (let g = 0; g < count; g++) {
      const candidates = Array.from({ length: 8 }, (_, j) => `g${p}-${g}-c${j}`);
      records.push({ id: `g${p}-${g}`, prediction: null, reference: candidates[p], candidates });
    }
  });
  const b = taskBaselines(task('shortlist', 'ranking', 'Ranking', records))!;
  it('the uniform-permutation nDCG@5 is 36.86', () => {
    expect(records.length).toBe(361);
    expect(b.random.toFixed(2)).toBe('36.86'); // (1/8)·Σ_{r=1..5} 1/log2(r+1) = 2.94846/8
  });
  it('the input-order score follows from the positive-position counts', () => {
    // nDCG@5 of a single positive at p is 1/log2(p+1) for p ≤ 5, else 0
    const byHand = (100 * (60 * 1 + 50 / Math.log2(3) + 45 / 2 + 45 / Math.log2(5) + 40 / Math.log2(6))) / 361;
    expect(b.input_order).toBeCloseTo(byHand, 12);
  });
});

describe('weightedTaskScore(prepareTask(t, rule), weights)', () => {
  const kinds: TaskPredictions[] = [
    task('g', 'generation', 'Generation', [{ id: '1', prediction: 'abcd', reference: 'abed' }, { id: '2', prediction: 7, reference: 'x' }]),
    task('s', 'span', 'Extraction', [
      { id: '1', prediction: [{ type: 'A', start: 0, end: 2 }], reference: [{ type: 'A', start: 0, end: 2 }, { type: 'B', start: 3, end: 4 }] },
      { id: '2', prediction: [{ type: 'A', start: 1, end: 2 }], reference: [] },
    ]),
    task('b', 'binary', 'Classification', [{ id: '1', prediction: 1, reference: 1 }, { id: '2', prediction: 'x', reference: 1 }, { id: '3', prediction: 0, reference: 0 }]),
    task('c', 'similarity', 'STS', [{ id: '1', prediction: 'a', reference: 'a' }, { id: '2', prediction: 'b', reference: 'a' }, { id: '3', prediction: 'z', reference: 'b' }]),
  ];
  it('at weights all 1 under the worst rule equals scoreTask', () => {
    for (const t of kinds) expect(100 * weightedTaskScore(prepareTask(t, 'worst'), ones(t.records.length))).toBeCloseTo(scoreTask(t.task.kind, t.records), 12);
  });
  it('with multiplicities equals scoreTask on the records repeated', () => {
    const w = Uint32Array.of(3, 0, 2);
    for (const t of kinds) {
      const repeated = t.records.flatMap((r, i) => Array.from({ length: w[i] ?? 0 }, () => r));
      if (repeated.length === 0) continue;
      expect(100 * weightedTaskScore(prepareTask(t, 'worst'), w)).toBeCloseTo(scoreTask(t.task.kind, repeated), 12);
    }
  });
});

describe('missing and invalid outputs, benchmark rule against worst', () => {
  const tasks = [
    // generation: a missing output is left out (benchmark) or scores 0 (worst)
    task('g', 'generation', 'Generation', [{ id: '1', prediction: 'abcd', reference: 'abed' }, { id: '2', prediction: null, reference: 'x' }]),
    // binary: missing left out; an invalid output is the negative class under both
    task('b', 'binary', 'Classification', [
      { id: '1', prediction: 1, reference: 1 }, { id: '2', prediction: 'maybe', reference: 1 }, { id: '3', prediction: 0, reference: 0 }, { id: '4', prediction: undefined, reference: 0 },
    ]),
    // ranking: an incomplete permutation scores 0 under both
    task('k', 'ranking', 'Ranking', [{ id: '1', prediction: ['a'], reference: 'a', candidates: ['a', 'b'] }, { id: '2', prediction: ['a', 'b'], reference: 'a', candidates: ['a', 'b'] }]),
  ];
  const bench = multiTaskResults(tasks, { resamples: 0, seed: 0, missing: 'benchmark' });
  const worst = multiTaskResults(tasks, { resamples: 0, seed: 0, missing: 'worst' });
  it('leaves a missing generation output out, and counts it', () => {
    expect(bench.tasks.g).toMatchObject({ score: 75, n: 1, n_left_out: 1 });
    expect(worst.tasks.g).toMatchObject({ score: 37.5, n: 2, n_left_out: 0 });
  });
  it('counts an invalid binary output as wrong but leaves a missing one out', () => {
    expect(bench.tasks.b.score).toBeCloseTo(100 * (0.5 + 1) / 2, 12); // TPR 1/2, TNR 1/1
    // worst: a missing answer is a failure, not the negative class (issue 27): TPR 1/2, TNR 1/2
    expect(worst.tasks.b.score).toBeCloseTo(100 * (0.5 + 0.5) / 2, 12);
    expect(bench.tasks.b.n_left_out).toBe(1);
  });
  it('scores an incomplete ranking permutation 0 under both rules', () => {
    expect(bench.tasks.k.score).toBe(50);
    expect(worst.tasks.k.score).toBe(50);
  });
  it('states how Overall moves between the rules (the refusal-sensitivity line)', () => {
    const overallBench = (75 + 75 + 50) / 3;
    const overallWorst = (37.5 + 50 + 50) / 3;
    expect(bench.refusal_sensitivity.benchmark).toBeCloseTo(overallBench, 12);
    expect(bench.refusal_sensitivity.worst).toBeCloseTo(overallWorst, 12);
    expect(bench.refusal_sensitivity.difference).toBeCloseTo(overallWorst - overallBench, 12);
    expect(worst.refusal_sensitivity).toEqual(bench.refusal_sensitivity);
  });
  it('leaves a missing span output out (not "no spans"), and under worst scores it as no spans', () => {
    const spans = task('s', 'span', 'Extraction', [
      { id: '1', prediction: [{ type: 'A', start: 0, end: 2 }], reference: [{ type: 'A', start: 0, end: 2 }] },
      { id: '2', prediction: null, reference: [{ type: 'A', start: 3, end: 5 }] },
    ]);
    expect(multiTaskResults([spans], { resamples: 0, seed: 0, missing: 'benchmark' }).tasks.s).toMatchObject({ score: 100, n: 1, n_left_out: 1 });
    // worst: tp 1, predicted 1, reference 2 → F1 = 2/3
    expect(multiTaskResults([spans], { resamples: 0, seed: 0, missing: 'worst' }).tasks.s.score).toBeCloseTo(200 / 3, 12);
  });
  it('keeps a retrieval group whose output is missing and scores it 0, under both rules', () => {
    const r = task('r', 'retrieval', 'Retrieval', [{ id: '1', prediction: ['d1'], reference: ['d1'] }, { id: '2', prediction: null, reference: ['d2'] }, { id: '3', prediction: undefined, reference: ['d3'] }]);
    for (const missing of ['benchmark', 'worst'] as const) {
      const t = multiTaskResults([r], { resamples: 0, seed: 0, missing }).tasks.r;
      expect(t).toMatchObject({ n: 3, n_left_out: 0 });
      expect(t.score).toBeCloseTo(100 / 3, 12);
    }
  });
  it('omits an empty generation output under the benchmark rule, scores it 0 under worst', () => {
    const g = task('g', 'generation', 'Generation', [{ id: '1', prediction: 'ab', reference: 'ab' }, { id: '2', prediction: '', reference: 'x' }, { id: '3', prediction: '  ', reference: 'y' }]);
    expect(multiTaskResults([g], { resamples: 0, seed: 0, missing: 'benchmark' }).tasks.g).toMatchObject({ score: 100, n: 1, n_left_out: 2 });
    expect(multiTaskResults([g], { resamples: 0, seed: 0, missing: 'worst' }).tasks.g.n).toBe(3);
    expect(multiTaskResults([g], { resamples: 0, seed: 0, missing: 'worst' }).tasks.g.score).toBeCloseTo(100 / 3, 12);
  });
  it('gives both rules their own Overall when one rule leaves a capability with no score', () => {
    // Every generation output missing: the benchmark rule has no Generation capability, worst scores it 0.
    const tasks2 = [task('g', 'generation', 'Generation', [{ id: '1', prediction: null, reference: 'x' }]), tasks[2]];
    const benchmark = 50; // Ranking alone
    const worstOverall = (0 + 50) / 2;
    for (const missing of ['benchmark', 'worst'] as const) {
      const r = multiTaskResults(tasks2, { resamples: 0, seed: 0, missing });
      expect(r.overall).toBe(missing === 'benchmark' ? benchmark : worstOverall);
      expect(r.refusal_sensitivity).toEqual({ benchmark, worst: worstOverall, difference: worstOverall - benchmark });
    }
  });
  it('a task whose every output is missing has no score and leaves its capability out', () => {
    const r = multiTaskResults([task('g', 'generation', 'Generation', [{ id: '1', prediction: null, reference: 'x' }]), tasks[2]], { resamples: 0, seed: 0, missing: 'benchmark' });
    expect(r.tasks.g.score).toBeUndefined();
    expect(r.missing_capabilities).toContain('Generation');
    expect(r.overall).toBe(50);
  });
});

describe('composite generation scores', () => {
  const lines = [
    '{"id": 1, "prediction": "abcd", "reference": "abed", "rubric": 0.5, "verdict": "FIT", "reference_verdict": "FIT"}',
    '{"id": 2, "prediction": "ab", "reference": "ab", "rubric": 1, "verdict": "NO", "reference_verdict": "FIT"}',
  ].join('\n');
  it('fit analysis is 0.5·V + 0.3·ROUGE-L + 0.2·J, components shown', () => {
    const t = task('fa', 'generation', 'Generation', parseTaskRecords('generation', lines, 'fit-analysis'), 'fit-analysis');
    const r = multiTaskResults([t], { resamples: 0, seed: 0, missing: 'benchmark' }).tasks.fa;
    // ROUGE-L 0.75 and 1 → 87.5; J 0.5 and 1 → 75; V 1 and 0 → 50
    expect(r.components).toEqual({ rouge_l: 87.5, rubric: 75, verdict_accuracy: 50 });
    expect(r.score).toBeCloseTo(0.5 * 50 + 0.3 * 87.5 + 0.2 * 75, 12);
  });
  it('JD generation is 0.6·ROUGE-L + 0.4·J', () => {
    const t = task('jd', 'generation', 'Generation', parseTaskRecords('generation', lines, 'jd-generation'), 'jd-generation');
    const r = multiTaskResults([t], { resamples: 0, seed: 0, missing: 'benchmark' }).tasks.jd;
    expect(r.components).toEqual({ rouge_l: 87.5, rubric: 75 });
    expect(r.score).toBeCloseTo(0.6 * 87.5 + 0.4 * 75, 12);
  });
  it('a composite line without its rubric is an input error', () => {
    expect(() => parseTaskRecords('generation', '{"id": 1, "prediction": "a", "reference": "a"}', 'jd-generation')).toThrow(/"rubric"/);
  });
});

describe('bootstrap CIs of tasks, capabilities and Overall', () => {
  const gen = task('g', 'generation', 'Generation', Array.from({ length: 30 }, (_, i) => ({ id: `${i}`, prediction: 'abcd'.slice(0, 1 + (i % 4)), reference: 'abcd', entities: [`cv${i % 10}`] })));
  const rank = task('k', 'ranking', 'Ranking', Array.from({ length: 20 }, (_, i) => ({ id: `${i}`, prediction: i % 3 ? ['a', 'b'] : ['b', 'a'], reference: 'a', candidates: ['a', 'b'], entities: [`cv${i % 10}`] })));
  const r = multiTaskResults([gen, rank], { resamples: 1000, seed: 5, missing: 'benchmark' });
  it('records the seed and the resampling unit', () => {
    expect(r.bootstrap).toEqual({ resamples: 1000, seed: 5, level: 0.95, unit: 'components' });
  });
  it('puts every point score inside its CI, and the same seed gives the same CIs', () => {
    for (const t of Object.values(r.tasks)) expect(t.ci![0] <= t.score! && t.score! <= t.ci![1]).toBe(true);
    expect(r.overall_ci![0] <= r.overall! && r.overall! <= r.overall_ci![1]).toBe(true);
    expect(multiTaskResults([gen, rank], { resamples: 1000, seed: 5, missing: 'benchmark' }).overall_ci).toEqual(r.overall_ci);
    expect(r.capability_cis!.Ranking).toEqual(r.tasks.k.ci);
  });
});

describe('slices', () => {
  it('bins pools as 1–8, 9–16, 17+', () => {
    expect([1, 8, 9, 16, 17].map(poolSizeBin)).toEqual(['1-8', '1-8', '9-16', '9-16', '17+']);
  });
  it('reports a single-class binary slice as recall or rejection rate', () => {
    const t = task('b', 'binary', 'Classification', [
      { id: '1', prediction: 1, reference: 1, source: 'web' }, { id: '2', prediction: 0, reference: 1, source: 'web' },
      { id: '3', prediction: 0, reference: 0, source: 'agency' }, { id: '4', prediction: 0, reference: 0, source: 'agency' }, { id: '5', prediction: 1, reference: 0, source: 'mixed' }, { id: '6', prediction: 1, reference: 1, source: 'mixed' },
    ]);
    const s = multiTaskResults([t], { resamples: 0, seed: 0, missing: 'benchmark' }).tasks.b.slices!.source!;
    expect(s.web).toEqual({ score: 50, metric: 'recall', n: 2 });
    expect(s.agency).toEqual({ score: 100, metric: 'rejection_rate', n: 2 });
    expect(s.mixed).toEqual({ score: 50, metric: 'balanced_accuracy', n: 2 });
  });
  it('slices a ranking task by pool size', () => {
    const cands = (n: number) => Array.from({ length: n }, (_, j) => `c${j}`);
    const t = task('k', 'ranking', 'Ranking', [
      { id: '1', prediction: cands(3), reference: 'c0', candidates: cands(3) },
      { id: '2', prediction: cands(20), reference: 'c19', candidates: cands(20) },
    ]);
    const s = multiTaskResults([t], { resamples: 0, seed: 0, missing: 'benchmark' }).tasks.k.slices!.pool_size!;
    expect(s).toEqual({ '1-8': { score: 100, metric: 'ndcg@5', n: 1 }, '17+': { score: 0, metric: 'ndcg@5', n: 1 } });
  });
});
