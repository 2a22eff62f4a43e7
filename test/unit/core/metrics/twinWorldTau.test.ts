/**
 * Pins twinWorldTau (counts added up over R×R, S×R and S×S) to kendallTauB
 * on the two full n-vectors, bit for bit, on random pools with many ties —
 * twin scores equal to their original, to another document's score, and
 * -0 against 0 included.
 */
import { describe, expect, it } from 'vitest';
import { rankPool } from '../../../../src/core/metrics/rankedPool.ts';
import { twinWorldTau } from '../../../../src/core/metrics/twinWorldTau.ts';
import { kendallTauB } from '../../../../src/core/stats/correlation.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';

const rng = createRng(917);

function randomCase(n: number, levels: number, share: number) {
  const grid = (v: number) => (v === 0 && rng.next() < 0.5 ? -0 : v);
  const scores = Array.from({ length: n }, () => grid(rng.int(levels) / levels - 0.5));
  const keys = Uint32Array.from(scores.keys());
  const index: number[] = [];
  for (let i = 0; i < n; i++) if (rng.next() < share) index.push(i);
  const twin = index.map((i) => {
    const r = rng.next();
    if (r < 0.2) return scores[i]; // the twin scores as its original
    if (r < 0.4) return scores[rng.int(n)]; // ties another document
    return grid(rng.int(levels) / levels - 0.5);
  });
  return { scores, keys, index, twin };
}

describe('twinWorldTau', () => {
  it.each([2, 3, 17, 100, 1_000, 4_001])('equals kendallTauB(x, twin world) to the last bit (n = %d)', (n) => {
    for (const levels of [1, 2, 7, 100, 1 << 20]) {
      for (const share of [0, 0.1, 0.5, 1]) {
        const { scores, keys, index, twin } = randomCase(n, levels, share);
        const world = scores.slice();
        index.forEach((i, j) => (world[i] = twin[j]));
        const pool = rankPool(scores, keys);
        expect(twinWorldTau(pool, index, twin)).toBe(kendallTauB(scores, world));
      }
    }
  });

  it('equals kendallTauB at 80,000 items with 50,000+ twins (the radix sorts of the twins’ scores)', () => {
    for (const levels of [7, 1 << 20]) {
      const { scores, keys, index, twin } = randomCase(80_000, levels, 0.7);
      const world = scores.slice();
      index.forEach((i, j) => (world[i] = twin[j]));
      expect(twinWorldTau(rankPool(scores, keys), index, twin)).toBe(kendallTauB(scores, world));
    }
  });

  it('is undefined for a pool of one and for constant worlds', () => {
    expect(twinWorldTau(rankPool([1], [0]), [0], [2])).toBeUndefined();
    expect(twinWorldTau(rankPool([1, 1, 1], [0, 1, 2]), [], [])).toBeUndefined();
    // x constant, y not: undefined as kendallTauB
    expect(twinWorldTau(rankPool([1, 1, 1], [0, 1, 2]), [1], [5])).toBeUndefined();
  });

  it('works a hand case: x = [3, 2, 1], d₃ swapped for 4 gives y = [3, 2, 4], τ = −1/3', () => {
    // pairs (1,2) concordant, (1,3) and (2,3) discordant: (1 − 2)/3
    expect(twinWorldTau(rankPool([3, 2, 1], [0, 1, 2]), [2], [4])).toBeCloseTo(-1 / 3, 15);
  });
});
