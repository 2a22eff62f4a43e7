import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { memoryIo } from './memoryIo.ts';

// a·b share q1 (1/2) and q2 (3/3); a·c share q3 (3/1); b·c share nothing.
const LABELS = 'item,annotator,label\nq1,a,1\nq1,b,2\nq2,a,3\nq2,b,3\nq3,a,3\nq3,c,1\n';

async function run(argv: string[], files: Record<string, string> = { 'l.csv': LABELS }) {
  const io = memoryIo(files);
  const code = await main(['eval', 'agreement', ...argv], io);
  return { code, io, json: code === 0 ? JSON.parse(io.out) : undefined };
}

describe('fairground eval agreement', () => {
  it('eval agreement --labels F --threshold 2 prints the pairs and their mean and range', async () => {
    const { code, json } = await run(['--labels', 'l.csv', '--threshold', '2']);
    expect(code).toBe(0);
    expect(json.pairs.map((p: { annotators: string[]; n_common: number }) => [p.annotators, p.n_common])).toEqual([[['a', 'b'], 2], [['a', 'c'], 1]]);
    expect(json.pairs[0].kappa_quadratic).toBeCloseTo(2 / 3, 15);
    expect(json.summary.fuzzy_agreement).toEqual({ mean: 0.5, min: 0, max: 1, n_pairs: 2 });
    expect([json.threshold, json.n_annotators, json.n_annotator_pairs]).toEqual([2, 3, 3]);
  });

  it('eval agreement prints an undefined κ as null', async () => {
    const { json } = await run(['--labels', 'l.csv'], { 'l.csv': 'item,annotator,label\nx,a,2\nx,b,2\n' });
    expect(json.pairs[0].kappa_quadratic).toBeNull();
    expect(json.summary.kappa_binary).toEqual({ mean: null, min: null, max: null, n_pairs: 0 });
  });

  it('eval agreement --item-columns --annotator-column --label-column maps another table (TSV)', async () => {
    const tsv = 'job\tcv\thr\tscore\nj\tc1\tx\t1\nj\tc1\ty\t1\nj\tc2\tx\t5\nj\tc2\ty\t4\n';
    const { code, json } = await run(['--labels', 'l.tsv', '--item-columns', 'job,cv', '--annotator-column', 'hr', '--label-column', 'score', '--threshold', '4'], { 'l.tsv': tsv });
    expect(code).toBe(0);
    expect(json.pairs[0]).toEqual({ annotators: ['x', 'y'], n_common: 2, fuzzy_agreement: 1, relevant_agreement: 1, kappa_quadratic: expect.any(Number), kappa_binary: 1 });
  });

  it('exits 2 naming the file and line of a repeated grade', async () => {
    const { code, io } = await run(['--labels', 'l.csv'], { 'l.csv': 'item,annotator,label\nq,a,1\nq,a,2\n' });
    expect(code).toBe(2);
    expect(io.err).toBe('fairground: l.csv:3: annotator "a" grades item "q" twice (first on line 2)\n');
  });

  it('exits 2 on an unknown option and without --labels', async () => {
    expect((await run(['--labels', 'l.csv', '--weights', 'linear'])).code).toBe(2);
    const { code, io } = await run([]);
    expect(code).toBe(2);
    expect(io.err).toContain('--labels');
  });
});
