/**
 * Vector arithmetic on Float32Array embeddings.
 */

/** Dot product Σ a_i b_i. @throws {RangeError} when lengths differ. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new RangeError(`vector lengths differ: ${a.length} vs ${b.length}`);
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/**
 * Cosine similarity a·b / (‖a‖ ‖b‖); 0 when either vector is all zeros
 * (e.g. a text with only unknown words under a static model).
 */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const ab = dot(a, b);
  const aa = dot(a, a);
  const bb = dot(b, b);
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

/**
 * Scores every document vector against one query vector by cosine
 * similarity: the retrieval score of a dense model.
 */
export function cosineScores(query: ArrayLike<number>, docs: readonly ArrayLike<number>[]): Float64Array {
  const out = new Float64Array(docs.length);
  for (let i = 0; i < docs.length; i++) out[i] = cosine(query, docs[i]);
  return out;
}
