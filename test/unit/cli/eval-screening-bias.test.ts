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
    expect(json.effects).toHaveLength(1);
    const e = json.effects[0];
    expect([e.attribute, e.group, e.signal, e.n_cvs]).toEqual(['gender', 'female', 'explicit', 3]);
    expect(e.delta_score).toBeCloseTo(5 / 3, 14);
    expect(e.delta_rank).toBe(0);
    expect(e['excl@1']).toBe(100);
    expect(json.noise_floor).toHaveLength(1);
    expect(json.noise_floor[0].kind).toBe('noise');
    expect(json.noise_floor[0].delta_score).toBeCloseTo(29 / 3, 14);
  });

  it('eval screening-bias --bootstrap B --seed S adds p and BH q to each effect', async () => {
    const { json } = await run(['--bootstrap', '200', '--seed', '4']);
    const e = json.effects[0];
    expect(e.delta_score.mean).toBeCloseTo(5 / 3, 14);
    expect(e.p).toBeGreaterThan(0);
    expect(e.p).toBeLessThanOrEqual(1);
    expect(e.q).toBe(e.p); // a family of one: q = p
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
