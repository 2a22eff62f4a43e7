/**
 * `fairground compare` and `fairground check` over results files of the tiny hand-made dataset
 * (test/unit/core/audit/retrieval/tinyDataset.ts): two models audited as two runs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { auditSubset, retrievalFairnessResults } from '../../../src/core/audit/retrieval/audit.ts';
import { matrixScorer, timingOf } from '../../../src/core/audit/retrieval/scoring.ts';
import { corpusScores, tinySubset, twinScores } from '../core/audit/retrieval/tinyDataset.ts';
import { memoryIo } from './memoryIo.ts';

const SHA = 'c'.repeat(64);

/** One run of one model: "good" with the fixture's scores, or "flat" scoring everything 0.5. */
function runJson(which: 'good' | 'flat', dataset = { id: 'tiny', version: '1', manifestSha256: SHA }): string {
  const options = { k: 3, bootstrap: 40, seed: 1 };
  const m = { id: which, label: which, kind: 'embedding' as const, revision: 'r', dtype: 'fp32', device: 'cpu' };
  const score = which === 'good' ? matrixScorer(corpusScores, twinScores, 6, 2) : matrixScorer(new Float64Array(18).fill(0.5), new Float64Array(6).fill(0.5), 6, 2);
  const subset = auditSubset(tinySubset(), [{ model: m, timing: timingOf(1, 1), score }], options);
  return JSON.stringify(retrievalFairnessResults({ dataset, relevanceThreshold: 2, options, createdAt: '', environment: { runtime: 'node' } }, [subset]));
}

describe('fairground compare', () => {
  it('prints the paired differences of two runs on one dataset version (JSON): CI, p, q, and the changes in words', async () => {
    const io = memoryIo({ 'a.json': runJson('good'), 'b.json': runJson('flat') });
    expect(await main(['compare', '--baseline', 'a.json', '--candidate', 'b.json', '--metrics', 'ndcg@3,IoU@3,rank_shift'], io)).toBe(0);
    const out = JSON.parse(io.out);
    expect(out.baseline).toBe('a.json');
    expect(out.resamples).toBe(40);
    expect(out.seed).toBe(1);
    const [c] = out.comparisons;
    expect(c.paired).toBe(true);
    expect(c.units).toBe(3);
    expect(c.metrics.map((m: { metric: string }) => m.metric)).toEqual(['ndcg@3', 'iou@3', 'rank_shift']);
    const iou = c.metrics[1];
    // flat: IoU@3 = 1 on every query; good: 5/6 on average (see pareto.test.ts)
    expect(iou.candidate.mean).toBe(1);
    expect(iou.difference.mean).toBeCloseTo(1 - iou.baseline.mean, 12);
    expect(iou.difference).toHaveProperty('p');
    expect(iou.difference).toHaveProperty('q');
    expect(out.changes[0]).toMatch(/^b\.json · flat against a\.json · good: NDCG@3 .* → .*, IoU@3 0\.83 → 1\.00 \(\+0\.17/);
    // No per-unit values in the output
    expect(io.out).not.toContain('unitsSha256');
  });

  it('says a comparison across two datasets is unpaired, and shows both CIs only', async () => {
    const io = memoryIo({ 'a.json': runJson('good'), 'b.json': runJson('flat', { id: 'other', version: '2', manifestSha256: 'd'.repeat(64) }) });
    expect(await main(['compare', '--baseline', 'a.json', '--candidate', 'b.json'], io)).toBe(0);
    const [c] = JSON.parse(io.out).comparisons;
    expect(c.paired).toBe(false);
    expect(c.reason).toBe('different datasets (tiny 1 and other 2)');
    expect(c.metrics.every((m: { difference: unknown }) => m.difference === null)).toBe(true);
    expect(c.metrics[0].baseline.ci).toHaveLength(2);
  });

  it('prints a table with --format table (the default on a terminal)', async () => {
    const io = Object.assign(memoryIo({ 'a.json': runJson('good'), 'b.json': runJson('flat') }), { isTerminal: true });
    expect(await main(['compare', '--baseline', 'a.json', '--candidate', 'b.json', '--metrics', 'iou@3'], io)).toBe(0);
    expect(io.out).toMatch(/^b\.json · flat against a\.json · good \(paired over 3 queries, B = 40, seed 1\)\nmetric +baseline +candidate +difference +p +q +q < 0\.05\n/);
    expect(io.out).toMatch(/IoU@3 +0\.83 \[.*\] +1\.00 \[1\.00, 1\.00\]/);
  });

  it('exits 2 with one line for an unknown metric, a file that is not results, and a missing file', async () => {
    const io = memoryIo({ 'a.json': runJson('good'), 'b.json': runJson('flat'), 'x.json': '{"a":1}' });
    expect(await main(['compare', '--baseline', 'a.json', '--candidate', 'b.json', '--metrics', 'bogus'], io)).toBe(2);
    expect(io.err).toMatch(/^fairground: no metric "bogus" in either results; they report ndcg@3, p@3, mrr@3, iou@3/);
    const io2 = memoryIo({ 'a.json': runJson('good'), 'x.json': '{"a":1}' });
    expect(await main(['compare', '--baseline', 'a.json', '--candidate', 'x.json'], io2)).toBe(2);
    expect(io2.err).toBe('fairground: x.json: not a Fairground results object (the output of run, or of eval outcomes)\n');
    const io3 = memoryIo({ 'a.json': runJson('good') });
    expect(await main(['compare', '--baseline', 'a.json', '--candidate', 'missing.json'], io3)).toBe(2);
    expect(io3.err).toMatch(/missing\.json: cannot read file/);
  });
});

describe('fairground check', () => {
  const files = () => ({ 'good.json': runJson('good'), 'flat.json': runJson('flat'), 'rules.json': JSON.stringify({ on: 'ci-lower', require: ['iou@3>=0.9'] }) });

  it('passes (exit 0) on a rule the results meet and fails (exit 1) on one they break, on the point estimate', async () => {
    const ok = memoryIo(files());
    expect(await main(['check', '--results', 'good.json', '--require', 'iou@3>=0.8'], ok)).toBe(0);
    const out = JSON.parse(ok.out);
    expect(out.pass).toBe(true);
    expect(out.rules[0]).toMatchObject({ rule: 'iou@3>=0.8', on: 'point', row: 'good.json · good', threshold: 0.8, pass: true });
    const bad = memoryIo(files());
    expect(await main(['check', '--results', 'good.json', '--require', 'iou@3>=0.8', '--require', 'iou@3>=0.9'], bad)).toBe(1);
    expect(JSON.parse(bad.out)).toMatchObject({ passed: 1, failed: 1, pass: false });
  });

  it('on the interval: --on ci-lower fails a floor the point estimate meets', async () => {
    const point = memoryIo(files());
    expect(await main(['check', '--results', 'good.json', '--require', 'iou@3>=0.7'], point)).toBe(0);
    // good's IoU@3 is 5/6 with the 95% CI [0.5, 1] (B = 40, seed 1): the lower bound breaks 0.7
    const lower = memoryIo(files());
    expect(await main(['check', '--results', 'good.json', '--require', 'iou@3>=0.7', '--on', 'ci-lower'], lower)).toBe(1);
    expect(JSON.parse(lower.out).rules[0]).toMatchObject({ on: 'ci-lower', value: 0.5, pass: false });
    const lowerOk = memoryIo(files());
    expect(await main(['check', '--results', 'good.json', '--require', 'iou@3>=0.5', '--on', 'ci-lower'], lowerOk)).toBe(0);
    // the upper bound of a ceiling
    const upper = memoryIo(files());
    expect(await main(['check', '--results', 'flat.json', '--require', 'rank_shift<=0', '--on', 'ci-upper'], upper)).toBe(0);
  });

  it('reads rules against a baseline and from a rules file', async () => {
    const io = memoryIo(files());
    // flat's rank shift is 0; good's is larger
    expect(await main(['check', '--results', 'good.json', '--baseline', 'flat.json', '--require', 'rank_shift<=baseline+0.5'], io)).toBe(1);
    const [rule] = JSON.parse(io.out).rules;
    expect(rule).toMatchObject({ baseline: 0, threshold: 0.5, pass: false });
    const file = memoryIo(files());
    expect(await main(['check', '--results', 'flat.json', '--rules', 'rules.json'], file)).toBe(0);
    expect(JSON.parse(file.out).rules[0]).toMatchObject({ rule: 'iou@3>=0.9', on: 'ci-lower', value: 1, pass: true });
  });

  it('prints rule, value and pass/fail as a table on a terminal', async () => {
    const io = Object.assign(memoryIo(files()), { isTerminal: true });
    expect(await main(['check', '--results', 'flat.json', '--require', 'iou@3>=0.9', '--require', 'ndcg@3>=0.99'], io)).toBe(1);
    expect(io.out).toMatch(/^rule +on +model +value +threshold +result\n/);
    expect(io.out).toMatch(/iou@3>=0\.9 +point +flat\.json · flat +1 +0\.9 +pass\n/);
    expect(io.out).toMatch(/ndcg@3>=0\.99 .* FAIL\n\n1 of 2 failed\n$/);
  });

  it('exits 2 on a bad rule, a metric not in the results (listing those that are), a baseline rule without --baseline, or no rules', async () => {
    const cases: [string[], RegExp][] = [
      [['--require', 'iou@3>>1'], /the right side ">1" is not a number/],
      [['--require', 'impact_ratio>=0.8'], /good\.json: rule "impact_ratio>=0\.8": no metric "impact_ratio" in the results; they report ndcg@3, p@3, mrr@3, iou@3, rank_shift, rbc/],
      [['--require', 'rank_shift<=baseline+2'], /give --baseline FILE/],
      [[], /no rules: give --require RULE/],
      [['--require', 'iou@3>=1', '--on', 'middle'], /--on must be one of point, ci-lower, ci-upper/],
    ];
    for (const [extra, message] of cases) {
      const io = memoryIo(files());
      expect(await main(['check', '--results', 'good.json', ...extra], io), extra.join(' ')).toBe(2);
      expect(io.err).toMatch(message);
      expect(io.err.trim().split('\n')).toHaveLength(1);
    }
  });

  it('reads the impact ratio of a group-outcome audit (eval outcomes): the lowest over its categories', async () => {
    const io = memoryIo({ 'd.csv': readFileSync('test/fixtures/outcomes/callbacks-synthetic.csv', 'utf8') });
    expect(await main(['eval', 'outcomes', '--decisions', 'd.csv', '--group', 'race,gender', '--selected', 'received_callback', '--job', 'job_ad_id', '--bootstrap', '50', '--seed', '1', '--out', 'o.json'], io)).toBe(0);
    const lowest = Math.min(
      ...JSON.parse(await io.readText('o.json')).groupings.flatMap((g: { categories: { impact_ratio: { mean: number } | null; excluded: boolean }[] }) => g.categories.filter((c) => !c.excluded && c.impact_ratio).map((c) => c.impact_ratio!.mean)),
    );
    const fail = memoryIo({ 'o.json': await io.readText('o.json') });
    expect(await main(['check', '--results', 'o.json', '--require', `impact_ratio>${lowest}`], fail)).toBe(1);
    expect(JSON.parse(fail.out).rules[0]).toMatchObject({ row: 'o.json · decisions', task: 'outcomes', value: lowest, pass: false });
    const pass = memoryIo({ 'o.json': await io.readText('o.json') });
    expect(await main(['check', '--results', 'o.json', '--require', `impact_ratio>=${lowest}`], pass)).toBe(0);
  });
});
