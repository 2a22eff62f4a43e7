import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { memoryIo } from './memoryIo.ts';

// One job, six CVs, two runs; run r2 ties e and f at the fifth place.
const rows = [
  ['a', 10, 10], ['b', 9, 9], ['c', 8, 8], ['d', 7, 7], ['e', 6, 5], ['f', 5, 5],
].flatMap(([cv, s1, s2]) => [`j1\t${cv}\tr1\t${s1}`, `j1\t${cv}\tr2\t${s2}`]);
const SCORES = `job\tcv\trun\tscore\n${rows.join('\n')}\n`;

async function run(argv: string[], files: Record<string, string> = { 's.tsv': SCORES }) {
  const io = memoryIo(files);
  const code = await main(['eval', 'consistency', '--scores', 's.tsv', ...argv], io);
  return { code, io, json: code === 0 ? JSON.parse(io.out) : undefined };
}

describe('fairground eval consistency', () => {
  it('eval consistency --scores F prints icc, sigma_score, sigma_rank, label_flip_pct, disag@5, flip_by_cutoff', async () => {
    const { code, json } = await run([]);
    expect(code).toBe(0);
    expect(json['disag@5']).toBeCloseTo(5, 12); // (100/2)·(0.5/5)
    expect(json.label_flip_pct).toBe(0);
    expect(json.sigma_score).toBeCloseTo(Math.SQRT1_2 / 6, 15);
    expect(json.flip_by_cutoff).toHaveLength(91);
    // at cut-off 6, e (6, 5) is a FIT/NOT FIT tie → FIT, so one of 12 labels flips
    expect(json.flip_by_cutoff[1]).toEqual({ cutoff: 6, label_flip_pct: 100 / 12 });
    expect([json.n_jobs, json.n_cvs, json.n_runs]).toEqual([1, 6, 2]);
  });

  it('eval consistency --k 1 --cutoff 8 changes the shortlist and the labels', async () => {
    const { json } = await run(['--k', '1', '--cutoff', '8']);
    expect(json['disag@1']).toBe(0);
    expect(json.label_flip_pct).toBe(0);
  });

  it('eval consistency --bootstrap 20 --seed 1 gives {mean, ci}', async () => {
    const { json } = await run(['--bootstrap', '20', '--seed', '1']);
    expect(json.label_flip_pct).toEqual({ mean: 0, ci: [0, 0] });
    expect(json.icc.ci[0]).toBeLessThanOrEqual(json.icc.ci[1]);
  });

  it('exits 2 naming the line of a CV missing a run', async () => {
    const { code, io } = await run([], { 's.tsv': 'j1\ta\tr1\t5\nj1\ta\tr2\t6\nj1\tb\tr1\t7\n' });
    expect(code).toBe(2);
    expect(io.out).toBe('');
    expect(io.err).toBe('fairground: s.tsv:3: CV "b" of job "j1" has no score in run "r2"\n');
  });

  it('exits 2 naming the line of a score that is not a number', async () => {
    const { code, io } = await run([], { 's.tsv': 'j1\ta\tr1\t5\nj1\ta\tr2\tNaN?\n' });
    expect(code).toBe(2);
    expect(io.err).toMatch(/^fairground: s\.tsv:2: score is not a number/);
  });
});
