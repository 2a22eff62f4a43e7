import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { memoryIo } from './memoryIo.ts';

const jsonl = (...rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n');
const FILES = {
  'p/tasks.json': JSON.stringify({
    tasks: [
      { name: 'summary', kind: 'generation', capability: 'Generation' },
      { name: 'shortlist', kind: 'ranking', capability: 'Ranking' },
    ],
  }),
  'p/summary.jsonl': jsonl({ id: 1, prediction: 'abcd', reference: 'abed' }),
  'p/shortlist.jsonl': jsonl({ id: 'g1', prediction: ['b', 'a'], reference: 'a', candidates: ['a', 'b'] }),
};

async function run(files: Record<string, string>, extra: string[] = []) {
  const io = memoryIo({ ...files });
  const code = await main(['eval', 'tasks', '--predictions', 'p/', ...extra], io);
  return { code, io, json: code === 0 ? JSON.parse(io.out) : undefined };
}

describe('fairground eval tasks', () => {
  it('eval tasks --predictions DIR prints per task, per capability and overall scores', async () => {
    const { code, json } = await run(FILES);
    expect(code).toBe(0);
    expect(json.tasks.summary).toEqual({ kind: 'generation', capability: 'Generation', score: 75, ci: [75, 75], n: 1, n_left_out: 0 });
    const shortlist = json.tasks.shortlist;
    expect(shortlist.score).toBeCloseTo(100 / Math.log2(3), 12);
    // random: (1 + 1/log2 3)/2; input order a, b puts the positive first
    expect(shortlist.baselines.random).toBeCloseTo((100 * (1 + 1 / Math.log2(3))) / 2, 12);
    expect(shortlist.baselines.input_order).toBe(100);
    expect(json.overall).toBeCloseTo((75 + 100 / Math.log2(3)) / 2, 12);
    expect(json.missing_capabilities).toEqual(['Extraction', 'Classification', 'Retrieval', 'STS']);
  });

  it('exits 2 naming the file and line of an invalid reference', async () => {
    const { code, io } = await run({ ...FILES, 'p/shortlist.jsonl': jsonl({ id: 'g1', prediction: [], reference: 'a', candidates: ['a'] }, { id: 'g2', prediction: [], reference: 'z', candidates: ['a'] }) });
    expect(code).toBe(2);
    expect(io.out).toBe('');
    expect(io.err).toBe('fairground: p/shortlist.jsonl:2: "candidates" must include the positive\n');
  });

  it('exits 2 for an unknown task kind in tasks.json', async () => {
    const { code, io } = await run({ ...FILES, 'p/tasks.json': '{"tasks":[{"name":"x","kind":"poetry","capability":"Generation"}]}' });
    expect(code).toBe(2);
    expect(io.err).toMatch(/^fairground: p\/tasks\.json: tasks\[0\]: "kind" must be one of/);
  });

  it('exits 2 for a declared task without its file', async () => {
    const { code, io } = await run({ 'p/tasks.json': FILES['p/tasks.json'], 'p/summary.jsonl': FILES['p/summary.jsonl'] });
    expect(code).toBe(2);
    expect(io.err).toMatch(/p\/shortlist\.jsonl/);
  });

  it('records the bootstrap settings (10,000 resamples, seed 0 by default) and takes --bootstrap, --seed and --missing', async () => {
    expect((await run(FILES)).json.bootstrap).toEqual({ resamples: 10000, seed: 0, level: 0.95, unit: 'records' });
    const { json } = await run(FILES, ['--bootstrap', '0', '--missing', 'worst']);
    expect(json.bootstrap).toBeUndefined();
    expect(json.overall_ci).toBeUndefined();
    expect(json.missing_rule).toBe('worst');
    expect(json.refusal_sensitivity.difference).toBe(0);
    const bad = await run(FILES, ['--missing', 'best']);
    expect(bad.code).toBe(2);
    expect(bad.io.err).toMatch(/--missing must be one of benchmark, worst/);
  });

  it('prints null, not nothing, for a task whose every output is missing', async () => {
    const { json } = await run({ ...FILES, 'p/summary.jsonl': jsonl({ id: 1, prediction: null, reference: 'abed' }) }, ['--bootstrap', '0']);
    expect(json.tasks.summary.score).toBeNull();
    expect(json.tasks.summary.n_left_out).toBe(1);
  });

  it('compares two folders given as --predictions A --predictions B', async () => {
    const io = memoryIo({ ...FILES, 'q/tasks.json': FILES['p/tasks.json'], 'q/summary.jsonl': jsonl({ id: 1, prediction: 'abed', reference: 'abed' }), 'q/shortlist.jsonl': FILES['p/shortlist.jsonl'] });
    expect(await main(['eval', 'tasks', '--predictions', 'p', '--predictions', 'q', '--bootstrap', '100'], io)).toBe(0);
    const json = JSON.parse(io.out);
    expect(Object.keys(json.systems)).toEqual(['p', 'q']);
    const pair = json.comparison.comparisons[0];
    expect(pair).toMatchObject({ a: 'p', b: 'q' });
    expect(pair.tasks.summary).toMatchObject({ a: 75, b: 100, gain: 25, items: { wins: 1, ties: 0, losses: 0, of: 1 } });
    expect(pair.task_wtl).toEqual({ wins: 1, ties: 1, losses: 0, of: 2 });
  });
});

describe('fairground eval correspondence', () => {
  it('prints Spearman ρ, direction agreement and the exact permutation p of two boards', async () => {
    const io = memoryIo({ 'a.json': '{"m1": 70, "m2": 60, "m3": 50, "m4": 40, "m5": 30}', 'b.json': '[{"system": "m1", "score": 9}, {"system": "m2", "score": 8}, {"system": "m3", "score": 7}, {"system": "m4", "score": 6}, {"system": "m5", "score": 5}]' });
    expect(await main(['eval', 'correspondence', '--a', 'a.json', '--b', 'b.json'], io)).toBe(0);
    const json = JSON.parse(io.out);
    expect(json.spearman_rho).toBeCloseTo(1, 12);
    expect(json.permutation_p).toEqual({ p: 1 / 120, method: 'exact', permutations: 120 });
    expect(json.direction_agreement).toEqual({ agree: 10, tied: 0, pairs: 10, share: 1 });
  });
  it('exits 2 naming a board whose score is not a number', async () => {
    const io = memoryIo({ 'a.json': '{"m1": "high"}', 'b.json': '{}' });
    expect(await main(['eval', 'correspondence', '--a', 'a.json', '--b', 'b.json'], io)).toBe(2);
    expect(io.err).toMatch(/a\.json: system "m1": the score must be a finite number/);
  });
});
