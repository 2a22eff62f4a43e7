import { describe, expect, it } from 'vitest';
import { RunColumnsBuilder, runColumnsOf } from '../../../../src/core/formats/runColumns.ts';
import { parseRun } from '../../../../src/core/formats/trecRun.ts';
import { numberedLines } from '../../../../src/core/formats/lines.ts';
import { evaluateRetrieval } from '../../../../src/core/metrics/retrieval.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';
import type { Qrels } from '../../../../src/core/formats/qrels.ts';

/** A seeded run whose queries interleave, with tied scores and a long id or two. */
function randomRun(seed: number, tsv: boolean): string {
  const rng = createRng(seed);
  const lines: string[] = tsv ? ['query-id\tcorpus-id\tscore'] : [];
  const rows: [string, string, number][] = [];
  for (let q = 0; q < 12; q++) {
    const docs = new Set<string>();
    while (docs.size < 30) docs.add(`doc-${Math.floor(rng.next() * 60)}${rng.next() < 0.1 ? '-with-a-rather-long-identifier' : ''}`);
    for (const d of docs) rows.push([`q${q}`, d, Math.round(rng.next() * 8) / 8]);
  }
  // interleave the queries
  for (let i = rows.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [rows[i], rows[j]] = [rows[j], rows[i]];
  }
  for (const [q, d, s] of rows) lines.push(tsv ? `${q}\t${d}\t${s}` : `${q} Q0 ${d} 1 ${s} tag`);
  return lines.join('\n') + '\n';
}

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return `${(e as Error).message} @${(e as { line?: number }).line}`;
  }
  return 'no error';
};

describe('RunColumns', () => {
  it('holds every query\'s documents in file order, as parseRun does (TREC and TSV with a header, queries interleaved)', () => {
    for (const tsv of [false, true]) {
      const text = randomRun(tsv ? 2 : 1, tsv);
      const want = parseRun(text);
      const got = runColumnsOf(numberedLines(text));
      expect(got.queries.length).toBe(want.size);
      for (const [q, docs] of want) expect(got.get(q), q).toEqual(docs);
      expect(got.get('q-none')).toBeUndefined();
      expect(got.longestRanking()).toBe(30);
    }
  });

  it('evaluateRetrieval gives the same numbers over RunColumns as over the parsed Run, ties included', () => {
    const text = randomRun(3, false);
    const qrels: Qrels = new Map(Array.from({ length: 12 }, (_, q) => [`q${q}`, new Map([[`doc-${q}`, 2], [`doc-${q + 7}`, 1], [`doc-${q * 3}`, 3]])]));
    const a = evaluateRetrieval(parseRun(text), qrels, { k: [5, 10, 100], threshold: 1 });
    const b = evaluateRetrieval(runColumnsOf(numberedLines(text)), qrels, { k: [5, 10, 100], threshold: 1 });
    expect(b).toEqual(a);
  });

  it('refuses what parseRun refuses, with the same message and line', () => {
    const cases = [
      '',
      'q1 Q0 d1 1 0.5\n',
      'q1 Q0 d1 1 0.5 t\nq1 Q0 d2 2 0.4\n',
      'q1 Q0 d1 1 0.5 t\nq1 Q0 d2 2 x t\n',
      'q1 Q0 d1 1 0.5 t\nq2 Q0 d1 1 0.5 t\nq1 Q0 d1 3 0.2 t\n',
      'q1\td1\t0.5\nq1\td2\n',
      'q1\td1\tNaN\n',
    ];
    for (const text of cases) expect(message(() => runColumnsOf(numberedLines(text))), JSON.stringify(text)).toBe(message(() => parseRun(text)));
  });

  it('a line added after finish is a new builder\'s business: finish checks a repeated document across interleaved queries', () => {
    const b = new RunColumnsBuilder();
    b.add('q1 Q0 d1 1 0.5 t', 1);
    b.add('q2 Q0 d1 1 0.5 t', 2);
    b.add('q1 Q0 d1 2 0.4 t', 7);
    expect(() => b.finish()).toThrow('document "d1" appears twice for query "q1"');
  });

  it('reads every plain decimal as Number() does (parsed by hand, exactly; exponents and long ones by strictNumber); 0x1f is refused (issue 27)', () => {
    const rng = createRng(9);
    const texts: string[] = ['0', '-0', '+1.5', '.5', '5.', '1e-3', '-2.5E+2', '123456789012345', '1234567890123456', '0.1', '0.3', '-0.000001', '9007199254740993', '1.7976931348623157e308'];
    for (let i = 0; i < 3000; i++) {
      const digits = 1 + Math.floor(rng.next() * 16);
      let t = '';
      for (let j = 0; j < digits; j++) t += Math.floor(rng.next() * 10);
      const dot = Math.floor(rng.next() * (digits + 1));
      t = `${rng.next() < 0.3 ? '-' : ''}${t.slice(0, dot)}.${t.slice(dot)}`;
      texts.push(t === '.' || t === '-.' ? '0' : t);
    }
    const run = runColumnsOf(texts.map((t, i) => ({ text: `q1 Q0 d${i} 1 ${t} tag`, line: i + 1 })));
    const got = run.get('q1')!;
    texts.forEach((t, i) => expect(Object.is(got[i].score, Number(t)), `${t}: ${got[i].score} vs ${Number(t)}`).toBe(true));
    expect(() => runColumnsOf([{ text: 'q1 Q0 d1 1 0x1f tag', line: 7 }])).toThrow('score is not a number: "0x1f"');
  });
});
