/**
 * auditModelJob's `pause` (a worker gives its event loop a task between query blocks): the results
 * are the same with it as without, for a lexical model (then scored a query a block) and a dense
 * one, and it is awaited between blocks.
 */
import { describe, expect, it } from 'vitest';
import { auditModelJob } from '../../../../../src/core/audit/retrieval/modelAudit.ts';

const words = ['nurse', 'night', 'shift', 'care', 'ward', 'data', 'analyst', 'sql', 'report', 'team', 'lead', 'sales'];
const text = (i: number, n: number) => Array.from({ length: n }, (_, j) => words[(i * 7 + j * 5) % words.length]).join(' ');
const nDocs = 60;
const nQueries = 12;
const subset = {
  task: 'main',
  twinsTask: 'gender',
  queries: Array.from({ length: nQueries }, (_, i) => ({ id: `q${String(i).padStart(2, '0')}` })),
  corpus: Array.from({ length: nDocs }, (_, i) => ({ id: `d${String(i).padStart(3, '0')}` })),
  qrels: new Map(Array.from({ length: nQueries }, (_, i) => [`q${String(i).padStart(2, '0')}`, new Map([[`d${String((i * 5) % nDocs).padStart(3, '0')}`, 1]])])),
  twins: Array.from({ length: 20 }, (_, t) => ({ id: `d${String(t * 3).padStart(3, '0')}`, twinId: `t${t}`, group: t % 2 ? 'female' : 'male', twinGroup: t % 2 ? 'male' : 'female' })),
  relevanceThreshold: 1,
  groups: ['female', 'male'] as const,
};
const base = {
  subsets: [{ subset, task: 0, twinsShard: 'twins' }],
  model: { id: 'm', label: 'M', kind: 'bm25', revision: 'r', dtype: 'fp64', device: 'cpu' },
  timing: { wallMs: 0, textsEmbedded: 0, textsCached: 0, textsPerSecond: 0 },
  options: { k: 5, bootstrap: 50, seed: 3 },
};
const lexical = (kind: 'bm25' | 'tfidf') => ({
  ...base,
  scoring: { kind, corpus: Array.from({ length: nDocs }, (_, i) => text(i, 6 + (i % 5))), queries: [Array.from({ length: nQueries }, (_, i) => text(i * 2, 2))], twins: { twins: Array.from({ length: 20 }, (_, t) => text(t * 3 + 1, 7)) } },
});
const dim = 8;
const vector = (seed: number) => Float32Array.from({ length: dim }, (_, i) => Math.sin(seed * 12.9898 + i * 78.233));
const rows = (n: number, offset: number) => {
  const out = new Float32Array(n * dim);
  for (let r = 0; r < n; r++) out.set(vector(r + offset), r * dim);
  return out;
};
const dense = { ...base, scoring: { kind: 'dense' as const, dim, corpus: rows(nDocs, 0), queries: [rows(nQueries, 1000)], twins: { twins: rows(20, 2000) } } };
const strip = (r: unknown) => JSON.parse(JSON.stringify(r, (k, x) => (k === 'timing' ? undefined : x)));

describe('auditModelJob(job, …, { pause })', () => {
  it('gives the same results with a pause between blocks as without, and awaits it', async () => {
    for (const job of [lexical('bm25'), lexical('tfidf'), dense]) {
      const without = strip(await auditModelJob(job as never));
      let pauses = 0;
      const pause = () => new Promise<void>((resolve) => setTimeout(() => (pauses++, resolve()), 0));
      const progress: number[] = [];
      const withPause = strip(await auditModelJob(job as never, undefined, undefined, { pause, onQueries: (_s, done) => progress.push(done) }));
      expect(withPause).toEqual(without);
      expect(pauses).toBeGreaterThan(0);
      expect(progress.at(-1)).toBe(nQueries);
    }
  });
});
