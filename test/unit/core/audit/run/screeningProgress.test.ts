/** Screening progress (issue 49): an LLM's passes say their tokens per second beside the pairs and time left. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screeningProgress } from '../../../../../src/core/audit/run/screeningProgress.ts';
import type { ModelRunProgress } from '../../../../../src/core/audit/run/progress.ts';

const work = { originals: [{ jobId: 'j', cvId: 'a', variantId: '' }, { jobId: 'j', cvId: 'b', variantId: '' }], variants: [{ jobId: 'j', cvId: 'a', variantId: 'v' }] };

describe('screeningProgress', () => {
  afterEach(() => vi.restoreAllMocks());
  it('adds the pass\'s tokens per second when the scorer counts tokens, and nothing when it does not', () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const seen: ModelRunProgress[] = [];
    const p = screeningProgress(work, 2, (x) => seen.push(x));
    p.run(1, 2);
    now += 2000;
    p.batch(1, 3000); // 3,000 tokens in 2 s
    expect(seen.at(-1)!.message).toBe('run 1/2 of the originals · 1,500 tokens/s');
    expect(seen.at(-1)!.done).toBe(1);
    p.variants();
    now += 500;
    p.batch(1); // a decision model: no token count
    expect(seen.at(-1)!.message).toBe('variants');
    expect(seen.at(-1)!.done).toBe(5);
  });
});
