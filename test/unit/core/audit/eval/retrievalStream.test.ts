import { describe, expect, it } from 'vitest';
import { RetrievalStream, RunNotGroupedError } from '../../../../../src/core/audit/eval/retrievalStream.ts';
import { evalRetrieval, reportRetrieval } from '../../../../../src/core/audit/eval/retrieval.ts';
import { parseRun } from '../../../../../src/core/formats/trecRun.ts';
import { numberedLines } from '../../../../../src/core/formats/lines.ts';
import { createRng } from '../../../../../src/core/stats/rng.ts';
import type { Qrels } from '../../../../../src/core/formats/qrels.ts';

/** A seeded run grouped by query (ranked lists of uneven length, tied scores) and its qrels. */
function seeded(seed: number): { text: string; qrels: Qrels } {
  const rng = createRng(seed);
  const lines: string[] = [];
  const qrels: Qrels = new Map();
  for (let q = 0; q < 25; q++) {
    const judged = new Map<string, number>();
    for (let j = 0; j < 6; j++) judged.set(`d${Math.floor(rng.next() * 80)}`, Math.floor(rng.next() * 4));
    if (q % 7 !== 3) qrels.set(`q${q}`, judged); // some run queries are not judged
    if (q % 9 === 5) continue; // some judged queries have no run lines
    const n = 5 + Math.floor(rng.next() * 150);
    const docs = new Set<string>();
    while (docs.size < Math.min(n, 80)) docs.add(`d${Math.floor(rng.next() * 80)}`);
    for (const d of docs) lines.push(`q${q} Q0 ${d} 1 ${(Math.round(rng.next() * 10) / 10).toFixed(1)} t`);
  }
  qrels.set('q-judged-only', new Map([['d1', 2]]));
  return { text: lines.join('\n') + '\n', qrels };
}

const stream = (text: string, qrels: Qrels, options: Parameters<typeof evalRetrieval>[2]) => {
  const s = new RetrievalStream(qrels, options);
  for (const { text: t, line } of numberedLines(text)) s.add(t, line);
  return s.finish();
};

describe('RetrievalStream', () => {
  it('gives evalRetrieval\'s report on a grouped run: every metric at every k, uncut map, per-query values, counts', () => {
    for (const seed of [1, 2, 3]) {
      const { text, qrels } = seeded(seed);
      for (const options of [
        { k: [5, 10, 100], threshold: 1, gain: 'linear' as const },
        { k: [10], threshold: 2, gain: 'exp' as const, metrics: ['ndcg@10', 'P@10', 'map', 'recall@10'] },
      ]) {
        const want = evalRetrieval(parseRun(text), qrels, options);
        const got = reportRetrieval(stream(text, qrels, options), options);
        expect(got, `seed ${seed}`).toEqual(want);
      }
    }
  });

  it('with a bootstrap the CIs are evalRetrieval\'s too (same units, same order)', () => {
    const { text, qrels } = seeded(4);
    const options = { k: [10], threshold: 1, gain: 'linear' as const, metrics: ['ndcg@10', 'map'] };
    const ci = { resamples: 200, seed: 7 };
    expect(reportRetrieval(stream(text, qrels, options), options, ci)).toEqual(evalRetrieval(parseRun(text), qrels, options, ci));
  });

  it('says when a query comes back after another (the caller then reads the run whole)', () => {
    const s = new RetrievalStream(new Map(), { k: [10], threshold: 1, gain: 'linear' });
    s.add('q1 Q0 d1 1 0.5 t', 1);
    s.add('q2 Q0 d1 1 0.5 t', 2);
    expect(() => s.add('q1 Q0 d2 1 0.4 t', 3)).toThrow(RunNotGroupedError);
  });

  it('refuses a repeated document and an empty run as parseRun does', () => {
    expect(() => stream('q1 Q0 d1 1 0.5 t\nq1 Q0 d1 2 0.4 t\n', new Map(), { k: [10], threshold: 1, gain: 'linear' })).toThrow('document "d1" appears twice for query "q1"');
    expect(() => stream('', new Map(), { k: [10], threshold: 1, gain: 'linear' })).toThrow('empty run file');
  });
});
