/**
 * Typed arrays reused from one call of a kernel to the next, for the kernels that run once per
 * query and scope (the twin metrics, Kendall's τ, the pool's sort).
 *
 * Why: in Chromium a typed array of a few KB costs 15–100 µs to allocate (its ArrayBuffer is
 * made in the V8 sandbox and zeroed; BENCHMARKS.md, "typedArrayAlloc"), 5–30 times what Node
 * takes, while a view of an existing buffer (`subarray`) costs about 0.1 µs. A BM25 audit of
 * the demo's briefs made 47,000 such arrays: about a second of a two-second audit in the
 * compute worker, none of it in the CLI. Reusing them leaves the numbers as they were (the same
 * values are written before they are read) and removes that second.
 *
 * The rules, for every caller:
 * - a view's values are those a previous call left: write every element before reading it
 *   (or `fill` it first);
 * - a view is valid until the next call of the same `scratchArray` function: take one function
 *   per array a kernel holds at once, and never return a view to a caller (copy what escapes);
 * - JavaScript runs one call at a time in a thread (a worker or the page), so two audits never
 *   share a view; a kernel that calls itself must not use them.
 */

/** A typed array type scratchArray can hand out. */
export type ScratchTyped = Float64Array | Float32Array | Uint32Array | Int32Array | Uint8Array;

/**
 * A function that returns a view of `length` elements of one buffer, grown (doubled) when a call
 * asks for more than it holds; `make(n)` makes a buffer of n elements.
 * @example const scores = scratchArray((n) => new Float64Array(n)); scores(3).fill(0) // Float64Array [0, 0, 0]
 */
export function scratchArray<T extends ScratchTyped>(make: (length: number) => T): (length: number) => T {
  let buffer = make(0);
  return (length) => {
    if (buffer.length < length) buffer = make(Math.max(length, 2 * buffer.length));
    return buffer.subarray(0, length) as T;
  };
}
