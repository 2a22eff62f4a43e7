/**
 * Character-level ROUGE-L (METRICS.md §9.1; Lin 2004): the longest common
 * subsequence over characters (Unicode code points, no tokenisation, so
 * Chinese text needs none).
 */

/**
 * Length of the longest common subsequence of two sequences, O(|a|·|b|) time
 * and O(min) memory.
 * @example lcsLength([...'abcde'], [...'ace']) // 3
 */
export function lcsLength<T>(a: readonly T[], b: readonly T[]): number {
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  let prev = new Uint32Array(short.length + 1);
  let curr = new Uint32Array(short.length + 1);
  for (let i = 1; i <= long.length; i++) {
    for (let j = 1; j <= short.length; j++) {
      curr[j] = long[i - 1] === short[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], curr[j - 1]);
    }
    [prev, curr] = [curr, prev];
  }
  return prev[short.length];
}

/**
 * ROUGE-L F-measure over characters: P = LCS/|prediction|, R = LCS/|reference|,
 * F = 2PR/(P + R) (β = 1); 0 when the LCS is 0 (including either text empty),
 * except 1 when both texts are empty.
 * @example rougeLChar('abcd', 'abed') // 0.75 (LCS 'abd')
 */
export function rougeLChar(prediction: string, reference: string): number {
  const p = Array.from(prediction);
  const r = Array.from(reference);
  if (p.length === 0 && r.length === 0) return 1;
  const lcs = lcsLength(p, r);
  if (lcs === 0) return 0;
  const precision = lcs / p.length;
  const recall = lcs / r.length;
  return (2 * precision * recall) / (precision + recall);
}
