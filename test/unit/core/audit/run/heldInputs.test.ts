import { describe, expect, it } from 'vitest';
import { receiveJob, sendJob, type HeldState } from '../../../../../src/core/audit/run/heldInputs.ts';
import type { ModelAuditJob } from '../../../../../src/core/audit/retrieval/modelAudit.ts';

const subsets = [{ subset: { task: 't' }, task: 0, twinsShard: 'tw' }] as unknown as ModelAuditJob['subsets'];
const corpus = ['doc one', 'doc two'];
const base = { subsets, model: { id: 'm' }, timing: { wallMs: 0, textsEmbedded: 0, textsCached: 0, textsPerSecond: 0 }, options: { k: 10 } } as unknown as Omit<ModelAuditJob, 'scoring'>;
const lexical = (kind: 'bm25' | 'tfidf'): ModelAuditJob => ({ ...base, scoring: { kind, corpus, queries: [['q']], twins: { tw: ['twin'] } } });
const dense: ModelAuditJob = { ...base, scoring: { kind: 'dense', dim: 1, corpus: Float32Array.of(1, 2), queries: [Float32Array.of(1)], twins: { tw: Float32Array.of(3) } } };

/** A job as the worker receives it: a structured clone of what was sent. */
const overTheWire = (job: ModelAuditJob) => structuredClone(job);

describe('sendJob(state, job) and receiveJob(state, job, inputs)', () => {
  it('send a run\'s subsets and a lexical corpus once; later jobs name them and the worker has them whole', () => {
    const page: HeldState<object, object> = {};
    const worker: HeldState<ModelAuditJob['subsets'], readonly string[]> = {};
    const first = sendJob(page, lexical('bm25'));
    expect(first.sent.subsets).toBe(subsets);
    expect(receiveJob(worker, overTheWire(first.sent), first.inputs)).toEqual(lexical('bm25'));
    const second = sendJob(page, lexical('tfidf'));
    expect(second.sent.subsets).toEqual([]);
    expect((second.sent.scoring as unknown as { corpus: string[] }).corpus).toEqual([]);
    expect(receiveJob(worker, overTheWire(second.sent), second.inputs)).toEqual(lexical('tfidf'));
    // a dense job sends no texts, takes the subsets, and lets the worker's texts go
    const third = sendJob(page, dense);
    expect(third.sent.subsets).toEqual([]);
    expect(receiveJob(worker, overTheWire(third.sent), third.inputs)).toEqual(dense);
    expect(worker.corpus).toBeUndefined();
    expect(page.corpus).toBeUndefined();
    // so the next lexical job sends its texts again
    const fourth = sendJob(page, lexical('bm25'));
    expect((fourth.sent.scoring as unknown as { corpus: string[] }).corpus).toBe(corpus);
    expect(receiveJob(worker, overTheWire(fourth.sent), fourth.inputs)).toEqual(lexical('bm25'));
  });
  it('receiveJob throws when a job names what the worker does not hold (a worker started again)', () => {
    const page: HeldState<object, object> = {};
    sendJob(page, lexical('bm25'));
    const again = sendJob(page, lexical('tfidf'));
    expect(() => receiveJob({}, overTheWire(again.sent), again.inputs)).toThrow(/no longer holds/);
  });
  it('a job without inputs is taken as it is, and the worker lets go of what it held', () => {
    const worker: HeldState<ModelAuditJob['subsets'], readonly string[]> = { subsets: { id: 5, value: subsets }, corpus: { id: 6, value: corpus } };
    expect(receiveJob(worker, dense)).toEqual(dense);
    expect(worker).toEqual({ subsets: undefined, corpus: undefined });
  });
});
