/** Reordering a list by drag or keyboard, kept pure so it is tested without a DOM. */

/**
 * A copy of `list` with the item at `from` moved to `to` (both clamped to the
 * list); the other items keep their relative order.
 * @example moveItem(['a', 'b', 'c'], 0, 2) // ['b', 'c', 'a']
 */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (out.length === 0) return out;
  const clamp = (i: number, max: number) => Math.max(0, Math.min(max, Math.trunc(i)));
  const [item] = out.splice(clamp(from, out.length - 1), 1);
  out.splice(clamp(to, out.length), 0, item);
  return out;
}

/**
 * The slot a dragged item is over: the index of the first item whose vertical
 * midpoint lies below the pointer, counted among the other items (so it can be
 * passed to `moveItem` as `to`).
 * @param mids vertical midpoints of the items in list order, the dragged one included
 * @param from index of the dragged item
 * @param y the pointer's vertical position, in the same coordinates
 */
export function dropIndex(mids: readonly number[], from: number, y: number): number {
  let slot = 0;
  for (let i = 0; i < mids.length; i++) {
    if (i === from) continue;
    if (y > mids[i]) slot++;
  }
  return slot;
}
