/**
 * How an import error lists ids: the count, then the first few in order.
 * @example idList(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 3) // '7 (a, b, c, …)'
 */
export function idList(ids: readonly string[], shown = 5): string {
  const head = ids.slice(0, shown).map((id) => JSON.stringify(id)).join(', ');
  return `${ids.length} (${head}${ids.length > shown ? ', …' : ''})`;
}
