/**
 * Where a few identifiers sit in a large list (a twins shard's originals in a corpus): a map of the
 * wanted identifiers alone, not of every item — at 1,000,000 documents a map of the whole corpus
 * was ~60 MB, made for each look-up and let go.
 */

/**
 * The index in `items` of each of `wanted` found there (the last, for an identifier `items` holds
 * twice, as a map of every item would say); identifiers not found are absent.
 * @example indexOfIds([{ id: 'a' }, { id: 'b' }], (d) => d.id, ['b', 'z']) // Map { 'b' => 1 }
 */
export function indexOfIds<T>(items: readonly T[], idOf: (item: T) => string, wanted: Iterable<string>): Map<string, number> {
  const index = new Map<string, number>();
  for (const id of wanted) index.set(id, -1);
  items.forEach((item, i) => {
    const id = idOf(item);
    if (index.has(id)) index.set(id, i);
  });
  for (const [id, i] of index) if (i < 0) index.delete(id);
  return index;
}
