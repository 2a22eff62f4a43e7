/**
 * Gives back the memory of typed arrays a computation is done with, at once, instead of when the
 * garbage collector next frees them.
 *
 * Why: an ArrayBuffer's memory is freed only when a full collection finds the buffer unreachable,
 * and a worker running a long synchronous audit may go tens of seconds without one. At 1,000,000
 * documents BM25's index (~150 MiB of postings, with its rows and kept ids more) was still held
 * while TF-IDF's audit built its own (BENCHMARKS.md, "Issue 34: 1,000,000 documents' memory, what
 * each change gave"). Detaching a buffer (`ArrayBuffer.prototype.transfer(0)`) frees it in the same
 * call: measured in a Chromium worker, an 800 MB buffer's memory left the process at once, while one
 * only dropped was still held 3 s later.
 *
 * The rules for every caller: release only arrays nothing else will read, and only arrays made in
 * this thread — a buffer that came through a message stays held by that message until both threads
 * have collected, detached or not (measured, same section), and detaching it only hides it from the
 * engine's accounting. A released array has length 0 (its buffer is detached), so a read after it
 * finds nothing rather than old values.
 */

/** The views whose buffers `releaseArrays` gives back. */
export type ReleasableArray = ArrayBufferView;

type Transferable = ArrayBuffer & { transfer?: (length?: number) => ArrayBuffer };

/** Detaches one buffer: `transfer(0)` where the engine has it (Chromium, Node ≥ 21), else a structured clone that moves it to a copy nothing holds. */
function detach(buffer: Transferable): void {
  if (typeof buffer.transfer === 'function') buffer.transfer(0);
  else structuredClone(buffer, { transfer: [buffer] });
}

/**
 * Detaches the buffers of `arrays` (each once; shared, already detached and empty ones are left
 * as they are), so their memory is given back now.
 * @example const postings = new Uint32Array(1e6); releaseArrays(postings); postings.length // 0
 */
export function releaseArrays(...arrays: readonly (ReleasableArray | undefined)[]): void {
  const seen = new Set<ArrayBufferLike>();
  for (const a of arrays) {
    if (!a) continue;
    const buffer = a.buffer;
    if (seen.has(buffer) || !(buffer instanceof ArrayBuffer) || buffer.byteLength === 0) continue;
    seen.add(buffer);
    detach(buffer);
  }
}
