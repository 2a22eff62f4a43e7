import type { Scored } from '../ranking.ts';

/**
 * Indices of the first `depth` items of `items` under the tie rule
 * (score descending, then identifier descending; ranking.ts), in rank order.
 * Fewer than `depth` items: all of them. No item objects are copied.
 *
 * When depth is small against n, a bounded heap keeps the best `depth`
 * (O(n log depth)); otherwise all indices are sorted (O(n log n)).
 * Both use ranking.ts's `compareRanked` order; a test pins them to `rankItems`.
 */
export function topRankedIndices(items: readonly Scored[], depth: number): Uint32Array {
  const n = items.length;
  const m = Math.max(0, Math.min(depth, n));
  if (m * 4 >= n) return sortedIndices(items, m);
  // heap[0] is the worst of the kept items (the one ranked lowest). The heap
  // compares items through their objects; it does only O(m log m) work per
  // admitted item, and few are admitted.
  const cmp = (a: number, b: number): number => {
    const sa = items[a].score;
    const sb = items[b].score;
    if (sa !== sb) return sb - sa;
    const ia = items[a].id;
    const ib = items[b].id;
    return ia < ib ? 1 : ia > ib ? -1 : 0;
  };
  const heap = new Uint32Array(m);
  const worse = (a: number, b: number) => cmp(a, b) > 0;
  let idx = 0;
  for (; idx < m; idx++) heapPush(heap, idx, worse);
  if (m > 0) {
    // The scan of the remaining items is the hot loop (10^7 items in the
    // benchmark). It reads only each item's score and compares it with the
    // heap's worst score, kept in a local; the identifier is read only on a
    // score tie. (It used to copy every score and id into per-query arrays
    // first, a second pass over all items.) `cmp(idx, heap[0]) < 0` written
    // out: sb − sa < 0 ⇔ sa > sb, and on sa === sb the larger id wins.
    let worstScore = items[heap[0]].score;
    for (; idx < n; idx++) {
      const item = items[idx];
      const sa = item.score;
      if (sa > worstScore || (sa === worstScore && item.id > items[heap[0]].id)) {
        heap[0] = idx;
        heapSiftDown(heap, m, worse);
        worstScore = items[heap[0]].score;
      }
    }
  }
  return heap.sort(cmp);
}

/** The first m of all n indices sorted under the tie rule, from flat copies of scores and ids. */
function sortedIndices(items: readonly Scored[], m: number): Uint32Array {
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
  const all = new Array<number>(n);
  for (let i = 0; i < n; i++) all[i] = i;
  all.sort(cmp);
  return Uint32Array.from(all.length > m ? all.slice(0, m) : all);
}

/**
 * `topRankedIndices` over parallel arrays: the first `depth` indices by score
 * descending, then tie key descending (rankedPool.ts `tieKeys`: a larger key
 * is a larger identifier, so the order is the tie rule's), in rank order.
 * For the streaming audit, whose scores come as a typed array per query.
 */
export function topRankedByKey(scores: ArrayLike<number>, keys: ArrayLike<number>, depth: number): Uint32Array {
  const n = scores.length;
  const m = Math.max(0, Math.min(depth, n));
  // a ranks before b
  const before = (a: number, b: number) => scores[a] > scores[b] || (scores[a] === scores[b] && keys[a] > keys[b]);
  const worse = (a: number, b: number) => before(b, a);
  const heap = new Uint32Array(m); // heap[0]: the lowest ranked of those kept
  for (let idx = 0; idx < n; idx++) {
    if (idx < m) heapPush(heap, idx, worse);
    else if (m > 0 && before(idx, heap[0])) {
      heap[0] = idx;
      heapSiftDown(heap, m, worse);
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
}

/**
 * `topRankedIndices` over the first `n` entries of parallel arrays (a score and an identifier per
 * item), so a streamed query needs no object per ranked document. Same order, same bounded heap.
 */
export function topRankedOfColumns(scores: Float64Array, ids: readonly string[], n: number, depth: number): Uint32Array {
  const m = Math.max(0, Math.min(depth, n));
  // a ranks before b: score descending, then identifier descending (ranking.ts)
  const before = (a: number, b: number) => scores[a] > scores[b] || (scores[a] === scores[b] && ids[a] > ids[b]);
  const worse = (a: number, b: number) => before(b, a);
  const heap = new Uint32Array(m); // heap[0]: the lowest ranked of those kept
  let idx = 0;
  for (; idx < m; idx++) heapPush(heap, idx, worse);
  if (m > 0) {
    // the hot loop reads one score per item; the identifier only on a tie with the heap's worst
    let worst = scores[heap[0]];
    for (; idx < n; idx++) {
      const s = scores[idx];
      if (s > worst || (s === worst && ids[idx] > ids[heap[0]])) {
        heap[0] = idx;
        heapSiftDown(heap, m, worse);
        worst = scores[heap[0]];
      }
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
}

/**
 * The three bounded heaps' one heap: `heap` holds item indices with the lowest ranked at heap[0];
 * `worse(a, b)` is true when item a ranks strictly after item b. heapPush puts `item` at heap[item] (the heap fills with 0, 1, …
 * in order) and sifts it up.
 */
function heapPush(heap: Uint32Array, item: number, worse: (a: number, b: number) => boolean): void {
  let i = item;
  heap[i] = item;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!worse(heap[i], heap[parent])) break;
    const tmp = heap[i];
    heap[i] = heap[parent];
    heap[parent] = tmp;
    i = parent;
  }
}

/** After heap[0] was replaced: sifts it down among the first `size` entries (heapPush's order). */
function heapSiftDown(heap: Uint32Array, size: number, worse: (a: number, b: number) => boolean): void {
  for (let i = 0; ; ) {
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
}

/**
 * The 1-based rank of item `i` among the first `n` items under the tie rule: one plus the items
 * ranked before it. O(n) — for the few judged items of a query, cheaper than sorting all of them.
 */
export function rankOfColumn(scores: Float64Array, ids: readonly string[], n: number, i: number): number {
  const s = scores[i];
  const id = ids[i];
  let before = 0;
  for (let j = 0; j < n; j++) {
    const t = scores[j];
    if (t > s || (t === s && ids[j] > id)) before++;
  }
  return before + 1;
}
