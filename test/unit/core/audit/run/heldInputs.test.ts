import { describe, expect, it } from 'vitest';
import { heldShare, receiveJob, receiveTextSlice, sendJob, slicedJob, type HeldState } from '../../../../../src/core/audit/run/heldInputs.ts';
import type { ModelAuditJob } from '../../../../../src/core/audit/retrieval/modelAudit.ts';

const subsets = [{ subset: { task: 't' }, task: 0, twinsShard: 'tw' }] as unknown as ModelAuditJob['subsets'];
const corpus = ['doc one', 'doc two'];
const base = { subsets, model: { id: 'm' }, timing: { wallMs: 0, textsEmbedded: 0, textsCached: 0, textsPerSecond: 0 }, options: { k: 10 } } as unknown as Omit<ModelAuditJob, 'scoring'>;
const lexical = (kind: 'bm25' | 'tfidf', texts: readonly string[] = corpus): ModelAuditJob => ({ ...base, scoring: { kind, corpus: texts, queries: [['q']], twins: { tw: ['twin'] } } });
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
    // a dense job sends no texts, takes the subsets, and leaves the worker's texts held
    const third = sendJob(page, dense);
    expect(third.sent.subsets).toEqual([]);
    expect(receiveJob(worker, overTheWire(third.sent), third.inputs)).toEqual(dense);
    expect(worker.corpus?.value).toEqual(corpus);
    expect(page.corpus?.value).toBe(corpus);
    // so the next lexical job of the same texts names them again
    const fourth = sendJob(page, lexical('bm25'));
    expect((fourth.sent.scoring as unknown as { corpus: string[] }).corpus).toEqual([]);
    expect(receiveJob(worker, overTheWire(fourth.sent), fourth.inputs)).toEqual(lexical('bm25'));
    // a lexical job of other texts sends them, and they replace the held ones on both sides
    const other = ['doc three'];
    const fifth = sendJob(page, lexical('tfidf', other));
    expect((fifth.sent.scoring as unknown as { corpus: string[] }).corpus).toBe(other);
    receiveJob(worker, overTheWire(fifth.sent), fifth.inputs);
    expect(worker.corpus?.value).toEqual(other);
    expect(page.corpus?.value).toBe(other);
    expect(worker.corpus?.id).toBe(page.corpus?.id);
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
  it('heldShare: a worker holding a job\'s texts is worth more than one holding its subsets, and one holding nothing is worth 0', () => {
    const page: HeldState<object, object> = {};
    expect(heldShare(undefined, lexical('bm25'))).toBe(0);
    expect(heldShare(page, lexical('bm25'))).toBe(0);
    sendJob(page, lexical('bm25'));
    expect(heldShare(page, lexical('tfidf'))).toBe(3);
    expect(heldShare(page, dense)).toBe(1);
    expect(heldShare(page, lexical('tfidf', ['other texts']))).toBe(1);
    expect(heldShare(page, { ...lexical('tfidf'), subsets: [...subsets] })).toBe(2);
  });
  it('slicedJob sends many texts ahead in slices; the worker, given them in order, has the whole job', () => {
    const texts = Array.from({ length: 7 }, (_, i) => `doc ${i}`);
    const page: HeldState<object, object> = {};
    const worker: HeldState<ModelAuditJob['subsets'], readonly string[]> = { corpus: { id: 99, value: ['old'] } };
    const made = sendJob(page, lexical('bm25', texts));
    expect(slicedJob(made.sent, made.inputs, 7)).toBeUndefined(); // not more than a slice: sent as it is
    const sliced = slicedJob(made.sent, made.inputs, 3)!;
    expect(sliced.slices).toEqual([texts.slice(0, 3), texts.slice(3, 6), texts.slice(6)]);
    expect((sliced.sent.scoring as unknown as { corpus: string[] }).corpus).toEqual([]);
    expect(sliced.inputs.take.corpus).toBe(made.inputs.keep.corpus);
    sliced.slices.forEach((slice, i) => receiveTextSlice(worker, sliced.corpusId, i, structuredClone(slice)));
    expect(receiveJob(worker, overTheWire(sliced.sent), sliced.inputs)).toEqual(lexical('bm25', texts));
    // the next job of the same texts names them, as after a job that carried them
    const next = sendJob(page, lexical('tfidf', texts));
    expect(slicedJob(next.sent, next.inputs, 3)).toBeUndefined();
    expect(receiveJob(worker, overTheWire(next.sent), next.inputs)).toEqual(lexical('tfidf', texts));
    // a dense job is never sliced
    expect(slicedJob(dense, { take: {}, keep: {} }, 0)).toBeUndefined();
  });
  it('receiveTextSlice refuses a slice of texts it was not given the start of (a worker started again)', () => {
    expect(() => receiveTextSlice({}, 4, 1, ['x'])).toThrow(/lost the texts/);
    const worker: HeldState<unknown, readonly string[]> = {};
    receiveTextSlice(worker, 4, 0, ['a']);
    expect(() => receiveTextSlice(worker, 5, 1, ['b'])).toThrow(/lost the texts/);
  });
});
