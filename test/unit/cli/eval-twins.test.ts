import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { memoryIo } from './memoryIo.ts';

// q1: d1..d4 score 4..1. d1 (female, en) → male twin t1 scores 0 (rank 1 → 4);
// d4 (male, fr) → female twin t4 scores 5 (rank 4 → 1).
const RUN = 'q1\td1\t4\nq1\td2\t3\nq1\td3\t2\nq1\td4\t1\nq2\td1\t1\nq2\td2\t2\n';
const TWIN_RUN = 'q1\tt1\t0\nq1\tt4\t5\n';
const TWINS = [
  { id: 'd1', twin_id: 't1', twin_text: '…', group: 'female', twin_group: 'male', lang: 'en' },
  { id: 'd4', twin_id: 't4', twin_text: '…', group: 'male', twin_group: 'female', lang: 'fr' },
].map((t) => JSON.stringify(t)).join('\n');

// q2 ranks d1 but its twin t1 has no score there: these fixtures pass --allow-missing (d1 leaves q2's S).
async function run(argv: string[], files: Record<string, string> = { 'r.tsv': RUN, 't.tsv': TWIN_RUN, 'tw.jsonl': TWINS }, allowMissing = true) {
  const io = memoryIo(files);
  const code = await main(['eval', 'twins', '--run', 'r.tsv', '--twin-run', 't.tsv', '--twins', 'tw.jsonl', ...(allowMissing ? ['--allow-missing'] : []), ...argv], io);
  return { code, io, json: code === 0 ? JSON.parse(io.out) : undefined };
}

describe('fairground eval twins', () => {
  it('eval twins --k 1 prints mean, per_lang, per_direction and per_query and exits 0', async () => {
    const { code, io, json } = await run(['--k', '1']);
    expect(code).toBe(0);
    expect(io.err).toBe('');
    expect(Object.keys(json.mean)).toEqual(['iou@1', 'rank_shift', 'dropout@1', 'rbc', 'rbc_pooled', 'kendall_tau', 'pearson', 'cohens_d', 'odds_ratio@1', 'std_mad', 'n_queries', 'n_pairs']);
    expect(json.mean.rank_shift).toBe(3);
    expect(json.mean['iou@1']).toBe(0); // d1 vs d4
    expect(json.mean['dropout@1']).toBe(1);
    // d1: F original (1) vs M twin (4) → F; d4: F twin (1) vs M original (4) → F
    expect(json.mean.rbc).toBe(1);
    expect(json.mean.rbc_pooled).toBe(1);
    expect(json.mean.pearson).toBe(-1); // (4, 1) vs (0, 5)
    // both F members rank 1 where they stand, neither M member does: OR = (2.5/0.5)/(0.5/2.5) = 25
    expect(json.mean['odds_ratio@1']).toBeCloseTo(25, 12);
    // s(F) − s(M) = 4 − 0 and 5 − 1: equal differences, no SD → d undefined (null); |Δs| = 4, 4 → Std MAD 0
    expect(json.mean.cohens_d).toBeNull();
    expect(json.mean.std_mad).toBe(0);
    expect(json.per_query.q1).toMatchObject({ rbc: 1, 'odds_ratio@1': 25, cohens_d: null, std_mad: 0 });
    expect(json.mean.n_queries).toBe(1); // q2 has no twins scored
    expect(Object.keys(json.per_lang)).toEqual(['en', 'fr']);
    expect(json.per_lang.fr['dropout@1']).toBe(0);
    expect(Object.keys(json.per_direction)).toEqual(['female->male', 'male->female']);
    expect(Object.keys(json.per_query)).toEqual(['q1']);
  });

  it('eval twins --groups male,female makes male the first group of RBC', async () => {
    const { json } = await run(['--k', '1', '--groups', 'male,female']);
    expect(json.mean.rbc).toBe(-1);
  });

  it('eval twins --bootstrap B --seed S gives {mean, ci} and is reproducible', async () => {
    const a = await run(['--bootstrap', '50', '--seed', '3']);
    const b = await run(['--bootstrap', '50', '--seed', '3']);
    expect(a.json.mean.rank_shift).toEqual({ mean: 3, ci: [3, 3] });
    expect(a.io.out).toBe(b.io.out);
  });

  it('exits 2 with one stderr line naming the twins file and line for a malformed record', async () => {
    const { code, io } = await run([], { 'r.tsv': RUN, 't.tsv': TWIN_RUN, 'tw.jsonl': `${TWINS}\n{"id": "d2"` });
    expect(code).toBe(2);
    expect(io.out).toBe('');
    expect(io.err).toMatch(/^fairground: tw\.jsonl:3: .*\n$/);
  });

  it('exits 2 naming the line of a twin record without its group', async () => {
    const { code, io } = await run([], { 'r.tsv': RUN, 't.tsv': TWIN_RUN, 'tw.jsonl': '{"id":"d1","twin_id":"t1","twin_text":"x","twin_group":"m"}' });
    expect(code).toBe(2);
    expect(io.err).toMatch(/^fairground: tw\.jsonl:1: .*group/);
  });

  it('refuses a ranked document whose twin has no score, and a twin-run id no record declares, unless --allow-missing', async () => {
    const missing = await run([], undefined, false);
    expect(missing.code).toBe(2);
    expect(missing.io.err).toBe('fairground: t.tsv: twins of ranked documents have no score (query/twin): 1 ("q2/t1"); score them, or pass --allow-missing to leave those documents out of S\n');
    const undeclared = await run([], { 'r.tsv': RUN, 't.tsv': `${TWIN_RUN}q2\tt1\t0\nq1\tt9\t3\n`, 'tw.jsonl': TWINS }, false);
    expect(undeclared.code).toBe(2);
    expect(undeclared.io.err).toMatch(/t\.tsv: twin-run ids that no twin record declares: 1 \("t9"\)/);
  });
});
