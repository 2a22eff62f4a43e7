import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { memoryIo } from './memoryIo.ts';
import { HAND } from '../core/groupFairness/example.ts';

// docs/metrics.md's worked example as q1 (d2 unlabelled; 4 female and 4 male labelled documents in
// the group file, so the pool target is ½, ½), and q2 ranking male, male, female.
const RUN = 'q1 Q0 d1 1 5 bm25\nq1 Q0 d2 2 4 bm25\nq1 Q0 d3 3 3 bm25\nq1 Q0 d4 4 2 bm25\nq1 Q0 d5 5 1 bm25\nq2 Q0 e3 1 3 bm25\nq2 Q0 e2 2 3 bm25\nq2 Q0 e1 3 1 bm25\n';
const GROUPS = 'doc_id\tgroup\nd1\tfemale\nd2\t\nd3\tmale\nd4\tfemale\nd5\tmale\ne1\tfemale\ne2\tmale\ne3\tmale\ne4\tfemale\n';
const QRELS = 'q1 0 d1 1\nq1 0 d3 2\nq1 0 d4 0\n';
const FILES = { 'bm25.trec': RUN, 'groups.tsv': GROUPS, 'qrels.txt': QRELS };

async function run(argv: string[], files: Record<string, string> = FILES) {
  const io = memoryIo({ ...files });
  const code = await main(['eval', 'exposure', ...argv], io);
  return { code, io, json: code === 0 ? JSON.parse(io.out) : undefined };
}

describe('fairground eval exposure', () => {
  it('eval exposure --run --groups --qrels --k 5 --skew-k 2 prints the worked example per query, the means, pooled Skew and the verdict', async () => {
    const { code, io, json } = await run(['--run', 'bm25.trec', '--groups', 'groups.tsv', '--qrels', 'qrels.txt', '--k', '5', '--skew-k', '2']);
    expect(code).toBe(0);
    expect(io.err).toBe('');
    const q1 = json.per_query.q1;
    expect(q1.exposure_ratio).toBeCloseTo(HAND.exposureRatio, 15);
    expect(q1.disparate_treatment).toBeCloseTo(HAND.disparateTreatment, 15);
    expect(q1['awrf@5']).toBeCloseTo(HAND.awrf, 15);
    expect(q1['ndcg@5']).toBeCloseTo(HAND.ndcg, 15);
    expect(q1['awrf_ndcg@5']).toBeCloseTo(HAND.awrf * HAND.ndcg, 15);
    expect(q1['ndkl@5']).toBeCloseTo(HAND.ndkl, 15);
    expect(q1.n_unlabelled).toBe(1);
    expect(json.per_query.q2.disparate_treatment).toBeNull(); // q2 has no judgments
    expect(json.skew['skew@2'].female).toBeCloseTo(Math.log(0.5), 15); // 1 + 0 of 4 slots against ½
    expect(json.skew['max_skew@2']).toBeCloseTo(Math.log(1.5), 15);
    expect(json.skew['absent@2']).toEqual([]);
    expect(json.mean['awrf_ndcg@5']).toBeCloseTo(HAND.awrf * HAND.ndcg, 15);
    expect(Object.keys(json.mean)).toEqual(['exposure', 'exposure_ratio', 'disparate_treatment', 'attention_share', 'awrf@5', 'awrf_ndcg@5', 'ndkl@5']);
    expect([json.k, json.target, json.groups, json.n_queries, json.n_unlabelled]).toEqual([5, 'pool', ['female', 'male'], 2, 1]);
    expect(json.n_skipped).toMatchObject({ disparate_treatment: 1, awrf_ndcg: 1, awrf: 0 });
    expect(json.pool).toEqual({ groups: { female: 4, male: 4 }, n_unlabelled: 1 });
    expect(json.target_share).toEqual({ female: 0.5, male: 0.5 });
    expect(json.verdict).toMatch(/^In bm25's top 5, female profiles receive \d+\.\d% of the attention against 50\.0% in the group file, \d+\.\d percentage points below \(AWRF 0\.\d{3}\)\.$/);
  });

  it('eval exposure --bootstrap B --seed S replaces each mean by {mean, ci}, keeps per-query numbers plain, and is reproducible', async () => {
    const argv = ['--run', 'bm25.trec', '--groups', 'groups.tsv', '--k', '5', '--skew-k', '2', '--bootstrap', '200', '--seed', '4'];
    const a = await run(argv);
    const b = await run(argv);
    expect(a.code).toBe(0);
    expect(a.io.out).toBe(b.io.out);
    const awrf = a.json.mean['awrf@5'];
    expect(awrf.ci[0]).toBeLessThanOrEqual(awrf.mean);
    expect(awrf.ci[1]).toBeGreaterThanOrEqual(awrf.mean);
    expect(a.json.skew['skew@2'].male.ci).toHaveLength(2);
    expect(typeof a.json.per_query.q1['awrf@5']).toBe('number');
    expect(a.json.verdict).toMatch(/\(AWRF [01]\.\d{3}, 95% CI [01]\.\d{3} to [01]\.\d{3}\)\.$/);
  });

  it('eval exposure without --qrels leaves disparate treatment and AWRF×nDCG null, skipped for every query', async () => {
    const { json } = await run(['--run', 'bm25.trec', '--groups', 'groups.tsv', '--k', '5']);
    expect(json.mean.disparate_treatment).toBeNull();
    expect(json.mean['awrf_ndcg@5']).toBeNull();
    expect(json.n_skipped.awrf_ndcg).toBe(2);
    expect(json.skew).toHaveProperty('skew@5'); // the default skew cut-off is min(10, K)
  });

  it('eval exposure --target relevant --qrels takes the target from the relevant documents; --target equal from 1/|G|', async () => {
    const relevant = await run(['--run', 'bm25.trec', '--groups', 'groups.tsv', '--qrels', 'qrels.txt', '--k', '5', '--target', 'relevant', '--threshold', '2']);
    expect(relevant.json.per_query.q1.target).toEqual({ female: 0, male: 1 });
    expect(relevant.json.per_query.q2.target).toBeNull(); // no judgments: skipped
    expect(relevant.json.n_skipped.target).toBe(1);
    const equal = await run(['--run', 'bm25.trec', '--groups', 'groups.tsv', '--k', '5', '--target', 'equal']);
    expect(equal.json.per_query.q2.target).toEqual({ female: 0.5, male: 0.5 });
    expect(equal.json.verdict).toContain('under equal shares');
  });

  it('eval exposure reads a whitespace group file without a header, and a CSV with --field intersecting two columns', async () => {
    const plain = await run(['--run', 'r.trec', '--groups', 'g.txt', '--k', '2'], { 'r.trec': 'q1 Q0 a 1 2 x\nq1 Q0 b 2 1 x\n', 'g.txt': 'a f\nb m\n' });
    expect(plain.json.per_query.q1.exposure).toEqual({ f: 1, m: 1 / Math.log2(3) });
    const csv = 'id,gender,seniority\na,female,senior\nb,male,junior\nc,female,\n';
    const crossed = await run(['--run', 'r.trec', '--groups', 'g.csv', '--field', 'gender,seniority', '--k', '2'], { 'r.trec': 'q1 Q0 a 1 2 x\nq1 Q0 c 2 1 x\n', 'g.csv': csv });
    expect(crossed.json.groups).toEqual(['female × senior', 'male × junior']);
    expect(crossed.json.per_query.q1.n_unlabelled).toBe(1); // c has no seniority
    expect(crossed.json.pool).toEqual({ groups: { 'female × senior': 1, 'male × junior': 1 }, n_unlabelled: 1 });
  });

  it('eval exposure exits 2 with one line saying what to pass: missing --groups, --target relevant or --threshold without --qrels, a skew cut-off deeper than K', async () => {
    const cases: [string[], string][] = [
      [['--run', 'bm25.trec'], 'fairground: missing --groups\n'],
      [['--run', 'bm25.trec', '--groups', 'groups.tsv', '--target', 'relevant'], "fairground: --target relevant needs --qrels Q: the target is the groups' shares among each query's relevant documents\n"],
      [['--run', 'bm25.trec', '--groups', 'groups.tsv', '--threshold', '2'], 'fairground: --threshold applies to the judgments: pass --qrels Q, or leave out --threshold\n'],
      [['--run', 'bm25.trec', '--groups', 'groups.tsv', '--k', '5', '--skew-k', '10'], 'fairground: --skew-k 10 is deeper than --k 5: the rankings are cut at K\n'],
      [['--run', 'bm25.trec', '--groups', 'groups.tsv', '--target', 'corpus'], 'fairground: --target must be one of pool, relevant, equal, got "corpus"\n'],
      [['--run', 'bm25.trec', '--groups', 'groups.tsv', '--field', 'a,b,c'], 'fairground: --field takes one column, or two to intersect (e.g. gender,seniority), got 3\n'],
    ];
    for (const [argv, err] of cases) {
      const { code, io } = await run(argv);
      expect([code, io.err, io.out]).toEqual([2, err, '']);
    }
  });

  it('eval exposure exits 2 naming file and line for a bad run line, a repeated document of the group file, and a --field the file cannot have', async () => {
    const badRun = await run(['--run', 'r.trec', '--groups', 'groups.tsv'], { 'r.trec': 'q1 Q0 d1 1 5 x\nq1 Q0 d2 2 five x\n', 'groups.tsv': GROUPS });
    expect([badRun.code, badRun.io.err]).toEqual([2, 'fairground: r.trec:2: score is not a number: "five"\n']);
    const twice = await run(['--run', 'bm25.trec', '--groups', 'g.txt'], { 'bm25.trec': RUN, 'g.txt': 'd1 female\nd3 male\nd1 male\n' });
    expect([twice.code, twice.io.err]).toEqual([2, 'fairground: g.txt:3: document "d1" appears twice (lines 1 and 3)\n']);
    const noHeader = await run(['--run', 'bm25.trec', '--groups', 'g.txt', '--field', 'gender'], { 'bm25.trec': RUN, 'g.txt': 'd1 female\n' });
    expect(noHeader.code).toBe(2);
    expect(noHeader.io.err).toMatch(/^fairground: g\.txt:1: the group file has no header line, so its columns cannot be picked by name/);
    const short = await run(['--run', 'bm25.trec', '--groups', 'g.tsv'], { 'bm25.trec': RUN, 'g.tsv': 'd1\tfemale\nd3\tmale\textra\n' });
    expect([short.code, short.io.err]).toEqual([2, 'fairground: g.tsv:2: expected 2 cells (doc_id, group), found 3\n']);
  });

  it('eval exposure exits 2 for a group file with no labelled document, or an empty one', async () => {
    const none = await run(['--run', 'bm25.trec', '--groups', 'g.tsv'], { 'bm25.trec': RUN, 'g.tsv': 'd1\t\nd2\t\n' });
    expect([none.code, none.io.err]).toEqual([2, 'fairground: g.tsv: no document of the group file has a group: give lines "doc_id group"\n']);
    const empty = await run(['--run', 'bm25.trec', '--groups', 'g.tsv'], { 'bm25.trec': RUN, 'g.tsv': '\n' });
    expect(empty.code).toBe(2);
    expect(empty.io.err).toMatch(/^fairground: g\.tsv: empty group file/);
  });
});
