import { describe, expect, it } from 'vitest';
import { kendallTauB, pearson } from '../../../../src/core/stats/correlation.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';

/** Naive O(n²) τ-b from the definition, to check the O(n log n) algorithm. */
function naiveTauB(x: number[], y: number[]): number {
  let c = 0;
  let d = 0;
  let tx = 0;
  let ty = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const s = Math.sign(x[i] - x[j]) * Math.sign(y[i] - y[j]);
      if (s > 0) c++;
      else if (s < 0) d++;
      else if (x[i] === x[j] && y[i] !== y[j]) tx++;
      else if (y[i] === y[j] && x[i] !== x[j]) ty++;
    }
  }
  return (c - d) / Math.sqrt((c + d + tx) * (c + d + ty));
}

describe('pearson', () => {
  it('pearson([1, 2, 3], [2, 4, 7]) returns 15/√228', () => {
    // dx = −1, 0, 1; dy = −7/3, −1/3, 8/3; Σdxdy = 5, Σdx² = 2, Σdy² = 114/9
    expect(pearson([1, 2, 3], [2, 4, 7])).toBeCloseTo(15 / Math.sqrt(228), 14);
  });

  it('pearson returns ±1 for perfectly linear data, never beyond', () => {
    const up = pearson([0.1, 0.2, 0.3, 0.7], [0.3, 0.6, 0.9, 2.1])!;
    const down = pearson([0.1, 0.2, 0.3], [0.3, 0.2, 0.1])!;
    expect(up).toBeCloseTo(1, 14);
    expect(up).toBeLessThanOrEqual(1);
    expect(down).toBeCloseTo(-1, 14);
    expect(down).toBeGreaterThanOrEqual(-1);
  });

  it('pearson returns undefined for n < 2 or a constant sample', () => {
    expect(pearson([1], [2])).toBeUndefined();
    expect(pearson([], [])).toBeUndefined();
    expect(pearson([0.1, 0.1, 0.1], [1, 2, 3])).toBeUndefined();
    expect(pearson([1, 2, 3], [5, 5, 5])).toBeUndefined();
  });

  it('pearson throws a RangeError for samples of different lengths and returns NaN for NaN input', () => {
    expect(() => pearson([1, 2], [1, 2, 3])).toThrow(RangeError);
    expect(pearson([1, NaN, 3], [1, 2, 3])).toBeNaN();
  });
});

describe('kendallTauB', () => {
  it('kendallTauB([1, 2, 3], [1, 3, 2]) returns (2 − 1)/3', () => {
    expect(kendallTauB([1, 2, 3], [1, 3, 2])).toBeCloseTo(1 / 3, 15);
  });

  it('kendallTauB corrects for ties: x = [1, 1, 2], y = [1, 2, 3] gives 2/√6', () => {
    // n0 = 3, n1 = 1 (x tie), n2 = 0, C = 2, D = 0 → 2/√(2·3)
    expect(kendallTauB([1, 1, 2], [1, 2, 3])).toBeCloseTo(2 / Math.sqrt(6), 15);
  });

  it('kendallTauB counts a pair tied in both samples in neither denominator term', () => {
    // x = [1, 1, 2, 3], y = [5, 5, 6, 4]: pairs (0,1) joint tie; (0,2) C; (0,3) D; (1,2) C; (1,3) D; (2,3) D
    // n0 = 6, n1 = 1, n2 = 1, n3 = 1, C − D = −1 → −1/√(5·5)
    expect(kendallTauB([1, 1, 2, 3], [5, 5, 6, 4])).toBeCloseTo(-0.2, 15);
  });

  it('kendallTauB agrees with the O(n²) definition on random tied data', () => {
    const rng = createRng(2024);
    for (let t = 0; t < 20; t++) {
      const n = 2 + rng.int(120);
      const x = Array.from({ length: n }, () => rng.int(7));
      const y = Array.from({ length: n }, (_, i) => x[i] + rng.int(5) - 2);
      if (new Set(x).size < 2 || new Set(y).size < 2) continue;
      expect(kendallTauB(x, y)).toBeCloseTo(naiveTauB(x, y), 12);
    }
  });

  it('kendallTauB returns undefined for n < 2 or a constant sample, and ±1 for a (reversed) order', () => {
    expect(kendallTauB([1], [1])).toBeUndefined();
    expect(kendallTauB([2, 2, 2], [1, 2, 3])).toBeUndefined();
    expect(kendallTauB([1, 2, 3], [4, 4, 4])).toBeUndefined();
    expect(kendallTauB([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(kendallTauB([1, 2, 3, 4], [40, 30, 20, 10])).toBe(-1);
  });

  it('kendallTauB throws a RangeError for samples of different lengths', () => {
    expect(() => kendallTauB([1, 2], [1])).toThrow(RangeError);
  });
});

/** The former kendallTauB (index sort with a comparator), kept to pin the faster sorts to it exactly. */
function formerTauB(x: ArrayLike<number>, y: ArrayLike<number>): number | undefined {
  const n = x.length;
  if (n < 2) return undefined;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => x[a] - x[b] || y[a] - y[b]);
  const tied = (eq: (a: number, b: number) => boolean) => {
    let pairs = 0;
    let run = 1;
    for (let i = 1; i <= n; i++) {
      if (i < n && eq(order[i], order[i - 1])) run++;
      else {
        pairs += (run * (run - 1)) / 2;
        run = 1;
      }
    }
    return pairs;
  };
  const total = (n * (n - 1)) / 2;
  const xTies = tied((a, b) => x[a] === x[b]);
  const jointTies = tied((a, b) => x[a] === x[b] && y[a] === y[b]);
  const ys = order.map((i) => y[i]);
  let discordant = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (ys[i] > ys[j]) discordant++;
  const sortedY = [...ys].sort((a, b) => a - b);
  let yTies = 0;
  let run = 1;
  for (let i = 1; i <= n; i++) {
    if (i < n && sortedY[i] === sortedY[i - 1]) run++;
    else {
      yTies += (run * (run - 1)) / 2;
      run = 1;
    }
  }
  if (xTies === total || yTies === total) return undefined;
  const tau = (total - xTies - yTies + jointTies - 2 * discordant) / Math.sqrt(total - xTies) / Math.sqrt(total - yTies);
  return Math.max(-1, Math.min(1, tau));
}

describe('kendallTauB merge sorts', () => {
  it('equal the former comparator sort to the last bit, on random, presorted and reversed tied data', () => {
    const rng = createRng(99);
    for (const n of [2, 3, 16, 17, 31, 64, 257, 1_500]) {
      for (const levels of [2, 5, 40, 10_000]) {
        const x = Array.from({ length: n }, () => rng.int(levels) / 7);
        const y = x.map((v) => (rng.next() < 0.2 ? v : rng.int(levels) / 7 - 0.5));
        const asc = x.map((v, i) => [v, y[i]]).sort((a, b) => a[0] - b[0]);
        for (const [xs, ys] of [
          [x, y],
          [asc.map((p) => p[0]), asc.map((p) => p[1])],
          [asc.map((p) => p[0]).reverse(), asc.map((p) => p[1])],
        ]) {
          expect(kendallTauB(xs, ys)).toBe(formerTauB(xs, ys));
        }
      }
    }
  });
});

describe('tiedRuns(values, alsoEqual)', () => {
  it('tiedRuns(Float64Array.of(3, 3, 2, 2, 2)) counts 1 + 3 tied pairs', async () => {
    const { tiedRuns } = await import('../../../../src/core/stats/correlation.ts');
    expect(tiedRuns(Float64Array.of(3, 3, 2, 2, 2))).toBe(4);
    expect(tiedRuns(Float64Array.of(1, 1, 1), Float64Array.of(5, 5, 6))).toBe(1);
    expect(tiedRuns(new Float64Array(0))).toBe(0);
  });
});
