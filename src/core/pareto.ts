/** A model as a point, both axes oriented so that larger is better (METRICS.md §7). */
export interface ParetoPoint {
  readonly id: string;
  readonly x: number;
  readonly y: number;
}

/** The Pareto frontier and the identifiers of the dominated points. */
export interface ParetoResult {
  /** Non-dominated points, sorted by x ascending (then id, for equal x). */
  readonly frontier: ParetoPoint[];
  /** Identifiers of the dominated points, in input order. */
  readonly dominated: string[];
}

/**
 * Pareto frontier (METRICS.md §7): p is dominated when another point q has
 * q.x ≥ p.x and q.y ≥ p.y with at least one strict. Identical points do not
 * dominate each other, so both stay on the frontier. Sweep in O(n log n):
 * by x descending, a point is dominated iff a point of equal x has a larger y,
 * or the best y among strictly larger x is ≥ its y.
 * @throws {RangeError} for a non-finite coordinate (leave undefined metrics out first).
 * @example paretoFrontier([{ id: 'a', x: 1, y: 1 }, { id: 'b', x: 2, y: 2 }]).dominated // ['a']
 */
export function paretoFrontier(points: readonly ParetoPoint[]): ParetoResult {
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RangeError(`point ${p.id} has a non-finite coordinate`);
  }
  const order = points.map((_, i) => i).sort((a, b) => points[b].x - points[a].x || points[b].y - points[a].y);
  const isDominated = new Array<boolean>(points.length).fill(false);
  let bestY = -Infinity; // best y among points with strictly larger x
  for (let start = 0; start < order.length; ) {
    const x = points[order[start]].x;
    const groupMaxY = points[order[start]].y; // first of the group: largest y
    let end = start;
    while (end < order.length && points[order[end]].x === x) {
      const y = points[order[end]].y;
      isDominated[order[end]] = y < groupMaxY || bestY >= y;
      end++;
    }
    bestY = Math.max(bestY, groupMaxY);
    start = end;
  }
  const frontier = points
    .filter((_, i) => !isDominated[i])
    .sort((a, b) => a.x - b.x || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { frontier, dominated: points.filter((_, i) => isDominated[i]).map((p) => p.id) };
}
