/**
 * How `fairground compare` words its numbers and names, the same as Results: p and q below 0.001
 * as `< 0.001` (wording.ts pValue), the per-query RBC and the pooled one told apart, models by
 * their short name (displayName.ts), and a JSON array that is not results called so.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { metricLabel } from '../../../src/core/audit/compare/index.ts';
import { model, results } from '../core/audit/compare/fixtures.ts';
import { memoryIo } from './memoryIo.ts';

/** BM25 with its parameters in the label; on 8 queries the candidate's NDCG@10 is the baseline's + 0.2 on every one. */
function bm25(ndcg: number[]) {
  const m = model('bm25', ndcg, [1, 2, 3, 4, 5, 6, 7, 8]);
  return JSON.stringify(results([{ ...m, model: { ...m.model, label: 'BM25 (k1 1.2, b 0.75)' } }]));
}
const BASE = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.3];

describe('fairground compare: wording', () => {
  it('writes p and q below 0.001 as "< 0.001" (every resample of +0.2 on every query is > 0: p = 0), as Results do', async () => {
    const io = Object.assign(memoryIo({ 'a.json': bm25(BASE), 'b.json': bm25(BASE.map((x) => x + 0.2)) }), { isTerminal: true });
    expect(await main(['compare', '--baseline', 'a.json', '--candidate', 'b.json', '--metrics', 'ndcg@10'], io)).toBe(0);
    const line = io.out.split('\n').find((l) => l.startsWith('NDCG@10'))!;
    expect(line).toMatch(/0\.20 \[0\.20, 0\.20\] +< 0\.001 +< 0\.001 +yes$/);
    expect(io.out).not.toMatch(/ 0 +0 +yes/);
  });

  it('names a model by its short name: "BM25", not "BM25 (k1 1.2, b 0.75)"', async () => {
    const io = Object.assign(memoryIo({ 'a.json': bm25(BASE), 'b.json': bm25(BASE) }), { isTerminal: true });
    expect(await main(['compare', '--baseline', 'a.json', '--candidate', 'b.json'], io)).toBe(0);
    expect(io.out).toMatch(/^b\.json · BM25 against a\.json · BM25 \(paired over 8 queries/);
    expect(io.out).not.toContain('k1 1.2');
  });

  it('labels the per-query RBC and the pooled RBC as Results do', () => {
    expect(metricLabel('rbc')).toBe('RBC (per query)');
    expect(metricLabel('rbc_pooled')).toBe('RBC (pooled)');
    expect(metricLabel('rbc_abs')).toBe('|RBC (per query)|');
  });

  it('calls a JSON array of numbers "not a results file", not "3 results objects (one per k…)"', async () => {
    const io = memoryIo({ 'a.json': bm25(BASE), 'x.json': '[1,2,3]' });
    expect(await main(['compare', '--baseline', 'a.json', '--candidate', 'x.json'], io)).toBe(2);
    expect(io.err).toBe('fairground: x.json: not a results file: a JSON array of 3 value(s), not a Fairground results object (the output of run, or of eval outcomes)\n');
    const perK = memoryIo({ 'a.json': bm25(BASE), 'k.json': `[${bm25(BASE)},${bm25(BASE)}]` });
    expect(await main(['compare', '--baseline', 'a.json', '--candidate', 'k.json'], perK)).toBe(2);
    expect(perK.err).toMatch(/k\.json: holds 2 results objects \(one per k, from run --k a,b\)/);
  });
});
