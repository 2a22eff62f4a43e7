/**
 * Connected components of records linked by shared entity ids (the
 * benchmark's component bootstrap): two records that name a common entity
 * (the same CV, job or anchor) are in one component, and so, transitively,
 * is everything linked to either. A record without entity ids is a component
 * of its own. Union–find with path halving and union by size.
 */

/**
 * The component of each record, numbered 0, 1, … in order of each
 * component's first record.
 * @example entityComponents([['cv1'], ['cv2'], ['cv1', 'job9'], undefined, ['job9']]) // Uint32Array [0, 1, 0, 2, 0]
 */
export function entityComponents(entities: readonly (readonly string[] | undefined)[]): Uint32Array {
  const n = entities.length;
  const parent = Uint32Array.from({ length: n }, (_, i) => i);
  const size = new Uint32Array(n).fill(1);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  const union = (a: number, b: number) => {
    let ra = find(a);
    let rb = find(b);
    if (ra === rb) return;
    if (size[ra] < size[rb]) [ra, rb] = [rb, ra];
    parent[rb] = ra;
    size[ra] += size[rb];
  };
  const owner = new Map<string, number>();
  entities.forEach((ids, i) => {
    for (const id of ids ?? []) {
      const first = owner.get(id);
      if (first === undefined) owner.set(id, i);
      else union(first, i);
    }
  });
  const label = new Map<number, number>();
  return Uint32Array.from({ length: n }, (_, i) => {
    const root = find(i);
    let l = label.get(root);
    if (l === undefined) label.set(root, (l = label.size));
    return l;
  });
}
