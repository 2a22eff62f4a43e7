import { describe, expect, it } from 'vitest';
import { memoLoader } from '../../../src/app/routing/memoLoader.ts';
import { lazyViewOf } from '../../../src/app/routing/lazyViewOf.ts';
import { ROUTES } from '../../../src/app/router.svelte.ts';

describe('memoLoader(load)', () => {
  it('memoLoader(load)() starts load once and hands every caller the same promise', async () => {
    let calls = 0;
    const load = memoLoader(async () => ++calls);
    const a = load();
    const b = load();
    expect(a).toBe(b);
    expect(await a).toBe(1);
    expect(await load()).toBe(1);
    expect(calls).toBe(1);
  });

  it('memoLoader(load)() forgets a failed load, so the next call tries again', async () => {
    let calls = 0;
    const load = memoLoader(async () => {
      calls++;
      if (calls === 1) throw new Error('chunk not found');
      return 'view';
    });
    await expect(load()).rejects.toThrow('chunk not found');
    expect(await load()).toBe('view');
    expect(calls).toBe(2);
  });
});

describe('lazyViewOf(route, rest)', () => {
  it('lazyViewOf gives Home no lazy view and every other route its own', () => {
    expect(lazyViewOf('home', '')).toBeUndefined();
    for (const r of ROUTES.filter((r) => r.id !== 'home')) expect(lazyViewOf(r.id, '')).toBe(r.id);
  });

  it("lazyViewOf('run', 'predictions') is the predictions view; other sub-paths keep their route's view", () => {
    expect(lazyViewOf('run', 'predictions')).toBe('predictions');
    expect(lazyViewOf('results', 'run-1')).toBe('results');
    expect(lazyViewOf('learn', 'predictions')).toBe('learn');
  });
});
