import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { memoryIo } from './memoryIo.ts';

// q1 ranked d1, d3, d2 (tie 2: d3 > d2); relevant d2 → rank 3. q2 relevant d9, not retrieved.
// q3 has no relevant judgment (skipped).
const QRELS = 'query-id\tcorpus-id\tscore\nq1\td2\t1\nq2\td9\t2\nq3\td1\t0\n';
const RUN_TREC = 'q1 Q0 d1 1 3 sys\nq1 Q0 d2 2 2 sys\nq1 Q0 d3 3 2 sys\n';

async function run(argv: string[], files: Record<string, string>) {
  const io = memoryIo(files);
  const code = await main(['eval', 'retrieval', ...argv], io);
  return { code, io, json: code === 0 ? JSON.parse(io.out) : undefined };
}

describe('fairground eval retrieval', () => {
  it('eval retrieval --qrels --run --k 1,3 prints mean, per_query, n_queries and n_skipped and exits 0', async () => {
    const { code, io, json } = await run(['--qrels', 'q.tsv', '--run', 'r.trec', '--k', '3,1'], { 'q.tsv': QRELS, 'r.trec': RUN_TREC });
    expect(code).toBe(0);
    expect(io.err).toBe('');
    expect(json.n_queries).toBe(2);
    expect(json.n_skipped).toBe(1);
    expect(Object.keys(json.per_query)).toEqual(['q1', 'q2']);
    expect(json.per_query.q1['mrr@3']).toBeCloseTo(1 / 3, 15);
    expect(json.per_query.q1['p@1']).toBe(0);
    expect(json.per_query.q2['ndcg@3']).toBe(0);
    expect(json.mean['recall@3']).toBe(0.5);
    expect(json.mean['ndcg@3']).toBeCloseTo(0.5 / 2, 15); // q1: (1/log2 4)/1; q2: 0
    expect(Object.keys(json.mean)).toEqual(['ndcg@1', 'ndcg@3', 'p@1', 'p@3', 'mrr@1', 'mrr@3', 'recall@1', 'recall@3', 'map@1', 'map@3']);
  });

  it('eval retrieval --threshold 2 skips queries without a grade ≥ 2; --gain exp changes NDCG', async () => {
    const files = { 'q.tsv': 'q1\td2\t1\nq1\td1\t2\n', 'r.tsv': 'q1\td1\t1\nq1\td2\t2\n' };
    const t2 = await run(['--qrels', 'q.tsv', '--run', 'r.tsv', '--k', '1', '--threshold', '2'], files);
    expect(t2.json.mean['p@1']).toBe(0); // d2 first, grade 1 < 2
    const exp = await run(['--qrels', 'q.tsv', '--run', 'r.tsv', '--k', '1', '--gain', 'exp'], files);
    expect(exp.json.mean['ndcg@1']).toBeCloseTo(1 / 3, 15); // (2^1−1)/(2^2−1)
  });

  it('eval retrieval --bootstrap B --seed S replaces each mean by {mean, ci} and is reproducible', async () => {
    const files = { 'q.tsv': QRELS, 'r.trec': RUN_TREC };
    const argv = ['--qrels', 'q.tsv', '--run', 'r.trec', '--k', '3', '--bootstrap', '200', '--seed', '7'];
    const a = await run(argv, files);
    const b = await run(argv, { ...files });
    expect(a.code).toBe(0);
    expect(a.json.mean['mrr@3'].mean).toBeCloseTo(1 / 6, 15);
    const [lo, hi] = a.json.mean['mrr@3'].ci;
    expect(lo).toBe(0); // resamples of {1/3, 0}: means 0, 1/6, 1/3
    expect(hi).toBeCloseTo(1 / 3, 15);
    expect(a.io.out).toBe(b.io.out);
    expect(typeof a.json.per_query.q1['mrr@3']).toBe('number');
  });

  it('eval retrieval exits 2 with one stderr line file:line for a non-numeric run score, and prints nothing on stdout', async () => {
    const { code, io } = await run(['--qrels', 'q.tsv', '--run', 'r.trec'], {
      'q.tsv': QRELS,
      'r.trec': 'q1 Q0 d1 1 3 sys\nq1 Q0 d2 2 two sys\n',
    });
    expect(code).toBe(2);
    expect(io.out).toBe('');
    expect(io.err).toBe('fairground: r.trec:2: score is not a number: "two"\n');
  });

  it('eval retrieval exits 2 naming file:line for an unknown run format and a short qrels row', async () => {
    const unknown = await run(['--qrels', 'q.tsv', '--run', 'r.txt'], { 'q.tsv': QRELS, 'r.txt': '\nq1 d1\n' });
    expect(unknown.code).toBe(2);
    expect(unknown.io.err).toMatch(/^fairground: r\.txt:2: unknown run format/);
    expect(unknown.io.err.split('\n')).toHaveLength(2);
    const short = await run(['--qrels', 'q.tsv', '--run', 'r.trec'], { 'q.tsv': 'q1\td1\t1\nq1 d2\n', 'r.trec': RUN_TREC });
    expect(short.code).toBe(2);
    expect(short.io.err).toMatch(/^fairground: q\.tsv:2: /);
    expect(short.io.out).toBe('');
  });

  it('eval retrieval exits 2 naming the file for an empty run or qrels file', async () => {
    const emptyRun = await run(['--qrels', 'q.tsv', '--run', 'r.trec'], { 'q.tsv': QRELS, 'r.trec': '' });
    expect(emptyRun.code).toBe(2);
    expect(emptyRun.io.err).toBe('fairground: r.trec: empty run file: no scored documents found\n');
    const emptyQrels = await run(['--qrels', 'q.tsv', '--run', 'r.trec'], { 'q.tsv': '\n', 'r.trec': RUN_TREC });
    expect(emptyQrels.io.err).toMatch(/^fairground: q\.tsv: empty qrels/);
  });

  it('eval retrieval exits 2 for a missing option, --threshold 0, --gain log or --bootstrap 0', async () => {
    const files = { 'q.tsv': QRELS, 'r.trec': RUN_TREC };
    for (const argv of [
      ['--qrels', 'q.tsv'],
      ['--qrels', 'q.tsv', '--run', 'r.trec', '--threshold', '0'],
      ['--qrels', 'q.tsv', '--run', 'r.trec', '--gain', 'log'],
      ['--qrels', 'q.tsv', '--run', 'r.trec', '--bootstrap', '0'],
      ['--qrels', 'q.tsv', '--run', 'r.trec', '--seed', '3'],
    ]) {
      const { code, io } = await run(argv, files);
      expect(code).toBe(2);
      expect(io.out).toBe('');
      expect(io.err.trim().split('\n')).toHaveLength(1);
    }
  });
});
