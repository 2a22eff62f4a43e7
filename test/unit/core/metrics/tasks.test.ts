import { describe, expect, it } from 'vitest';
import { lcsLength, rougeLChar } from '../../../../src/core/metrics/rougeL.ts';
import { spanMicroF1 } from '../../../../src/core/metrics/spanF1.ts';
import { pathScore } from '../../../../src/core/metrics/pathScore.ts';
import { balancedAccuracyBinary, macroF1Labels } from '../../../../src/core/metrics/labelScores.ts';
import { isPermutation, rankingGroupScore, retrievalGroupScore } from '../../../../src/core/metrics/groupRanking.ts';
import { scoreTask, scoreTasks, type TaskDeclaration } from '../../../../src/core/metrics/tasks.ts';

describe('rougeLChar(prediction, reference)', () => {
  it('is the LCS F-measure over characters', () => {
    expect(lcsLength([...'abcde'], [...'ace'])).toBe(3);
    expect(rougeLChar('abcd', 'abed')).toBe(0.75); // LCS abd: P = R = 3/4
    expect(rougeLChar('ab', 'abcd')).toBeCloseTo((2 * 1 * 0.5) / 1.5, 15); // P 1, R 1/2
  });
  it('needs no tokenisation for Chinese text', () => {
    expect(rougeLChar('招聘经理', '招聘主管')).toBe(0.5);
  });
  it('is 0 with nothing in common or one side empty, and 1 for two empty texts', () => {
    expect(rougeLChar('abc', 'xyz')).toBe(0);
    expect(rougeLChar('', 'abc')).toBe(0);
    expect(rougeLChar('', '')).toBe(1);
  });
});

describe('spanMicroF1(items)', () => {
  const s = (type: string, start: number, end: number) => ({ type, start, end });
  it('counts only exact (type, start, end) matches, summed over the corpus', () => {
    const items = [
      { predicted: [s('SKILL', 0, 4), s('ORG', 5, 9)], reference: [s('SKILL', 0, 4), s('ORG', 5, 10)] },
      { predicted: [], reference: [s('SKILL', 1, 2)] },
    ];
    // TP 1, predicted 2, reference 3: F1 = 2/(2 + 3)
    expect(spanMicroF1(items)).toBeCloseTo(0.4, 15);
  });
  it('is 1 when nothing is predicted or expected', () => {
    expect(spanMicroF1([{ predicted: [], reference: [] }])).toBe(1);
  });
});

describe('pathScore(prediction, reference)', () => {
  it('is the correct prefix length over the reference depth', () => {
    expect(pathScore(['IT', 'Software', 'Backend'], ['IT', 'Software', 'Frontend'])).toBeCloseTo(2 / 3, 15);
    expect(pathScore(['Health', 'Software'], ['IT', 'Software'])).toBe(0); // a wrong root ends the prefix
    expect(pathScore(['IT', 'Software', 'X'], ['IT'])).toBe(1);
    expect(() => pathScore(['IT'], [])).toThrow(RangeError);
  });
});

describe('balancedAccuracyBinary(predictions, references)', () => {
  it('maps invalid outputs to 0', () => {
    // positives: 1 ok, 'maybe' → 0 wrong; negative: 0 ok → (1/2 + 1)/2
    expect(balancedAccuracyBinary([1, 'maybe', 0], [1, 1, 0])).toBe(0.75);
    expect(balancedAccuracyBinary([null, 'yes'], [0, 0])).toBe(1); // one class present
  });
});

describe('macroF1Labels(predictions, references)', () => {
  it('averages per-class F1 over the reference classes', () => {
    expect(macroF1Labels(['a', 'b', 'b'], ['a', 'a', 'b'])).toBeCloseTo(2 / 3, 15); // F1 a = 2/3, b = 2/3
    // an invalid output is wrong for its item and adds no class: a: TP 1, FN 1 → 2/3; b: TP 1 → 1
    expect(macroF1Labels(['a', '???', 'b'], ['a', 'a', 'b'])).toBeCloseTo((2 / 3 + 1) / 2, 15);
  });
});

describe('retrievalGroupScore(predicted, relevant)', () => {
  it('is the mean of Recall@3, Recall@10 and MRR@10', () => {
    expect(retrievalGroupScore(['x', 'a', 'y', 'b'], ['a', 'b'])).toBeCloseTo((0.5 + 1 + 0.5) / 3, 15);
  });
  it('lets a repeated identifier occupy a slot with zero relevance', () => {
    // a, a, a, b: the repeats push b to slot 4, out of the top 3
    expect(retrievalGroupScore(['a', 'a', 'a', 'b'], ['a', 'b'])).toBeCloseTo((0.5 + 1 + 1) / 3, 15);
  });
  it('is 0 when nothing relevant is in the first 10', () => {
    expect(retrievalGroupScore([...'cdefghijkl', 'a'], ['a'])).toBe(0);
  });
});

describe('rankingGroupScore(predicted, positive, candidates)', () => {
  it('is 1/log2(r + 1) for the positive at slot r ≤ 5', () => {
    expect(rankingGroupScore(['b', 'a', 'c'], 'a', ['a', 'b', 'c'])).toBeCloseTo(1 / Math.log2(3), 15);
    expect(rankingGroupScore([...'bcdefa'], 'a', [...'abcdef'])).toBe(0); // slot 6
  });
  it('scores an incomplete or repeated permutation 0', () => {
    expect(rankingGroupScore(['a', 'b'], 'a', ['a', 'b', 'c'])).toBe(0);
    expect(rankingGroupScore(['a', 'a', 'b'], 'a', ['a', 'b', 'c'])).toBe(0);
    expect(isPermutation(['c', 'a', 'b'], ['a', 'b', 'c'])).toBe(true);
  });
});

describe('scoreTask(kind, records) and scoreTasks(tasks)', () => {
  it('scores a generation output of the wrong type as empty text', () => {
    expect(scoreTask('generation', [{ id: '1', prediction: 42, reference: 'abc' }])).toBe(0);
  });
  it('averages tasks into capabilities and capabilities into Overall', () => {
    const t = (name: string, kind: TaskDeclaration['kind'], capability: TaskDeclaration['capability']) => ({ name, kind, capability });
    const report = scoreTasks([
      { task: t('gen', 'generation', 'Generation'), records: [{ id: '1', prediction: 'abcd', reference: 'abed' }] }, // 75
      { task: t('fit', 'binary', 'Classification'), records: [{ id: '1', prediction: 1, reference: 1 }, { id: '2', prediction: 1, reference: 0 }] }, // 50
      { task: t('path', 'path', 'Classification'), records: [{ id: '1', prediction: ['a'], reference: ['a', 'b'] }] }, // 50
      { task: t('rank', 'ranking', 'Ranking'), records: [{ id: '1', prediction: ['p', 'n'], reference: 'p', candidates: ['n', 'p'] }] }, // 100
    ]);
    expect(report.tasks.gen.score).toBe(75);
    expect(report.capabilities).toEqual({ Generation: 75, Classification: 50, Ranking: 100 });
    expect(report.overall).toBe(75); // (75 + 50 + 100)/3
    expect(report.missingCapabilities).toEqual(['Extraction', 'Retrieval', 'STS']);
  });
  it('throws for a task declared twice', () => {
    const task = { name: 'a', kind: 'generation' as const, capability: 'Generation' as const };
    const records = [{ id: '1', prediction: '', reference: '' }];
    expect(() => scoreTasks([{ task, records }, { task, records }])).toThrow(/twice/);
  });
});
