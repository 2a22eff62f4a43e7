/**
 * Pooling of token vectors into one vector per text, on the flat
 * [batch, seq, dim] output of an encoder (row-major), with its attention mask.
 */

export type PoolingRule = 'mean' | 'cls' | 'last_token';

/**
 * Pools hidden states per text.
 * - mean: Σ_t m_t h_t / Σ_t m_t (0 vector when the mask is all zeros);
 * - cls: the first token's vector;
 * - last_token: the vector at the last position whose mask is 1 (correct
 *   under left or right padding).
 * @returns batch × dim floats, row-major.
 * @throws {RangeError} when the sizes do not agree.
 */
export function poolHiddenStates(
  hidden: ArrayLike<number>,
  mask: ArrayLike<number | bigint>,
  [batch, seq, dim]: readonly [number, number, number],
  rule: PoolingRule,
): Float32Array {
  if (hidden.length !== batch * seq * dim) throw new RangeError(`hidden has ${hidden.length} values, expected ${batch}×${seq}×${dim}`);
  if (mask.length !== batch * seq) throw new RangeError(`mask has ${mask.length} values, expected ${batch}×${seq}`);
  const out = new Float32Array(batch * dim);
  const acc = new Float64Array(dim);
  const rows = new Int32Array(seq);
  for (let b = 0; b < batch; b++) {
    const o = b * dim;
    if (rule === 'cls') {
      const h = b * seq * dim;
      for (let d = 0; d < dim; d++) out[o + d] = hidden[h + d];
      continue;
    }
    if (rule === 'last_token') {
      let last = -1;
      for (let t = 0; t < seq; t++) if (Number(mask[b * seq + t]) !== 0) last = t;
      if (last < 0) continue;
      const h = (b * seq + last) * dim;
      for (let d = 0; d < dim; d++) out[o + d] = hidden[h + d];
      continue;
    }
    if (meanOfOnes(out, o, hidden, mask, b, seq, dim, rows)) continue;
    const count = meanInto(acc, hidden, mask, b, seq, dim);
    if (count > 0) for (let d = 0; d < dim; d++) out[o + d] = acc[d] / count;
  }
  return out;
}

/**
 * The mean of text b's token vectors into out[o …], when its mask is all 0s and 1s (every
 * attention mask): the rows with a 1 gathered first, then four dimensions at a time summed
 * over them in registers, token by token — the same sums in the same order as meanInto's, so the
 * same floats, in about half the time. Returns false (nothing written) for any other mask value.
 */
function meanOfOnes(out: Float32Array, o: number, hidden: ArrayLike<number>, mask: ArrayLike<number | bigint>, b: number, seq: number, dim: number, rows: Int32Array): boolean {
  let count = 0;
  for (let t = 0; t < seq; t++) {
    const m = Number(mask[b * seq + t]);
    if (m === 1) rows[count++] = (b * seq + t) * dim;
    else if (m !== 0) return false;
  }
  if (count === 0) return true; // the zero vector, as meanInto leaves it
  let d = 0;
  for (; d + 4 <= dim; d += 4) {
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    for (let r = 0; r < count; r++) {
      const h = rows[r] + d;
      a0 += hidden[h];
      a1 += hidden[h + 1];
      a2 += hidden[h + 2];
      a3 += hidden[h + 3];
    }
    out[o + d] = a0 / count;
    out[o + d + 1] = a1 / count;
    out[o + d + 2] = a2 / count;
    out[o + d + 3] = a3 / count;
  }
  for (; d < dim; d++) {
    let a = 0;
    for (let r = 0; r < count; r++) a += hidden[rows[r] + d];
    out[o + d] = a / count;
  }
  return true;
}

/** Σ_t m_t h_t of text b into `acc` (overwritten); returns Σ_t m_t. */
function meanInto(acc: Float64Array, hidden: ArrayLike<number>, mask: ArrayLike<number | bigint>, b: number, seq: number, dim: number): number {
  acc.fill(0);
  let count = 0;
  for (let t = 0; t < seq; t++) {
    const m = Number(mask[b * seq + t]);
    if (m === 0) continue;
    count += m;
    const h = (b * seq + t) * dim;
    // m = 1 (every real token) adds the value itself: the same sum as m · value, without the product.
    if (m === 1) for (let d = 0; d < dim; d++) acc[d] += hidden[h + d];
    else for (let d = 0; d < dim; d++) acc[d] += m * hidden[h + d];
  }
  return count;
}

/**
 * Scales each row to unit L2 norm in place; an all-zero row (e.g. a text of
 * unknown words under a static model) stays zero instead of becoming NaN.
 */
export function normalizeRows(data: Float32Array, dim: number): Float32Array {
  for (let o = 0; o < data.length; o += dim) {
    let ss = 0;
    for (let d = 0; d < dim; d++) ss += data[o + d] * data[o + d];
    if (ss === 0) continue;
    const inv = 1 / Math.sqrt(ss);
    for (let d = 0; d < dim; d++) data[o + d] *= inv;
  }
  return data;
}
