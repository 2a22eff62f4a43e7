/**
 * A model that fails mid-run (issue 12: "a worker that throws or is
 * terminated mid-batch"): the run fails with an error naming the model and
 * what failed, the models finished before keep their results (onModelDone),
 * and a retry with them as `finished` runs only the rest — and gives the same
 * results as a run that never failed.
 */
import { describe, expect, it } from 'vitest';
import { ModelRunError } from '../../../../../src/core/audit/run/cancel.ts';
import { auditModelJob } from '../../../../../src/core/audit/retrieval/modelAudit.ts';
import type { TextEmbedder } from '../../../../../src/core/audit/run/ports.ts';
import { runRetrievalFairness, type RetrievalModelPort } from '../../../../../src/core/audit/run/retrieval.ts';
import type { ModelResult } from '../../../../../src/core/audit/retrieval/results.ts';
import { folderDataset } from '../../../../../src/cli/node/datasetPort.ts';

/** A deterministic 4-d "embedding" from character codes; `failOnCall` throws on that embed call (1-based). */
function toyEmbedder(failOnCall?: number): TextEmbedder {
  let calls = 0;
  return {
    device: 'wasm',
    dtype: 'fp32',
    async embed(texts) {
      calls++;
      if (calls === failOnCall) throw new Error('batch 2 of 5: the model worker stopped: out of memory');
      const vectors = new Float32Array(texts.length * 4);
      texts.forEach((t, i) => {
        for (let c = 0; c < t.length; c++) vectors[i * 4 + (t.charCodeAt(c) % 4)] += 1;
      });
      return { vectors, dims: 4, computed: texts.length, cached: 0 };
    },
    dispose() {},
  };
}

type EmbeddingPort = Extract<RetrievalModelPort, { kind: 'embedding' }>;

const toy = (failOnCall?: number): EmbeddingPort => ({
  key: 'toy',
  kind: 'embedding',
  descriptor: { id: 'toy', label: 'Toy embedder', revision: 'test' },
  open: async () => toyEmbedder(failOnCall),
});

const plan = (models: RetrievalModelPort[]) => ({ tasks: ['briefs'], models, k: 10, bootstrap: 20, seed: 1, environment: { runtime: 'node' as const } });
const strip = (v: unknown) => JSON.parse(JSON.stringify(v, (k, x) => (k === 'timing' || k === 'createdAt' ? undefined : x)));

describe('runRetrievalFairness(plan, ports, hooks) when a model fails', () => {
  it('rejects with a ModelRunError naming the model, after handing over the models finished before', async () => {
    const dataset = await folderDataset('datasets/freelance-twins');
    const done: Record<string, readonly ModelResult[]> = {};
    const run = runRetrievalFairness(plan([{ key: 'bm25', kind: 'bm25' }, toy(2), { key: 'tfidf', kind: 'tfidf' }]), { dataset }, {
      onModelDone: (key, results) => void (done[key] = results),
    });
    await expect(run).rejects.toThrow(ModelRunError);
    await expect(run).rejects.toThrow('Toy embedder: batch 2 of 5: the model worker stopped: out of memory');
    expect(Object.keys(done)).toEqual(['bm25']);

    const opened: string[] = [];
    const retried = await runRetrievalFairness(
      plan([{ key: 'bm25', kind: 'bm25' }, { ...toy(), open: async (r) => (opened.push('toy'), toy().open(r)) }, { key: 'tfidf', kind: 'tfidf' }]),
      { dataset, compute: { auditModel: (job, onDone) => (opened.push(job.model.id), auditModelJob(job, onDone)) } },
      { finished: done },
    );
    // bm25 is not run again; tfidf is audited while toy embeds (run/pipeline.ts), then toy.
    expect(opened).toEqual(['toy', 'tfidf', 'toy']);
    const straight = await runRetrievalFairness(plan([{ key: 'bm25', kind: 'bm25' }, toy(), { key: 'tfidf', kind: 'tfidf' }]), { dataset });
    expect(strip(retried.subsets)).toEqual(strip(straight.subsets));
  }, 60_000);
});
