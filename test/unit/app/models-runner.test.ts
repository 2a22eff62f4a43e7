/**
 * The embedding runner as the Models view uses it ("Try it"), with an
 * in-process worker: a Comlink endpoint on a MessageChannel, one per worker
 * the runner starts, each with its own "loaded" state like the real worker.
 */
import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmbeddingRunner } from '../../../src/models/embeddingRunner.ts';
import { findModel } from '../../../src/models/registry.ts';
import type { EmbeddingModelEntry } from '../../../src/models/modelSpec.ts';

const glove = findModel('fairground-glove-100d') as EmbeddingModelEntry;

/** Workers whose first load fails (as a download cut off mid-way does); later ones load. */
function flakyWorkers() {
  const loads: boolean[] = [];
  const create = () => {
    let loaded = false;
    const api = {
      async load() {
        const ok = loads.length > 0;
        loads.push(ok);
        if (!ok) throw new Error('network error');
        loaded = true;
        return { dims: 2 };
      },
      async embed(texts: string[]) {
        if (!loaded) throw new Error('no model loaded: call load() first');
        return new Float32Array(texts.length * 2).fill(0.5);
      },
      async loseDevice() {
        return false;
      },
      async dispose() {},
    };
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(api, port2 as unknown as Comlink.Endpoint);
    return Object.assign(port1, { terminate: () => port1.close() }) as unknown as Worker;
  };
  return { loads, create };
}

afterEach(() => vi.unstubAllGlobals());

describe('EmbeddingRunner after a failed load', () => {
  it('loads again in a fresh worker on the next call instead of using the unloaded one', async () => {
    vi.stubGlobal('navigator', { hardwareConcurrency: 2 });
    const workers = flakyWorkers();
    const runner = new EmbeddingRunner({ entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { kind: 'wasm', reason: 'test' }, createWorker: workers.create });
    await expect(runner.embed(['a'], 'document')).rejects.toThrow(/network error/);
    const r = await runner.embed(['a', 'b'], 'document');
    expect(workers.loads).toEqual([false, true]);
    expect(r.vectors.map((v) => Array.from(v))).toEqual([[0.5, 0.5], [0.5, 0.5]]);
    expect(r.computed).toBe(2);
    runner.dispose();
  });
});
