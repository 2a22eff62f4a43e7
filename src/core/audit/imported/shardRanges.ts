/**
 * How `n` work items split into `shards` contiguous ranges, in order, as evenly as can be:
 * shard i (from 0) holds items [⌊i·n/shards⌋, ⌊(i+1)·n/shards⌋), so sizes differ by at most
 * one and the split depends on nothing but n and shards (the same export gives the same shards).
 *
 * @throws {RangeError} when shards is not an integer in 1..n (an empty shard is never written).
 * @example shardRanges(10, 3) // [[0, 3], [3, 6], [6, 10]]
 */
export function shardRanges(n: number, shards: number): [start: number, end: number][] {
  if (!Number.isInteger(shards) || shards < 1) throw new RangeError(`the number of shards must be a whole number ≥ 1, got ${shards}`);
  if (shards > n) throw new RangeError(`${shards} shards but only ${n} work items to split: give at most ${n}`);
  return Array.from({ length: shards }, (_, i) => [Math.floor((i * n) / shards), Math.floor(((i + 1) * n) / shards)]);
}
