/**
 * Where a dense model's subset is scored: on the compute worker's device (WebGPU, then refined to
 * the CPU path's ranks and values: denseRefine.ts) only when the subset's matrix product is large
 * enough to pay for the device. Opening it (an adapter, a device, a compiled shader), uploading the
 * vectors, reading the products back and scoring every twin and its original again on the CPU cost
 * a fixed few hundred milliseconds and more, while the CPU kernel (`denseBlockScorer`) does about
 * 0.7 billion multiply-adds a second on the 2-core test machine (the scale bench's 100,000
 * documents × 200 queries × 100 dimensions in about 3 s). Below DENSE_DEVICE_MIN_MULTIPLY_ADDS
 * — half a billion, under a second of CPU — the CPU scores: the demo's subsets (240 queries ×
 * 3,000 documents and twins × 100 dimensions, 72 million) never reached a device's break-even, and
 * on a software adapter (SwiftShader, the headless test browser's) took the demo's GloVe audit from
 * 1.5 to 7 seconds. The scores are the same either way (`checkDenseScoring`, e2e `denseGpu`).
 */
/** The least multiply-adds (queries × (documents + twins) × dimensions) a subset needs to be scored on a device. */
export const DENSE_DEVICE_MIN_MULTIPLY_ADDS = 5e8;

/** Anything with a length: a subset's row-major vectors (SubsetVectors), or their lengths alone. */
type Sized = { readonly length: number };

/**
 * The multiply-adds of a dense subset's scores, every query against every document and twin, from
 * the lengths of its row-major vectors (values, not rows).
 * @example denseMultiplyAdds({ queries: { length: 240 * 100 }, corpus: { length: 2160 * 100 }, twins: { length: 840 * 100 } }, 100) // 72,000,000
 */
export function denseMultiplyAdds(vectors: { readonly queries: Sized; readonly corpus: Sized; readonly twins: Sized }, dim: number): number {
  return dim > 0 ? (vectors.queries.length / dim) * (vectors.corpus.length + vectors.twins.length) : 0;
}
