import { describe, expect, it } from 'vitest';
import { checkRules, comparedRows, parseRule, rulesOf } from '../../../../../src/core/audit/compare/index.ts';
import { model, results } from './fixtures.ts';

describe('parseRule(text)', () => {
  it('reads metric, operator and a number or a baseline bound; metric names are case-insensitive', () => {
    expect(parseRule('IoU@10>=0.8')).toEqual({ text: 'IoU@10>=0.8', metric: 'iou@10', op: '>=', bound: { kind: 'number', value: 0.8 } });
    expect(parseRule('rank_shift <= baseline+2').bound).toEqual({ kind: 'baseline', op: '+', value: 2 });
    expect(parseRule('ndcg@10>baseline*0.95').bound).toEqual({ kind: 'baseline', op: '*', value: 0.95 });
    expect(parseRule('rbc_abs<baseline').bound).toEqual({ kind: 'baseline', op: '+', value: 0 });
    expect(parseRule('impact_ratio≥0.8').op).toBe('>=');
  });
  it('refuses what is not a rule, and numbers strictNumber refuses', () => {
    expect(() => parseRule('iou@10')).toThrow(/expected METRIC>=X/);
    expect(() => parseRule('iou@10>=0x1')).toThrow(/right side "0x1" is not a number/);
    expect(() => parseRule('iou@10>=baseline+two')).toThrow(/not a number or baseline/);
    expect(() => parseRule('iou@10=>0.8')).toThrow(RangeError);
  });
  it('rulesOf reads a rules file: an array, or {require, on}, each rule with its own on', () => {
    expect(rulesOf(['iou@10>=0.8']).map((r) => r.on)).toEqual([undefined]);
    const rules = rulesOf({ on: 'ci-lower', require: ['iou@10>=0.8', { require: 'rank_shift<=20', on: 'ci-upper' }] });
    expect(rules.map((r) => [r.metric, r.on])).toEqual([['iou@10', 'ci-lower'], ['rank_shift', 'ci-upper']]);
    expect(() => rulesOf({ require: ['x>1'], bogus: 1 })).toThrow(/unknown key "bogus"/);
    expect(() => rulesOf({ on: 'middle', require: [] })).toThrow(/"on" must be one of point, ci-lower, ci-upper/);
    expect(() => rulesOf(3)).toThrow(/expected an array of rules/);
  });
});

describe('checkRules(rows, rules, {run, on, baselineRun})', () => {
  // NDCG@10 0.6 with CI [0.1, 0.9]; rank shift 3 with CI [0, 10] (fixtures.ts)
  const data = comparedRows([
    { label: 'R', results: results([model('m', [0.5, 0.7], [2, 4])]) },
    { label: 'A', results: results([model('m', [0.2, 0.2], [1, 1])]) },
  ]);
  const check = (rule: string, on: 'point' | 'ci-lower' | 'ci-upper' = 'point') => checkRules(data, [parseRule(rule)], { run: 0, on, baselineRun: 1 });

  it('passes a rule the point estimate meets and fails one it breaks', () => {
    expect(check('ndcg@10>=0.5').pass).toBe(true);
    expect(check('ndcg@10>=0.7').pass).toBe(false);
    expect(check('ndcg@10>=0.7').outcomes[0]).toMatchObject({ rule: 'ndcg@10>=0.7', row: 'R · M', value: 0.6, threshold: 0.7, pass: false });
  });
  it('on the interval: the lower bound for a floor, the upper bound for a ceiling', () => {
    expect(check('ndcg@10>=0.5', 'ci-lower').pass).toBe(false); // 0.1
    expect(check('ndcg@10>=0.05', 'ci-lower').pass).toBe(true);
    expect(check('rank_shift<=5', 'ci-upper').pass).toBe(false); // 10
    expect(check('rank_shift<=5', 'point').pass).toBe(true);
  });
  it('a baseline bound reads the baseline row’s point estimate', () => {
    const o = check('rank_shift<=baseline+2');
    expect(o.outcomes[0]).toMatchObject({ value: 3, baseline: 1, threshold: 3, pass: true });
    expect(check('rank_shift<baseline+2').pass).toBe(false);
    expect(check('ndcg@10>=baseline*3').outcomes[0]).toMatchObject({ threshold: 0.2 * 3, pass: false });
  });
  it('throws on a metric the results do not report (listing those they do) and on a baseline rule without a baseline', () => {
    expect(() => check('impact_ratio>=0.8')).toThrow(/no metric "impact_ratio" in the results; they report ndcg@10, p@10, mrr@10, iou@10, rank_shift/);
    expect(() => checkRules(data, [parseRule('rank_shift<=baseline')], { run: 0, on: 'point' })).toThrow(/give --baseline FILE/);
  });
  it('an undefined value fails', () => {
    expect(check('p@10>=0', 'ci-lower').outcomes[0]).toMatchObject({ pass: false });
    expect(Number.isNaN(check('p@10>=0', 'ci-lower').outcomes[0].value)).toBe(true);
  });
});
