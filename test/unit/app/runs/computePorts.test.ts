/**
 * Which compute worker a browser run's job goes to (computePorts.ts `retrievalLanes`), with fake
 * workers that record what they were sent: the texts stay on the worker that holds them, and a
 * dense model with large vectors gets a worker of its own that is ended after its audit.
 */
import { describe, expect, it } from 'vitest';
import type * as Comlink from 'comlink';
import type { ComputeApi } from '../../../../workers/compute.worker.ts';
import { OWN_WORKER_VECTOR_BYTES, retrievalLanes } from '../../../../src/app/runs/computePorts.ts';
import type { ModelAuditJob, ModelScoring } from '../../../../src/core/audit/retrieval/index.ts';

/** Fake workers by lane; each started one is a new object, and records the jobs it audited. */
function fakeWorkers() {
  const started: { lane: number; audited: string[] }[] = [];
  const remote = (lane: number) => {
    const worker = { lane, audited: [] as string[] };
    started.push(worker);
    const api = {
      holdTextSlice: async () => undefined,
      auditModel: async (job: ModelAuditJob) => (worker.audited.push(job.model.id), []),
    };
    return api as unknown as Comlink.Remote<ComputeApi>;
  };
  return { started, remote };
}

const subsets: ModelAuditJob['subsets'] = [];
const texts = ['a b', 'b c'];

function job(id: string, scoring: ModelScoring): ModelAuditJob {
  return { subsets, model: { id, label: id, kind: 'baseline', revision: '-', dtype: '-', device: '-' }, timing: { wallMs: 0, textsEmbedded: 0, textsCached: 0, textsPerSecond: 0 }, scoring, options: { bootstrap: 0 } } as unknown as ModelAuditJob;
}
const lexical = (id: 'bm25' | 'tfidf') => job(id, { kind: id, corpus: texts, queries: [['a']], twins: {} });
const dense = (id: string, floats: number) => job(id, { kind: 'dense', dim: 4, corpus: new Float32Array(floats), queries: [new Float32Array(4)], twins: {} });
const large = OWN_WORKER_VECTOR_BYTES / 4;

describe('retrievalLanes(count, remote, signal, stop, end)', () => {
  it('gives a dense job of large vectors a worker of its own, not the one holding the texts, and ends it after', async () => {
    const { started, remote } = fakeWorkers();
    const ended: number[] = [];
    const [port] = retrievalLanes(2, remote, undefined, undefined, (i) => ended.push(i));
    await port.auditModel(lexical('bm25'));
    await port.auditModel(dense('glove', large));
    expect(ended).toEqual([1]);
    await port.auditModel(lexical('tfidf'));
    await port.auditModel(dense('glove-again', large));
    expect(started.map((w) => [w.lane, w.audited])).toEqual([
      [0, ['bm25', 'tfidf']],
      [1, ['glove']],
      [1, ['glove-again']],
    ]);
    expect(ended).toEqual([1, 1]);
  });

  it('keeps a dense job of small vectors, or one without a second lane or `end`, on the worker that holds its inputs', async () => {
    for (const [count, withEnd, floats] of [[2, true, 1024], [1, true, large], [2, false, large]] as const) {
      const { started, remote } = fakeWorkers();
      const ended: number[] = [];
      const [port] = retrievalLanes(count, remote, undefined, undefined, withEnd ? (i) => ended.push(i) : undefined);
      await port.auditModel(lexical('bm25'));
      await port.auditModel(dense('glove', floats));
      expect(started.map((w) => [w.lane, w.audited]), `${count} lanes, end ${withEnd}, ${floats} floats`).toEqual([[0, ['bm25', 'glove']]]);
      expect(ended).toEqual([]);
    }
  });

  it('leaves a dense job on the first lane when the other holds texts', async () => {
    const { started, remote } = fakeWorkers();
    const ended: number[] = [];
    const lanes = retrievalLanes(2, remote, undefined, undefined, (i) => ended.push(i));
    // Lane 1 takes TF-IDF (lane 0 busy with BM25); then lane 1 holds texts, so the dense job goes to lane 0 once it is idle.
    const first = lanes[0].auditModel(lexical('bm25'));
    await lanes[1].auditModel(job('tfidf', { kind: 'tfidf', corpus: ['other'], queries: [['a']], twins: {} }));
    await first;
    await lanes[0].auditModel(dense('glove', large));
    expect(started.map((w) => [w.lane, w.audited])).toEqual([
      [0, ['bm25', 'glove']],
      [1, ['tfidf']],
    ]);
    expect(ended).toEqual([]);
  });
});
