import { describe, expect, it } from 'vitest';
import { TwinStream } from '../../../../../src/core/audit/eval/twinStream.ts';
import { evalTwins, reportTwins, twinGaps, twinQueryOf, twinsByOriginal, undeclaredTwinIds } from '../../../../../src/core/audit/eval/twins.ts';
import { RunNotGroupedError } from '../../../../../src/core/audit/eval/retrievalStream.ts';
import { parseRun } from '../../../../../src/core/formats/trecRun.ts';
import { runColumnsOf, type RunColumns } from '../../../../../src/core/formats/runColumns.ts';
import { numberedLines } from '../../../../../src/core/formats/lines.ts';
import { splitLineChunks } from '../../../../../src/core/formats/lineSplitter.ts';
import { hasRunTextQuirk, RunTextQuirkError } from '../../../../../src/core/formats/runTextQuirks.ts';
import type { TwinLine } from '../../../../../src/core/formats/twins.ts';
import { createRng, type Rng } from '../../../../../src/core/stats/rng.ts';

const GROUPS = ['female', 'male', 'nonbinary'];
const LANGS = ['en', 'fr', 'de', undefined];

/**
 * A seeded run, its twin run and twin records: pools of 1–60 of 100 documents with scores on a
 * grid of tenths (many ties, twins tied with their originals too), half the documents twinned in
 * three groups (so some pairs have no first-group member) and four languages (one unset: `und`),
 * ~8% of the twins of ranked documents left unscored, twin-run ids no record declares, twin-run
 * queries the run does not rank, query ids that JSON orders as integers.
 */
function seeded(seed: number): { run: string; twinRun: string; twins: TwinLine[] } {
  const rng = createRng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng.next() * xs.length)];
  const grid = () => (Math.round(rng.next() * 10) / 10).toFixed(1);
  const twins: TwinLine[] = [];
  for (let d = 0; d < 100; d++) {
    if (rng.next() < 0.5) continue;
    const group = pick(GROUPS);
    const twinGroup = pick(GROUPS.filter((g) => g !== group));
    const lang = pick(LANGS);
    twins.push({ id: `d${d}`, twin_id: `t${d}`, twin_text: '…', group, twin_group: twinGroup, ...(lang ? { lang } : {}), line: twins.length + 1 });
  }
  const twinOf = new Map(twins.map((t) => [t.id, t.twin_id]));
  const tsv = rng.next() < 0.5;
  const row = (q: string, d: string, s: string, r: number) => (tsv ? `${q}\t${d}\t${s}` : `${q} Q0 ${d} ${r} ${s} run`);
  const run: string[] = [];
  const twinRun: string[] = [];
  for (let q = 0; q < 30; q++) {
    const query = q % 6 === 0 ? String(100 - q) : `q${q}`;
    const n = 1 + Math.floor(rng.next() * 60);
    const docs = new Set<number>();
    while (docs.size < n) docs.add(Math.floor(rng.next() * 100));
    let r = 1;
    for (const d of docs) {
      run.push(row(query, `d${d}`, grid(), r++));
      const t = twinOf.get(`d${d}`);
      if (t && rng.next() > 0.08) twinRun.push(row(query, t, grid(), r));
    }
    if (rng.next() < 0.2) twinRun.push(row(query, `x${q}`, grid(), 1)); // undeclared
  }
  twinRun.push(row('q-not-ranked', 't1', '0.5', 1));
  return { run: `${run.join('\n')}\n`, twinRun: `${twinRun.join('\n')}\n`, twins };
}

/** Bytes cut at random boundaries (inside a line, a character, between CR and LF), as chunks of lines. */
async function* cut(text: string, rng: Rng) {
  const bytes = new TextEncoder().encode(text);
  const cuts: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + Math.floor(rng.next() * 200);
    cuts.push(bytes.subarray(at, at + size));
    at += size;
  }
  yield* splitLineChunks((async function* () { yield* cuts; })());
}

async function streamed(text: string, twinRun: RunColumns, twins: readonly TwinLine[], options: { k: number; groups: string[] }, rng: Rng) {
  const s = new TwinStream(twinRun, twins, { ...options, listMissing: true });
  for await (const chunk of cut(text, rng)) s.addChunk(chunk);
  return s.finish();
}

const valuesOf = (c: RunColumns) => c.queries.map((q) => c.get(q)!);

describe('TwinStream', () => {
  it('gives evalTwins\' report byte for byte on seeded runs: ties, three groups, four languages, missing twins, any chunk boundary', async () => {
    const rng = createRng(11);
    for (const seed of [1, 2, 3, 4, 5]) {
      const { run, twinRun, twins } = seeded(seed);
      for (const options of [{ k: 10, groups: ['female', 'male'] }, { k: 3, groups: ['male', 'nonbinary'] }]) {
        const want = JSON.stringify(evalTwins(parseRun(run), parseRun(twinRun), twins, options));
        const got = await streamed(run, runColumnsOf(numberedLines(twinRun)), twins, options, rng);
        expect(JSON.stringify(reportTwins(got.results, options)), `seed ${seed}, k ${options.k}`).toBe(want);
      }
    }
  });

  it('lists the missing twin scores and the undeclared twin-run ids as twinGaps does', async () => {
    const rng = createRng(12);
    for (const seed of [1, 2, 3]) {
      const { run, twinRun, twins } = seeded(seed);
      const gaps = twinGaps(parseRun(run), parseRun(twinRun), twins);
      const columns = runColumnsOf(numberedLines(twinRun));
      const got = await streamed(run, columns, twins, { k: 10, groups: ['female', 'male'] }, rng);
      expect(gaps.missing.length).toBeGreaterThan(0);
      expect(got.missing).toEqual(gaps.missing);
      expect(undeclaredTwinIds(valuesOf(columns), twins)).toEqual(gaps.undeclared);
      expect(gaps.undeclared.length).toBeGreaterThan(0);
    }
  });

  it('with a bootstrap the CIs are evalTwins\' too (same queries, same order)', async () => {
    const { run, twinRun, twins } = seeded(7);
    const options = { k: 5, groups: ['female', 'male'] };
    const ci = { resamples: 200, seed: 3 };
    const got = await streamed(run, runColumnsOf(numberedLines(twinRun)), twins, options, createRng(1));
    expect(JSON.stringify(reportTwins(got.results, options, ci))).toBe(JSON.stringify(evalTwins(parseRun(run), parseRun(twinRun), twins, options, ci)));
  });

  it('reads CRLF endings and blank lines in chunks as parseRun reads them', async () => {
    const { run, twinRun, twins } = seeded(8);
    const messy = run.split('\n').map((l, i) => (i % 4 === 0 ? `${l}\r\n \t\n` : `${l}\n`)).join('');
    const options = { k: 10, groups: ['female', 'male'] };
    const got = await streamed(messy, runColumnsOf(numberedLines(twinRun)), twins, options, createRng(2));
    expect(JSON.stringify(reportTwins(got.results, options))).toBe(JSON.stringify(evalTwins(parseRun(messy), parseRun(twinRun), twins, options)));
  });

  it('says when a query comes back after another (the caller then reads the run whole)', () => {
    const s = new TwinStream(new Map(), [], { k: 10, groups: ['female', 'male'], listMissing: true });
    s.add('q1 Q0 d1 1 0.5 t', 1);
    s.add('q2 Q0 d1 1 0.5 t', 2);
    expect(() => s.add('q1 Q0 d2 1 0.4 t', 3)).toThrow(RunNotGroupedError);
  });

  it('stops at text the fast reader and parseRun could read differently (a Unicode space, a control character)', async () => {
    const s = new TwinStream(new Map(), [], { k: 10, groups: ['female', 'male'], listMissing: true });
    expect(() => s.add('q1\u00a0Q0 d1 1 0.5 t', 4)).toThrow(RunTextQuirkError);
    const t = new TwinStream(new Map(), [], { k: 10, groups: ['female', 'male'], listMissing: true });
    const read = async () => { for await (const c of cut('q1\td1\t0.5\nq1\td\x012\t0.4\n', createRng(3))) t.addChunk(c); };
    await expect(read()).rejects.toBeInstanceOf(RunTextQuirkError);
  });

  it('refuses a repeated document (naming its line) and an empty run with parseRun\'s words', async () => {
    const s = new TwinStream(new Map(), [], { k: 10, groups: ['female', 'male'], listMissing: false });
    s.add('q1 Q0 d1 1 0.5 t', 1);
    expect(() => s.add('q1 Q0 d1 2 0.4 t', 3)).toThrow(expect.objectContaining({ line: 3, message: 'document "d1" appears twice for query "q1"' }));
    expect(() => parseRun('q1 Q0 d1 1 0.5 t\n\nq1 Q0 d1 2 0.4 t\n')).toThrow('document "d1" appears twice for query "q1"');
    const empty = new TwinStream(new Map(), [], { k: 10, groups: ['female', 'male'], listMissing: false });
    empty.add('query-id\tcorpus-id\tscore', 1);
    expect(() => empty.finish()).toThrow('empty run file: no scored documents found');
    expect(() => parseRun('query-id\tcorpus-id\tscore\n')).toThrow('empty run file: no scored documents found');
  });
});

describe('twinQueryOf and hasRunTextQuirk', () => {
  it('twinQueryOf(queryId, ids, scores, twinScored, byOriginal, firstGroup) puts in S the documents whose twin is scored, as its @example says', () => {
    const byOriginal = twinsByOriginal([
      { id: 'd1', twin_id: 't1', twin_text: '', group: 'female', twin_group: 'male', line: 1 },
      { id: 'd2', twin_id: 't2', twin_text: '', group: 'male', twin_group: 'female', lang: 'fr', line: 2 },
    ]);
    expect(twinQueryOf('q1', ['d1', 'd2'], [2, 1], [{ id: 't1', score: 0 }], byOriginal, 'female').pairs).toEqual([{ index: 0, twinScore: 0, firstGroup: 'original', lang: 'und', direction: 'female->male' }]);
    // both twins scored: d2's F member is its twin; the pool ranks d1 first
    const q = twinQueryOf('q1', ['d1', 'd2'], [2, 1], [{ id: 't2', score: 3 }, { id: 't1', score: 0 }], byOriginal, 'female');
    expect(q.pairs.map((p) => [p.index, p.firstGroup, p.lang])).toEqual([[0, 'original', 'und'], [1, 'twin', 'fr']]);
    expect([...q.pool.order]).toEqual([0, 1]);
  });

  it('hasRunTextQuirk(text) is false for ASCII runs with CRLF endings and true for NBSP, VT, a control character, a lone CR', () => {
    expect(hasRunTextQuirk('q1\td1\t0.5\r\nq1\td2\t0.4')).toBe(false);
    expect(hasRunTextQuirk('q1 Q0 dé 1 0.5 t\r')).toBe(false);
    expect(hasRunTextQuirk('q1\u00a0Q0 d1 1 0.5 t')).toBe(true);
    expect(hasRunTextQuirk('q1 Q0 d1 1 0.5\vt')).toBe(true);
    expect(hasRunTextQuirk('q1\td\x012\t0.4')).toBe(true);
    expect(hasRunTextQuirk('q1 Q0 d1 1 0.5\rt')).toBe(true);
    expect(hasRunTextQuirk('q1 Q0 d1 1 0.5 t\u3000')).toBe(true);
  });
});

describe('reportTwins with a bootstrap', () => {
  it('gives every statistic the CI that its own reportStatistic over the same seed gives (the draws are shared, not changed)', async () => {
    const { reportStatistic } = await import('../../../../../src/core/audit/common/index.ts');
    const { summarizeTwinColumns, twinColumns, twinQueryResults } = await import('../../../../../src/core/metrics/twins.ts');
    const { buildTwinQueries } = await import('../../../../../src/core/audit/eval/twins.ts');
    const { run, twinRun, twins } = seeded(9);
    const options = { k: 10, groups: ['female', 'male'] };
    const ci = { resamples: 300, seed: 5 };
    const results = twinQueryResults(buildTwinQueries(parseRun(run), parseRun(twinRun), twins, 'female'), 10);
    const got = reportTwins(results, options, ci);
    const keys = { 'iou@10': 'iou', rank_shift: 'rankShift', 'dropout@10': 'dropout', rbc: 'rbc', rbc_pooled: 'rbcPooled', kendall_tau: 'kendallTau', pearson: 'pearson', cohens_d: 'cohensD', 'odds_ratio@10': 'oddsRatio', std_mad: 'stdMad' } as const;
    const each = (list: Parameters<typeof twinColumns>[0]) => {
      const columns = twinColumns(list);
      return Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, reportStatistic(list.length, (idx) => summarizeTwinColumns(columns, idx)[key] ?? NaN, ci)]));
    };
    expect(got.mean).toMatchObject(each(results.map((r) => r.all)));
    expect(Object.keys(got.per_direction)).toHaveLength(6); // three groups, every direction
    expect(Object.keys(got.per_lang)).toEqual(['de', 'en', 'fr', 'und']);
    for (const [direction, report] of Object.entries(got.per_direction)) expect(report, direction).toMatchObject(each(results.map((r) => r.byDirection.get(direction))));
    for (const [lang, report] of Object.entries(got.per_lang)) expect(report, lang).toMatchObject(each(results.map((r) => r.byLang.get(lang))));
  });
});
