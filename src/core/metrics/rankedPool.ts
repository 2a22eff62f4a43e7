/**
 * A pool sorted once under the tie rule (METRICS.md, "Conventions"), so that
 * the rank a replacement would take can be found by binary search in
 * O(log n) instead of a scan (substitution ranks of §3, variant ranks of §4).
 *
 * Identifiers are replaced by integer tie keys: `key(a) > key(b)` iff
 * `a > b` in code-unit order, so (score, key) pairs order exactly as
 * `ranksAbove(score, id, ...)` in ranking.ts.
 */
import { compareIds } from '../ranking.ts';
import { scratchArray } from '../scratch.ts';

/** A pool sorted under the tie rule. Scores are finite numbers. */
export interface RankedPool {
  /** Pool indices in rank order (rank 1 first). */
  readonly order: Uint32Array;
  /** Scores in rank order. */
  readonly sortedScores: Float64Array;
  /** 1-based rank of pool item i under the tie rule. */
  readonly rankOf: Uint32Array;
  /** Tie key of pool item i. */
  readonly keys: Uint32Array;
  /** Score of pool item i. */
  readonly scores: Float64Array;
  /** Pairs of items with equal scores: Σ t(t−1)/2 over the runs of equal scores (Kendall's ties in x). */
  readonly tiedPairs: number;
}

/**
 * Tie keys of identifiers: the position of each identifier in ascending
 * code-unit order, so a larger key wins a score tie.
 * @throws {Error} when two identifiers are equal (the tie rule needs them distinct).
 * @example tieKeys(['b', 'a', 'c']) // Uint32Array [1, 0, 2]
 */
export function tieKeys(ids: readonly string[]): Uint32Array {
  const idx = Array.from(ids.keys()).sort((a, b) => compareIds(ids[a], ids[b]));
  const keys = new Uint32Array(ids.length);
  for (let r = 0; r < idx.length; r++) {
    if (r > 0 && ids[idx[r]] === ids[idx[r - 1]]) throw new Error(`duplicate identifier in pool: ${ids[idx[r]]}`);
    keys[idx[r]] = r;
  }
  return keys;
}

/**
 * Pool indices by tie key descending (stable: equal keys keep index order), for `rankPool` and
 * `rankOrder` to start from when many pools share one set of keys (a query's corpus pool, once
 * per subset instead of once per query).
 * @example keyOrder([1, 0, 2]) // Uint32Array [2, 0, 1]
 */
export function keyOrder(keys: ArrayLike<number>): Uint32Array {
  return rankOrder(new Float64Array(keys.length), keys);
}

/**
 * Sorts a pool once: score descending, then tie key descending.
 * @param scores score of each pool item
 * @param keys tie key of each pool item (see `tieKeys`), distinct
 * @param byKey `keyOrder(keys)`, when the caller keeps it for many pools: the sort then skips
 *   the key's digits (the same order, about a quarter sooner at 100,000 items)
 */
export function rankPool(scores: ArrayLike<number>, keys: ArrayLike<number>, byKey?: Uint32Array): RankedPool {
  const n = scores.length;
  const s = Float64Array.from(scores);
  const k = Uint32Array.from(keys);
  const work = sortWork(n, byKey === undefined);
  const order = rankOrderWith(s, k, byKey, work);
  return sortedPool(order, work, s, k, new Uint32Array(n));
}

/**
 * A RankedPool from the order `w` sorted (its scores in rank order are w's, already), `rankOf`
 * written. The keys in rank order are not laid out: only a tie needs one (`keys[order[r]]`), and
 * writing them all read the keys at random, a tenth of a BM25 audit's time at 1,000,000 items.
 */
function sortedPool(order: Uint32Array, w: SortWork, scores: Float64Array, keys: Uint32Array, rankOf: Uint32Array): RankedPool {
  const n = order.length;
  for (let r = 0; r < n; r++) rankOf[order[r]] = r + 1;
  return { order, sortedScores: w.sorted, rankOf, keys, scores, tiedPairs: w.tiedPairs };
}

/**
 * rankPool for many pools of one set of items (a query's corpus, query after query), without a
 * pool's worth of new arrays each time: the sort's work space and the pool's arrays are made
 * once and written again by every `rank` (at 500,000 documents, 24 MB a query that the garbage
 * collector no longer has to find).
 */
export class PoolRanker {
  readonly #keys: Uint32Array;
  readonly #byKey: Uint32Array;
  readonly #work: SortWork;
  readonly #rankOf: Uint32Array;

  /**
   * @param keys tie key of each item (`tieKeys`), kept, not copied: leave it unchanged
   * @param byKey `keyOrder(keys)`, when the caller has it
   */
  constructor(keys: Uint32Array, byKey: Uint32Array = keyOrder(keys)) {
    const n = keys.length;
    if (byKey.length !== n) throw new RangeError(`a key order of ${byKey.length} items for ${n} keys`);
    this.#keys = keys;
    this.#byKey = byKey;
    this.#work = sortWork(n, false);
    this.#rankOf = new Uint32Array(n);
  }

  /**
   * The pool of these items with `scores` (equal to rankPool(scores, keys) in every field). The
   * pool's arrays, and `scores` itself (read, not copied), serve until the next call: keep `scores`
   * unchanged and the pool unused after it.
   * @throws {RangeError} when there is not one score per item.
   */
  rank(scores: Float64Array): RankedPool {
    const n = this.#keys.length;
    if (scores.length !== n) throw new RangeError(`${scores.length} scores for a pool of ${n}`);
    const order = rankOrderWith(scores, this.#keys, this.#byKey, this.#work);
    return sortedPool(order, this.#work, scores, this.#keys, this.#rankOf);
  }
}

/**
 * Indices 0..n−1 in rank order under the tie rule: score descending, then
 * key descending; stable (items equal in both keep index order). Scores are
 * finite; -0 and 0 tie, as under `===`.
 *
 * An LSD radix sort with 11-bit digits (no data-dependent branch, unlike a
 * comparison sort, which mispredicts one per comparison on random scores): first
 * the complemented key, then each score rounded to float32, its bits mapped so
 * that unsigned order is descending score. Rounding to float32 keeps order
 * (a > b gives f32(a) ≥ f32(b)), so one pass over the result then finds the runs
 * of items whose float32 values are equal and sorts each by the float64 score,
 * stably — a run is nearly always one item, or items of one equal score already
 * in key order. Three score passes instead of six for the float64's bits
 * (the sort of a 100,000-item pool 40% sooner); a digit that is the same for every
 * item is skipped. A test pins it to `compareRanked`.
 *
 * With `byKey` (`keyOrder(key)`, the indices by key descending) the sort starts from that order
 * and sorts by score alone: the passes are stable, so items of equal score keep key order, the
 * same result without the key's digits.
 */
export function rankOrder(score: Float64Array, key: ArrayLike<number>, byKey?: Uint32Array): Uint32Array {
  return rankOrderWith(score, key, byKey, sortWork(score.length, byKey === undefined));
}

/** The arrays of one sort of n items, reusable from one sort to the next; what the last sort found. */
interface SortWork {
  /** Of the last sort: pairs of items with equal scores (counted in its last pass). */
  tiedPairs: number;
  /** The key's sort words; empty when sorts start from a key order. */
  readonly kw: Uint32Array;
  /** The scores in the order sorted (the last sort's; a pool's sortedScores). */
  readonly sorted: Float64Array;
  readonly rounded: Float32Array;
  readonly src: Uint32Array;
  readonly dst: Uint32Array;
  /** The score words in the order of src, then of dst (the score's passes carry them). */
  readonly wordA: Uint32Array;
  readonly wordB: Uint32Array;
  readonly counts: Uint32Array;
  readonly offset: Uint32Array;
}

/**
 * Bits of a radix digit for n items: 16 (two passes a 32-bit word) from 65,536 items, where the
 * passes, not the 65,536-bucket histograms, are the cost (a 500,000-item pool 15–17 → 12.5–13 ms);
 * 11 below (three passes, 2,048 buckets).
 */
function digitBits(n: number): number {
  return n >= 65536 ? 16 : 11;
}

function sortWork(n: number, withKeyDigits: boolean): SortWork {
  const buckets = 1 << digitBits(n);
  return {
    tiedPairs: 0,
    kw: new Uint32Array(withKeyDigits ? n : 0),
    sorted: new Float64Array(n),
    rounded: new Float32Array(n),
    src: new Uint32Array(n),
    dst: new Uint32Array(n),
    wordA: new Uint32Array(n),
    wordB: new Uint32Array(n),
    counts: new Uint32Array(2 * Math.ceil(32 / digitBits(n)) * buckets),
    offset: new Uint32Array(buckets),
  };
}

/** rankOrder in the work space `w`: the order is one of w's arrays (valid until w sorts again). */
function rankOrderWith(score: Float64Array, key: ArrayLike<number>, byKey: Uint32Array | undefined, w: SortWork): Uint32Array {
  const n = score.length;
  if (byKey !== undefined && byKey.length !== n) throw new RangeError(`a key order of ${byKey.length} items for ${n} scores`);
  // The key's digits come first; starting from the key order, the sort skips them.
  const withKey = byKey === undefined;
  const { kw, rounded, sorted } = w;
  for (let i = 0; i < n; i++) rounded[i] = score[i] + 0; // + 0 turns -0 into 0 (a loop: .from with a map function is ~10x slower)
  // The float32 bits become the sort word: positive — all bits but the sign flipped, so a larger
  // score sorts first; negative (-0 included: a negative score rounded to zero) — as they are.
  const sw = new Uint32Array(rounded.buffer, rounded.byteOffset, n);
  for (let i = 0; i < n; i++) {
    if (withKey) kw[i] = ~key[i] >>> 0;
    const h = sw[i];
    if (!(h >>> 31)) sw[i] = (h ^ 0x7fffffff) >>> 0;
  }
  // Digits of `bits` bits (the last of a word narrower), least significant first: the key word's,
  // then the score word's; all histograms in one pass.
  const bits = digitBits(n);
  const buckets = 1 << bits;
  const perWord = Math.ceil(32 / bits);
  const digits: { word: Uint32Array; shift: number; mask: number }[] = [];
  for (const word of [kw, sw]) {
    for (let d = 0; d < perWord; d++) digits.push({ word, shift: d * bits, mask: 2 ** Math.min(bits, 32 - d * bits) - 1 });
  }
  const first = withKey ? 0 : perWord; // from a key order, the key's digits are skipped
  const counts = w.counts;
  counts.fill(0);
  for (let d = first; d < digits.length; d++) {
    const { word, shift, mask } = digits[d];
    const c = d * buckets;
    for (let i = 0; i < n; i++) counts[c + ((word[i] >>> shift) & mask)]++;
  }
  let src = w.src;
  let dst = w.dst;
  if (byKey === undefined) for (let i = 0; i < n; i++) src[i] = i;
  else src.set(byKey);
  const offset = w.offset;
  /** The score word of each item in the current order: the score's passes carry it along, so they read in order instead of at random. */
  let cur = w.wordA;
  let next = w.wordB;
  for (let d = first; d < digits.length; d++) {
    const { word, shift, mask } = digits[d];
    const base = d * buckets;
    if (d === perWord) for (let i = 0; i < n; i++) cur[i] = sw[src[i]]; // the key's passes done: the score's words in that order
    if (n === 0 || counts[base + ((word[0] >>> shift) & mask)] === n) continue; // same digit everywhere
    let sum = 0;
    for (let b = 0; b <= mask; b++) {
      offset[b] = sum;
      sum += counts[base + b];
    }
    if (word === sw) {
      for (let i = 0; i < n; i++) {
        const v = cur[i];
        const at = offset[(v >>> shift) & mask]++;
        dst[at] = src[i];
        next[at] = v;
      }
      const w2 = cur;
      cur = next;
      next = w2;
    } else {
      for (let i = 0; i < n; i++) {
        const idx = src[i];
        dst[offset[(word[idx] >>> shift) & mask]++] = idx;
      }
    }
    const t = src;
    src = dst;
    dst = t;
  }
  // The float64 scores in that order, read at random once (the pool's sortedScores; the runs below
  // then read them in order: at 1,000,000 items reading them at random in each of the three loops
  // that need them was a fifth of a BM25 audit's time).
  for (let r = 0; r < n; r++) sorted[r] = score[src[r]];
  // Runs of equal float32 values, each sorted by the float64 score (stable: key order kept); equal
  // scores have equal float32 values, so each run's own runs of equal scores give the tied pairs.
  // -0 and 0 compare equal here, as they rank.
  let tiedPairs = 0;
  for (let lo = 0; lo < n; ) {
    const wv = cur[lo];
    let hi = lo + 1;
    if (hi < n && cur[hi] === wv) {
      let ordered = true;
      for (; hi < n && cur[hi] === wv; hi++) if (sorted[hi] > sorted[hi - 1]) ordered = false;
      if (!ordered) sortRunByScore(src, sorted, lo, hi);
      for (let a = lo; a < hi; ) {
        let b = a + 1;
        while (b < hi && sorted[b] === sorted[a]) b++;
        tiedPairs += ((b - a) * (b - a - 1)) / 2;
        a = b;
      }
    }
    lo = hi;
  }
  w.tiedPairs = tiedPairs;
  return src;
}

/**
 * Sorts the run [lo … hi) of `order` and of `sorted` (the scores in that order) by score
 * descending, stably: insertion for a short run, else Array's (stable) sort of the run's positions.
 */
function sortRunByScore(order: Uint32Array, sorted: Float64Array, lo: number, hi: number): void {
  if (hi - lo <= 32) {
    for (let i = lo + 1; i < hi; i++) {
      const x = order[i];
      const v = sorted[i];
      let j = i - 1;
      while (j >= lo && sorted[j] < v) {
        order[j + 1] = order[j];
        sorted[j + 1] = sorted[j];
        j--;
      }
      order[j + 1] = x;
      sorted[j + 1] = v;
    }
    return;
  }
  const at = Array.from({ length: hi - lo }, (_, i) => lo + i).sort((a, b) => (sorted[a] === sorted[b] ? 0 : sorted[a] < sorted[b] ? 1 : -1));
  // Plain arrays: a new typed array costs a Chromium worker microseconds (BENCHMARKS.md, typedArrayAlloc).
  const runOrder = at.map((p) => order[p]);
  const runScores = at.map((p) => sorted[p]);
  order.set(runOrder, lo);
  sorted.set(runScores, lo);
}

/**
 * Number of pool items ranking strictly above a (score, key) pair:
 * #{x : s(x) > score, or s(x) = score and key(x) > key}. Binary search, O(log n).
 */
export function countAbove(pool: RankedPool, score: number, key: number): number {
  const { sortedScores: s, order, keys } = pool;
  const n = s.length;
  // Two steps instead of one binary search on (score, key): the two-field
  // compare ran in every probe with an unpredictable branch, yet only items
  // with exactly this score need their key looked at (about 7% of lookups
  // in the twins benchmark). About 20–25% faster per lookup.
  // 1. Items with a higher score, by halving with a trip count fixed by n
  //    (⌈log2 n⌉ probes; the loop-exit branch is predictable). Invariant:
  //    the first `base` items score higher; the answer lies in [base, base + len].
  let base = 0;
  let len = n;
  while (len > 1) {
    const half = len >>> 1;
    if (s[base + half - 1] > score) base += half;
    len -= half;
  }
  if (len === 1 && s[base] > score) base++;
  // 2. Items with an equal score and a larger key: they follow from `base`
  //    (keys descend within a tie run). Galloping keeps this O(log run).
  if (base < n && s[base] === score && keys[order[base]] > key) {
    let lo = base + 1; // items before lo rank above
    let step = 1;
    while (lo + step <= n && s[lo + step - 1] === score && keys[order[lo + step - 1]] > key) {
      lo += step;
      step *= 2;
    }
    let hi = Math.min(lo + step - 1, n); // the answer lies in [lo, hi]
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (s[mid] === score && keys[order[mid]] > key) lo = mid + 1;
      else hi = mid;
    }
    base = lo;
  }
  return base;
}

/**
 * Substitution rank (METRICS.md §3, §4): the rank that a replacement scored
 * `newScore` takes when it replaces pool item `i` and inherits i's identifier,
 * all other items unchanged: 1 + #{x ≠ i : x ranks above (newScore, key(i))}.
 * @example with scores [3, 2, 1] replacing item 2 by score 2.5 gives rank 2.
 */
export function substitutionRank(pool: RankedPool, i: number, newScore: number): number {
  const key = pool.keys[i];
  const own = pool.scores[i];
  // Item i itself is counted by countAbove iff it ranks above its replacement,
  // i.e. iff its own score is higher (the keys are equal).
  return 1 + countAbove(pool, newScore, key) - (own > newScore ? 1 : 0);
}

/** substitutionRanks' keys and sort work space, reused from one call to the next (core/scratch.ts; written before read). */
const scratchReplacementKeys = scratchArray((n) => new Uint32Array(n));
const scratchOwnScores = scratchArray((n) => new Float64Array(n));
let replacementWork: SortWork | undefined;

/**
 * Substitution ranks of many replacements at once: `out[j]` = substitutionRank(pool, index[j],
 * newScore[j]), the same integers. The replacements are sorted under the tie rule (each with the
 * key of the item it replaces) and met in one walk down the pool, galloping from one to the next:
 * O(m log m + m log(n / m)) instead of a binary search of the pool per replacement, whose
 * scattered reads cost more at 100,000 items.
 * @throws {RangeError} when the arrays' lengths differ.
 * @example substitutionRanks(pool, [0, 2], [0.5, 9]) // the ranks of items 0 and 2 replaced by 0.5 and 9
 */
export function substitutionRanks(pool: RankedPool, index: ArrayLike<number>, newScore: Float64Array, out: Uint32Array = new Uint32Array(index.length)): Uint32Array {
  const m = index.length;
  if (newScore.length !== m || out.length !== m) throw new RangeError(`${m} items, ${newScore.length} scores and ${out.length} places`);
  const { sortedScores: s, order: poolOrder, keys, scores } = pool;
  const n = s.length;
  const replacementKeys = scratchReplacementKeys(m);
  // The replaced items' keys and scores read in index order here, not in the walk's order below,
  // where reading them from the pool's arrays at random cost the walk half its time (m = 100,000
  // of 1,000,000 items).
  const ownScores = scratchOwnScores(m);
  for (let j = 0; j < m; j++) {
    replacementKeys[j] = keys[index[j]];
    ownScores[j] = scores[index[j]];
  }
  // A query's replacements are sorted in the same work space as the last query's (same size, as a rule).
  if (replacementWork?.src.length !== m) replacementWork = sortWork(m, true);
  const order = rankOrderWith(newScore, replacementKeys, undefined, replacementWork);
  const sortedNew = replacementWork.sorted; // newScore in that order
  /** Whether pool position r ranks above the replacement (score, key). */
  const above = (r: number, score: number, key: number) => s[r] > score || (s[r] === score && keys[poolOrder[r]] > key);
  let at = 0; // pool items ranking above the previous replacement, hence above every later one too
  for (let p = 0; p < m; p++) {
    const j = order[p];
    const score = sortedNew[p] + 0;
    const key = replacementKeys[j];
    if (at < n && above(at, score, key)) {
      // gallop: the first position not above lies in (lo, hi]
      let lo = at;
      let step = 1;
      let hi = at + 1;
      while (hi < n && above(hi, score, key)) {
        lo = hi;
        step *= 2;
        hi = at + step;
      }
      if (hi > n) hi = n;
      while (hi - lo > 1) {
        const mid = (lo + hi) >>> 1;
        if (above(mid, score, key)) lo = mid;
        else hi = mid;
      }
      at = hi;
    }
    out[j] = 1 + at - (ownScores[j] > score ? 1 : 0);
  }
  return out;
}
