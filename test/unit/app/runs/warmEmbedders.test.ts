/**
 * Embedding models loaded ahead of a run (src/app/runs/warmEmbedders.ts), with a stand-in
 * EmbeddingRunner that records what is done to it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WarmOptions } from '../../../../src/app/runs/warmEmbedders.ts';
import type { ModelProgress } from '../../../../src/core/models/loadProgress.ts';
import type { EmbeddingModelEntry } from '../../../../src/core/models/modelSpec.ts';
import { findModel } from '../../../../src/models/registry.ts';

const made: FakeRunner[] = [];
class FakeRunner {
  disposed = false;
  readonly onProgress?: (p: ModelProgress) => void;
  readonly loading: { resolve: () => void; reject: (e: Error) => void } = { resolve: () => undefined, reject: () => undefined };
  readonly #loaded: Promise<void>;
  constructor(o: { onProgress?: (p: ModelProgress) => void }) {
    this.onProgress = o.onProgress;
    this.#loaded = new Promise<void>((resolve, reject) => Object.assign(this.loading, { resolve, reject }));
    made.push(this);
  }
  load(): Promise<void> {
    return this.#loaded;
  }
  dispose(): void {
    this.disposed = true;
  }
}
vi.mock('../../../../src/models/embeddingRunner.ts', () => ({ EmbeddingRunner: FakeRunner }));

const { takeWarmEmbedder, warmEmbedder, WARM_IDLE_MS } = await import('../../../../src/app/runs/warmEmbedders.ts');
const glove = findModel('fairground-glove-100d') as EmbeddingModelEntry;
const options = (device?: 'wasm' | 'webgpu'): WarmOptions => ({ entry: glove, source: { kind: 'bundled', id: glove.id }, probe: { adapter: false } as never, override: { device } });

beforeEach(() => {
  made.length = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  // leave nothing waiting for the next test
  for (const device of [undefined, 'wasm', 'webgpu'] as const) takeWarmEmbedder(options(device))?.runner.dispose();
  vi.useRealTimers();
});

describe('warmEmbedder(o) and takeWarmEmbedder(o)', () => {
  it('hands the runner it started to the run that asks for the same model, once, with its progress from then on', async () => {
    warmEmbedder(options());
    warmEmbedder(options()); // a second hover: the same runner goes on loading
    expect(made).toHaveLength(1);
    made[0].onProgress?.({ status: 'initiate' } as ModelProgress); // before the run: nobody listens
    const seen: ModelProgress[] = [];
    const warm = takeWarmEmbedder(options());
    expect(warm?.runner).toBe(made[0]);
    warm!.follow((p) => seen.push(p));
    made[0].onProgress?.({ status: 'ready' } as ModelProgress);
    expect(seen).toEqual([{ status: 'ready' }]);
    made[0].loading.resolve();
    await expect(warm!.loaded).resolves.toBeUndefined();
    expect(takeWarmEmbedder(options())).toBeUndefined();
  });

  it('keeps runners of other settings apart: another device is another runner', () => {
    warmEmbedder(options('wasm'));
    expect(takeWarmEmbedder(options('webgpu'))).toBeUndefined();
    expect(takeWarmEmbedder(options('wasm'))?.runner).toBe(made[0]);
  });

  it('lets a runner nobody took go after WARM_IDLE_MS (its workers end), and one taken never', () => {
    warmEmbedder(options('wasm'));
    warmEmbedder(options('webgpu'));
    const taken = takeWarmEmbedder(options('webgpu'));
    vi.advanceTimersByTime(WARM_IDLE_MS);
    expect(made[0].disposed).toBe(true);
    expect((taken?.runner as unknown as FakeRunner | undefined)?.disposed).toBe(false);
    expect(takeWarmEmbedder(options('wasm'))).toBeUndefined();
  });

  it('forgets a runner whose load failed: the run then loads (and reports) on its own', async () => {
    warmEmbedder(options());
    made[0].loading.reject(new Error('network error'));
    await vi.runAllTimersAsync();
    expect(made[0].disposed).toBe(true);
    expect(takeWarmEmbedder(options())).toBeUndefined();
  });
});
