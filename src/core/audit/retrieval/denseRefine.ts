/**
 * Dense scores from a device's dot products (a WebGPU matrix product), made
 * exact where the audit can tell: every number the audit reads is the CPU
 * path's (denseScorer, Float64) or provably ordered as it.
 *
 * A device gives d̃ ≈ q · v, so for the CPU's cosine c = fl64(q · v) / √(aa·bb)
 * the approximation c̃ = d̃ / √(aa·bb) satisfies |c̃ − c| ≤ ε (refineBound):
 * for a plain float32 sum in index order γ(dim) (Higham's bound, with or
 * without fused multiply-adds, Σ|qᵢvᵢ| ≤ ‖q‖‖v‖), u = 2⁻²⁴; for the WebGPU
 * kernel's compensated sum (exact partial products, TwoSum) γ(4·dim − 1)²,
 * about 6·10⁻¹⁰ at 100 dimensions; plus the CPU's own float64 γ. An item (a
 * document of the query) keeps c̃ only when no other item's value lies within
 * 2ε of it: then its order against every other item is the CPU's, and it
 * ties with none, in either. Every other document — and every item whose
 * value the metrics read (the originals of S and the twins: Pearson r,
 * Cohen's d, Std MAD) — gets the CPU's exact c. So ranks, ties and every
 * value read equal the CPU path's, and the results object is the same (a
 * test compares them).
 */
import type { QueryScores } from './input.ts';
import { squaredNorms, type SubsetVectors } from './scoring.ts';

/** A device that multiplies a matrix by blocks of query vectors (workers/ supplies WebGPU's). */
export interface DenseDotPort {
  /** Describes the device, e.g. "WebGPU (SwiftShader)". */
  readonly label: string;
  /** Whether the dot products are compensated (exact products, TwoSum) rather than a plain float32 sum in index order. */
  readonly compensated: boolean;
  /**
   * Uploads a row-major matrix (rows × dim) once; `dots(queries)` then gives the dot products of
   * each query row (B × dim) with every matrix row (B × rows, query-major).
   */
  matrix(values: Float32Array, dim: number): Promise<{ dots(queries: Float32Array): Promise<Float32Array | Float64Array>; dispose(): void }>;
}

/** What the refinement did, for benchmarks: items scored, and those the CPU scored exactly. */
export interface RefineStats {
  items: number;
  exact: number;
}

/**
 * The bound ε on |c̃ − c| for a dot product of `dim` terms: the device's
 * (γ(dim) for a float32 sum; γ(4·dim − 1)² for the compensated one), the
 * CPU's float64 γ(dim), a few float64 roundings of the division, and room
 * for a device that flushes subnormals (an absolute 2⁻¹²⁰ a term over the norms).
 * @example refineBound(100, 1, false) // ≈ 6.0e-6
 */
export function refineBound(dim: number, normProduct: number, compensated: boolean): number {
  const gamma = (k: number, u: number) => (k * u) / (1 - k * u);
  const u32 = 2 ** -24;
  const u64 = 2 ** -53;
  const device = compensated ? gamma(4 * dim - 1, u32) ** 2 : gamma(dim, u32);
  return 1.001 * (device + gamma(dim, u64)) + 8 * u64 + (normProduct > 0 ? (4 * dim * 2 ** -120) / normProduct : 0);
}

/** The CPU's exact score of matrix row r for query row q (denseScorer's arithmetic, to the bit). */
function exactScore(q: Float32Array, qo: number, m: Float32Array, r: number, dim: number, aa: number, bb: number): number {
  let ab = 0;
  for (let i = 0, o = r * dim; i < dim; i++) ab += q[qo + i] * m[o + i];
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

/** Whether value v (present in ascending `sorted`) has another value within `gap` of it. */
function hasNeighbour(sorted: Float64Array, v: number, gap: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  // lo: the first occurrence of v
  return (lo > 0 && v - sorted[lo - 1] <= gap) || (lo + 1 < sorted.length && sorted[lo + 1] - v <= gap);
}

/**
 * A block scorer (auditSubsetInBlocks) over a DenseDotPort: the device's
 * dot products, refined as above. `exactCorpus` marks corpus rows whose
 * value the metrics read (the originals of S); twins are always exact.
 * `dispose()` frees the device's buffers.
 */
export async function refinedBlockScorer(
  vectors: SubsetVectors,
  dim: number,
  port: DenseDotPort,
  exactCorpus: Uint8Array,
  stats: RefineStats = { items: 0, exact: 0 },
): Promise<{ scoreBlock(queryIndices: Int32Array): Promise<QueryScores[]>; dispose(): void }> {
  const corpusNorms = squaredNorms(vectors.corpus, dim);
  const twinNorms = squaredNorms(vectors.twins, dim);
  const queryNorms = squaredNorms(vectors.queries, dim);
  const nCorpus = corpusNorms.length;
  const nTwins = twinNorms.length;
  const corpus = await port.matrix(vectors.corpus, dim);
  return {
    async scoreBlock(qs) {
      const rows = new Float32Array(qs.length * dim);
      qs.forEach((q, b) => rows.set(vectors.queries.subarray(q * dim, (q + 1) * dim), b * dim));
      const dots = await corpus.dots(rows);
      return Array.from(qs, (q, b) => {
        const aa = queryNorms[q];
        const qo = q * dim;
        const out = new Float64Array(nCorpus);
        const twins = new Float64Array(nTwins);
        // Twins: always the CPU's (their values are read; there are few).
        for (let t = 0; t < nTwins; t++) twins[t] = exactScore(vectors.queries, qo, vectors.twins, t, dim, aa, twinNorms[t]);
        const approx = new Float64Array(nCorpus);
        let epsilon = 0;
        for (let r = 0; r < nCorpus; r++) {
          const np = Math.sqrt(aa * corpusNorms[r]);
          approx[r] = np === 0 ? 0 : dots[b * nCorpus + r] / np;
          epsilon = Math.max(epsilon, refineBound(dim, np, port.compensated));
        }
        // The items' approximations side by side (twins by their exact value: they are exact).
        const sorted = new Float64Array(nCorpus + nTwins);
        sorted.set(approx);
        sorted.set(twins, nCorpus);
        sorted.sort();
        let exact = 0;
        for (let r = 0; r < nCorpus; r++) {
          const bb = corpusNorms[r];
          if (aa === 0 || bb === 0) continue; // exactly 0 on both paths
          if (!exactCorpus[r] && !hasNeighbour(sorted, approx[r], 2 * epsilon)) out[r] = approx[r];
          else {
            out[r] = exactScore(vectors.queries, qo, vectors.corpus, r, dim, aa, bb);
            exact++;
          }
        }
        stats.items += nCorpus + nTwins;
        stats.exact += exact + nTwins;
        return { corpus: out, twins };
      });
    },
    dispose: () => corpus.dispose(),
  };
}
