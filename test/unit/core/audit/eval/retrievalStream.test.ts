import { describe, expect, it } from 'vitest';
import { RetrievalStream, RunNotGroupedError } from '../../../../../src/core/audit/eval/retrievalStream.ts';
import { evalRetrieval, reportRetrieval } from '../../../../../src/core/audit/eval/retrieval.ts';
import { parseRun } from '../../../../../src/core/formats/trecRun.ts';
import { numberedLines } from '../../../../../src/core/formats/lines.ts';
import { createRng } from '../../../../../src/core/stats/rng.ts';
import type { Qrels } from '../../../../../src/core/formats/qrels.ts';
import { splitLineChunks } from '../../../../../src/core/formats/lineSplitter.ts';

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

  it('reads chunks of lines in place (addChunk) as it reads lines (add): CRLF, blank lines and any chunk boundary alike', async () => {
    const rng = createRng(5);
    for (const seed of [1, 2]) {
      const { text, qrels } = seeded(seed);
      // blank and whitespace-only lines between rows, CRLF endings, and a non-ASCII blank (NBSP)
      const messy = text.split('\n').map((l, i) => (i % 5 === 0 ? `${l}\r\n \t\n` : i % 11 === 0 ? `${l}\n\u00a0\n` : `${l}\n`)).join('');
      const bytes = new TextEncoder().encode(messy);
      const options = { k: [3, 10], threshold: 1, gain: 'linear' as const, metrics: ['ndcg@10', 'P@3', 'map'] };
      const want = reportRetrieval(stream(messy, qrels, options), options);
      for (let t = 0; t < 4; t++) {
        const cuts: Uint8Array[] = [];
        for (let at = 0; at < bytes.length; ) {
          const size = 1 + Math.floor(rng.next() * 300);
          cuts.push(bytes.subarray(at, at + size));
          at += size;
        }
        const s = new RetrievalStream(qrels, options);
        for await (const chunk of splitLineChunks((async function* () { yield* cuts; })())) s.addChunk(chunk);
        expect(reportRetrieval(s.finish(), options)).toEqual(want);
      }
    }
  });

  it('names the line of a duplicate document read from a chunk', async () => {
    const s = new RetrievalStream(new Map([['q1', new Map([['d1', 1]])]]), { k: [10], threshold: 1, gain: 'linear' });
    const bytes = new TextEncoder().encode('q1 Q0 d1 1 0.5 t\n\nq1 Q0 d2 1 0.4 t\nq1 Q0 d1 2 0.3 t\n');
    const read = async () => { for await (const c of splitLineChunks((async function* () { yield bytes; })())) s.addChunk(c); };
    await expect(read()).rejects.toMatchObject({ line: 4, message: expect.stringMatching(/document "d1" appears twice for query "q1"/) });
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
