import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { memoryIo } from './memoryIo.ts';

const row = (cv: string, variant: string, attribute: string, group: string, signal: string, name: string, score: number) =>
  ['j1', cv, variant, attribute, group, signal, name, score].join('\t');
// Same pool as the core test: ΔScore female = 5/3, ΔRank 0, Excl@1 = 100.
const SCORES = [
  'job\tcv\tvariant\tattribute\tgroup\tsignal\tname\tscore',
  row('a', 'orig', '-', '-', '-', '-', 80),
  row('a', 'a-f', 'gender', 'female', 'explicit', '-', 65),
  row('a', 'a-m', 'gender', 'male', 'explicit', '-', 80),
  row('a', 'a-ws', 'noise', 'whitespace', '-', '-', 79),
  row('b', 'orig', '-', '-', '-', '-', 70),
  row('b', 'b-f', 'gender', 'female', 'explicit', '-', 85),
  row('b', 'b-m', 'gender', 'male', 'explicit', '-', 75),
  row('b', 'b-ws', 'noise', 'whitespace', '-', '-', 70),
  row('c', 'orig', '-', '-', '-', '-', 60),
  row('c', 'c-f', 'gender', 'female', 'explicit', '-', 60),
  row('c', 'c-m', 'gender', 'male', 'explicit', '-', 50),
  row('c', 'c-ws', 'noise', 'whitespace', '-', '-', 90),
].join('\n');

async function run(argv: string[], files: Record<string, string> = { 's.tsv': SCORES }) {
  const io = memoryIo(files);
  const code = await main(['eval', 'screening-bias', '--scores', 's.tsv', '--reference', 'gender=male', ...argv], io);
  return { code, io, json: code === 0 ? JSON.parse(io.out) : undefined };
}

describe('fairground eval screening-bias', () => {
  it('eval screening-bias --k 1 prints effects with delta_score, delta_rank and excl@1, and the noise floor', async () => {
    const { code, io, json } = await run(['--k', '1']);
    expect(code).toBe(0);
    expect(io.err).toBe('');
    expect(json.effects).toHaveLength(2);
    const e = json.effects[0];
    expect([e.kind, e.attribute, e.group, e.signal, e.n_cvs]).toEqual(['effect', 'gender', 'female', 'explicit', 3]);
    expect(e.delta_score).toBeCloseTo(5 / 3, 14);
    expect(e.delta_rank).toBe(0);
    expect(e['excl@1']).toBe(100);
    // the reference group's row: male variants 80, 75, 50 keep ranks 1, 2, 3; ΔScore is the reference (null)
    expect(json.effects[1]).toEqual({ kind: 'reference', attribute: 'gender', group: 'male', signal: 'explicit', delta_score: null, delta_rank: 0, 'excl@1': 0, n_cvs: 3 });
    expect(json.noise_floor).toHaveLength(1);
    expect(json.noise_floor[0].kind).toBe('noise');
    expect(json.noise_floor[0].delta_score).toBeCloseTo(29 / 3, 14);
  });

  it('eval screening-bias --bootstrap B --seed S gives every statistic of every effect and reference row its CI, p and BH q over the family', async () => {
    const { json } = await run(['--bootstrap', '200', '--seed', '4']);
    const [e, ref] = json.effects;
    expect(e.delta_score.mean).toBeCloseTo(5 / 3, 14);
    expect(e.delta_score.p).toBeGreaterThan(0);
    expect(e.delta_score.p).toBeLessThanOrEqual(1);
    for (const key of ['delta_score', 'delta_rank', 'excl@5']) expect(Object.keys(e[key])).toEqual(['mean', 'ci', 'p', 'q', 'significant']);
    expect(ref.delta_score).toEqual({ mean: null, ci: [null, null], p: null, q: null, significant: false });
    // the family: ΔScore, ΔRank, Excl@5 of the effect, ΔRank and Excl@5 of the reference row (5 tests)
    const family = [e.delta_score, e.delta_rank, e['excl@5'], ref.delta_rank, ref['excl@5']];
    const p = family.map((x) => x.p as number);
    const order = p.map((_, i) => i).sort((a, b) => p[a] - p[b] || a - b);
    const q = new Array<number>(5);
    let running = 1;
    for (let r = 4; r >= 0; r--) q[order[r]] = running = Math.min(running, (5 * p[order[r]]) / (r + 1));
    family.forEach((x, i) => {
      expect(x.q).toBeCloseTo(q[i], 15);
      expect(x.significant).toBe(q[i] < 0.05);
    });
    expect(json.noise_floor[0].delta_score).not.toHaveProperty('p'); // the noise floor is not in the family
  });

  it('exits 2 naming the line of an attribute without a reference group', async () => {
    const { code, io } = await run([], { 's.tsv': `${SCORES}\n${row('a', 'a-old', 'age', 'old', 'explicit', '-', 1)}` });
    expect(code).toBe(2);
    expect(io.out).toBe('');
    expect(io.err).toMatch(/^fairground: s\.tsv:14: attribute "age" has no reference group/);
  });

  it('exits 2 naming the line of a CV with variants but no orig row', async () => {
    const { code, io } = await run([], { 's.tsv': row('z', 'z-f', 'gender', 'female', 'explicit', '-', 1) });
    expect(code).toBe(2);
    expect(io.err).toMatch(/^fairground: s\.tsv:1: CV "z" of job "j1" has variants but no "orig" row/);
  });

  it('exits 2 for a malformed --reference', async () => {
    const io = memoryIo({ 's.tsv': SCORES });
    expect(await main(['eval', 'screening-bias', '--scores', 's.tsv', '--reference', 'gender'], io)).toBe(2);
    expect(io.err).toMatch(/--reference/);
  });
});
