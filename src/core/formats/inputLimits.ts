/**
 * The limits every reader of input files applies, in the browser's importer
 * and in the CLI alike: a line of at most 8 MiB (splitLineBatches), and a
 * bound on what one file may inflate to, so a small gzip bomb fails with a
 * message instead of exhausting memory.
 */
export { MAX_LINE_BYTES } from './lineSplitter.ts';

/** The most bytes one gzip file may inflate to (2 GiB): split a larger shard into parts. */
export const MAX_INFLATED_BYTES = 2 * 1024 ** 3;

/**
 * The largest text file read whole (256 MiB, e.g. a run or qrels file of the
 * `eval` commands): far above real inputs, well below V8's longest string.
 */
export const MAX_TEXT_FILE_BYTES = 256 * 1024 ** 2;

/** `n` bytes as the limits' messages write it (`8 MiB`, `2 GiB`). */
export function formatLimit(n: number): string {
  if (n % 1024 ** 3 === 0) return `${n / 1024 ** 3} GiB`;
  if (n % 1024 ** 2 === 0) return `${n / 1024 ** 2} MiB`;
  return `${n} bytes`;
}
