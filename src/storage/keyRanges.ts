/**
 * The key range of every array key that starts with `prefix`: from the
 * prefix itself to the prefix followed by `[]`, since in IndexedDB an array
 * sorts after every string and number.
 * @example prefixRange('ds') // covers ['ds', 'corpus', 'd1'], not ['ds2', …]
 */
export function prefixRange(...prefix: string[]): IDBKeyRange {
  return IDBKeyRange.bound(prefix, [...prefix, []]);
}
