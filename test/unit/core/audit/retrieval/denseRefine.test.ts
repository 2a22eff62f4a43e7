/**
 * Device dense scores refined to the CPU path (denseRefine.ts), with a
 * device emulated in float32 (Math.fround after every operation, in index
 * order): the check finds no difference in ranks, substitution ranks or read
 * values, also with crafted near-ties and duplicate rows — and does find them
 * for a device whose error exceeds the bound it claims.
 */
import { describe, expect, it } from 'vitest';
import { checkDenseScoring } from '../../../../../src/core/audit/retrieval/denseCheck.ts';
import { auditModelJob, wantsDenseDevice } from '../../../../../src/core/audit/retrieval/modelAudit.ts';
import { DENSE_DEVICE_MIN_MULTIPLY_ADDS, denseMultiplyAdds } from '../../../../../src/core/audit/retrieval/denseDevice.ts';
import { refineBound, type DenseDotPort } from '../../../../../src/core/audit/retrieval/denseRefine.ts';
import { createRng } from '../../../../../src/core/stats/rng.ts';

/** A float32 "device": each dot product summed in index order, rounded to float32 at each step. */
function float32Port(noise = 0): DenseDotPort {
  return {
    label: 'float32 emulation',
    compensated: false,
    async matrix(values, dim) {
      const rows = values.length / dim;
      return {
        async dots(queries) {
          const nq = queries.length / dim;
          const out = new Float32Array(nq * rows);
          for (let b = 0; b < nq; b++)
            for (let r = 0; r < rows; r++) {
              let s = 0;
              for (let i = 0; i < dim; i++) s = Math.fround(s + Math.fround(queries[b * dim + i] * values[r * dim + i]));
              out[b * rows + r] = s + noise * (r % 3 === 0 ? 1 : -1);
            }
          return out;
        },
        dispose() {},
      };
    },
  };
}

function vectors(seed: number, nCorpus: number, nTwins: number, nQueries: number, dim: number) {
  const rng = createRng(seed);
  const draw = (n: number) => Float32Array.from({ length: n * dim }, () => rng.next() - 0.5);
  const corpus = draw(nCorpus);
  // Near-ties: rows 1..5 equal row 0 but for a change in the last bits; rows 6, 7 duplicate row 8; a zero row.
  for (let r = 1; r <= 5; r++) for (let i = 0; i < dim; i++) corpus[r * dim + i] = corpus[i] * (1 + r * 2 ** -22);
  corpus.copyWithin(6 * dim, 8 * dim, 9 * dim);
  corpus.copyWithin(7 * dim, 8 * dim, 9 * dim);
  corpus.fill(0, 9 * dim, 10 * dim);
  const twinOf = Int32Array.from({ length: nTwins }, (_, t) => (t * 7) % nCorpus);
  const twins = new Float32Array(nTwins * dim);
  twinOf.forEach((r, t) => {
    for (let i = 0; i < dim; i++) twins[t * dim + i] = corpus[r * dim + i] + (t % 4 === 0 ? 0 : 0.01 * (rng.next() - 0.5));
  });
  return { v: { queries: draw(nQueries), corpus, twins }, twinOf };
}

describe('refinedBlockScorer via checkDenseScoring', () => {
  it('gives the CPU path\'s ranks, substitution ranks and read values with a float32 device (near-ties, duplicates, a zero row)', async () => {
    for (const dim of [3, 17, 64]) {
      const { v, twinOf } = vectors(dim, 400, 60, 21, dim);
      const c = await checkDenseScoring(v, dim, twinOf, float32Port());
      expect(c.mismatches, c.firstMismatch).toBe(0);
      expect(c.queries).toBe(21);
      expect(c.exactShare).toBeGreaterThan(0);
      expect(c.exactShare).toBeLessThan(1);
    }
  });
  it('finds the mismatches of a device whose error exceeds its claimed bound', async () => {
    const { v, twinOf } = vectors(5, 400, 60, 8, 16);
    const c = await checkDenseScoring(v, 16, twinOf, float32Port(0.05));
    expect(c.mismatches).toBeGreaterThan(0);
  });
  it('bounds: γ(dim) for float32, γ(4·dim − 1)² compensated, far smaller', () => {
    const u = 2 ** -24;
    expect(refineBound(100, 1, false)).toBeGreaterThan((100 * u) / (1 - 100 * u));
    expect(refineBound(100, 1, false)).toBeLessThan(1.01 * ((100 * u) / (1 - 100 * u)));
    expect(refineBound(100, 1, true)).toBeLessThan(1e-9); // (399·u)² ≈ 5.7e-10
  });
});

describe('auditModelJob with a device', () => {
  const dim = 12;
  const { v, twinOf } = vectors(9, 120, 30, 40, dim);
  const subset = {
    task: 'main',
    twinsTask: 'gender',
    queries: Array.from({ length: 40 }, (_, i) => ({ id: `q${i}`, text: '' })),
    corpus: Array.from({ length: 120 }, (_, i) => ({ id: `d${String(i).padStart(3, '0')}`, text: '' })),
    qrels: new Map(Array.from({ length: 40 }, (_, i) => [`q${i}`, new Map([[`d${String((i * 3) % 120).padStart(3, '0')}`, 1]])])),
    twins: Array.from(twinOf, (r, t) => ({ id: `d${String(r).padStart(3, '0')}`, twinId: `t${t}`, group: t % 2 ? 'female' : 'male', twinGroup: t % 2 ? 'male' : 'female' })),
    relevanceThreshold: 1,
    groups: ['female', 'male'] as const,
  };
  const job = {
    subsets: [{ subset, task: 0, twinsShard: 'twins' }],
    model: { id: 'm', label: 'M', kind: 'embedding', revision: 'r', dtype: 'fp32', device: 'cpu' },
    timing: { wallMs: 0, textsEmbedded: 0, textsCached: 0, textsPerSecond: 0 },
    scoring: { kind: 'dense' as const, dim, corpus: v.corpus, queries: [v.queries], twins: { twins: v.twins } },
    options: { k: 5, bootstrap: 50, seed: 2 },
  };
  const strip = (r: unknown) => JSON.parse(JSON.stringify(r, (k, x) => (k === 'timing' ? undefined : x)));
  /** A device that works for `blocks` blocks, then fails (a lost device). */
  const failing = (blocks: number): DenseDotPort => {
    const inner = float32Port();
    return {
      ...inner,
      async matrix(values, d) {
        const m = await inner.matrix(values, d);
        let calls = 0;
        return { ...m, dots: async (q) => (++calls > blocks ? Promise.reject(new Error('device lost')) : m.dots(q)) };
      },
    };
  };
  it('gives the CPU path\'s results with a float32 device, and when the device is lost after one block', async () => {
    const cpu = strip(await auditModelJob(job as never));
    const refined = { items: 0, exact: 0 };
    // A subset this small is scored on the CPU (denseDevice.ts) unless the device is asked for from 0 multiply-adds.
    expect(strip(await auditModelJob(job as never, undefined, undefined, { denseDots: float32Port(), refined: { items: 0, exact: 0 } }))).toEqual(cpu);
    expect(strip(await auditModelJob(job as never, undefined, undefined, { denseDots: float32Port(), denseDeviceFrom: 0, refined }))).toEqual(cpu);
    expect(refined.items).toBeGreaterThan(0);
    expect(strip(await auditModelJob(job as never, undefined, undefined, { denseDots: failing(1), denseDeviceFrom: 0 }))).toEqual(cpu);
  });
});

describe('denseMultiplyAdds(vectors, dim) and wantsDenseDevice(job)', () => {
  it('counts every query against every document and twin (its @example: the demo\'s briefs)', () => {
    expect(denseMultiplyAdds({ queries: { length: 240 * 100 }, corpus: { length: 2160 * 100 }, twins: { length: 840 * 100 } }, 100)).toBe(72_000_000);
  });

  it('wants a device only for a job with a subset of at least DENSE_DEVICE_MIN_MULTIPLY_ADDS, and never for a lexical model', () => {
    const dense = (queries: number, corpus: number, twins: number) => ({
      scoring: { kind: 'dense' as const, dim: 10, corpus: new Float32Array(corpus * 10), queries: [new Float32Array(queries * 10)], twins: { t: new Float32Array(twins * 10) } },
      subsets: [{ subset: {} as never, task: 0, twinsShard: 't' }],
    });
    // 200 queries × 250,000 items × 10 dimensions = DENSE_DEVICE_MIN_MULTIPLY_ADDS exactly
    expect(200 * 250_000 * 10).toBe(DENSE_DEVICE_MIN_MULTIPLY_ADDS);
    expect(wantsDenseDevice(dense(200, 240_000, 10_000))).toBe(true);
    expect(wantsDenseDevice(dense(200, 240_000, 9_999))).toBe(false);
    expect(wantsDenseDevice({ scoring: { kind: 'bm25', corpus: [], queries: [[]], twins: {} }, subsets: [] })).toBe(false);
  });
});
