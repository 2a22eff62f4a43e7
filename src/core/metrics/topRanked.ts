import type { Scored } from '../ranking.ts';

/**
 * Indices of the first `depth` items of `items` under the tie rule
 * (score descending, then identifier descending; ranking.ts), in rank order.
 * Fewer than `depth` items: all of them. No item objects are copied.
 *
 * When depth is small against n, a bounded heap keeps the best `depth`
 * (O(n log depth)); otherwise all indices are sorted (O(n log n)).
 * The comparison is ranking.ts's `compareRanked` read from flat arrays
 * (scores in a Float64Array), which keeps the hot loop free of property
 * look-ups; a test pins it to `rankItems`.
 */
export function topRankedIndices(items: readonly Scored[], depth: number): Uint32Array {
  const n = items.length;
  const scores = new Float64Array(n);
  const ids = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    scores[i] = items[i].score;
    ids[i] = items[i].id;
  }
  const cmp = (a: number, b: number): number => {
    const sa = scores[a];
    const sb = scores[b];
    if (sa !== sb) return sb - sa;
    const ia = ids[a];
    const ib = ids[b];
    return ia < ib ? 1 : ia > ib ? -1 : 0;
  };
  const m = Math.max(0, Math.min(depth, n));
  if (m * 4 >= n) {
    const all = new Array<number>(n);
    for (let i = 0; i < n; i++) all[i] = i;
    all.sort(cmp);
    return Uint32Array.from(all.length > m ? all.slice(0, m) : all);
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
      const tmp = heap[i];
      heap[i] = heap[w];
      heap[w] = tmp;
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
        const tmp = heap[i];
        heap[i] = heap[parent];
        heap[parent] = tmp;
        i = parent;
      }
    } else if (m > 0 && cmp(idx, heap[0]) < 0) {
      heap[0] = idx;
      siftDown(0);
    }
  }
  return heap.sort(cmp);
}
