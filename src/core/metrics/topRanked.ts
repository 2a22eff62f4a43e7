import { compareRanked } from '../ranking.ts';
import type { Scored } from '../ranking.ts';

/**
 * Indices of the first `depth` items of `items` under the tie rule
 * (score descending, then identifier descending; ranking.ts), in rank order.
 * Fewer than `depth` items: all of them. No item objects are copied.
 *
 * When depth is small against n, a bounded heap keeps the best `depth`
 * (O(n log depth)); otherwise all indices are sorted (O(n log n)).
 */
export function topRankedIndices(items: readonly Scored[], depth: number): Uint32Array {
  const n = items.length;
  const cmp = (a: number, b: number) => compareRanked(items[a], items[b]);
  const m = Math.max(0, Math.min(depth, n));
  if (m * 4 >= n) {
    const all = new Uint32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    all.sort(cmp);
    return all.slice(0, m);
  }
  // heap[0] is the worst of the kept items (the one ranked lowest).
  const heap = new Uint32Array(m);
  let size = 0;
  const worse = (a: number, b: number) => cmp(a, b) > 0;
  const siftDown = (start: number) => {
    let i = start;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let w = i;
      if (l < size && worse(heap[l], heap[w])) w = l;
      if (r < size && worse(heap[r], heap[w])) w = r;
      if (w === i) return;
      [heap[i], heap[w]] = [heap[w], heap[i]];
      i = w;
    }
  };
  for (let idx = 0; idx < n; idx++) {
    if (size < m) {
      let i = size++;
      heap[i] = idx;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i], heap[parent])) break;
        [heap[i], heap[parent]] = [heap[parent], heap[i]];
        i = parent;
      }
    } else if (m > 0 && cmp(idx, heap[0]) < 0) {
      heap[0] = idx;
      siftDown(0);
    }
  }
  return heap.sort(cmp);
}
