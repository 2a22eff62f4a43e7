/**
 * Straight line segments of a plot (a step line, a whisker, a leader, a reference line) and the
 * label boxes they must not cross: the geometry label placement avoids and the tests check.
 */
/** A label's (or any mark's) box in px: x, y its top left corner. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface Segment {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/**
 * True when the segment passes through the box's interior grown by `margin` px on every side
 * (a segment that only touches the grown box's edge does not count). Liang–Barsky clipping.
 * @example segmentCrossesBox({ x1: 0, y1: 5, x2: 20, y2: 5 }, { x: 5, y: 0, width: 10, height: 10 }) // true
 * @example segmentCrossesBox({ x1: 0, y1: 12, x2: 20, y2: 12 }, { x: 5, y: 0, width: 10, height: 10 }, 1) // false
 */
export function segmentCrossesBox(s: Segment, box: Box, margin = 0): boolean {
  const x0 = box.x - margin;
  const x1 = box.x + box.width + margin;
  const y0 = box.y - margin;
  const y1 = box.y + box.height + margin;
  const dx = s.x2 - s.x1;
  const dy = s.y2 - s.y1;
  let lo = 0;
  let hi = 1;
  // Each edge as p·t ≤ q; the segment is inside for t in [lo, hi].
  for (const [p, q] of [
    [-dx, s.x1 - x0],
    [dx, x1 - s.x1],
    [-dy, s.y1 - y0],
    [dy, y1 - s.y1],
  ] as const) {
    if (p === 0) {
      if (q <= 0) return false; // parallel to this edge and on or outside it
      continue;
    }
    const t = q / p;
    if (p < 0) lo = Math.max(lo, t);
    else hi = Math.min(hi, t);
    if (lo >= hi) return false;
  }
  return true;
}

/**
 * The segments of an SVG path of straight lines only: M, L, H, V and Z, absolute or relative
 * (d3's `line` with a step curve writes M and L, and `M x,y Z` for a single point; the scatter
 * whiskers write M, v, H and h), in drawing order.
 * @throws {SyntaxError} for any other command (curves, arcs).
 * @example segmentsOfPath('M0,0V5H10') // [{ x1: 0, y1: 0, x2: 0, y2: 5 }, { x1: 0, y1: 5, x2: 10, y2: 5 }]
 */
export function segmentsOfPath(d: string): Segment[] {
  const out: Segment[] = [];
  let x = 0;
  let y = 0;
  let start = [0, 0];
  const to = (nx: number, ny: number) => {
    out.push({ x1: x, y1: y, x2: nx, y2: ny });
    [x, y] = [nx, ny];
  };
  for (const [, command, args] of d.matchAll(/([A-Za-z])([^A-Za-z]*)/g)) {
    const n = args.split(/[\s,]+/).filter(Boolean).map(Number);
    const relative = command === command.toLowerCase();
    const dx = relative ? x : 0;
    const dy = relative ? y : 0;
    switch (command.toUpperCase()) {
      case 'M':
        [x, y] = [n[0] + dx, n[1] + dy];
        start = [x, y];
        // Further pairs after a move are lines.
        for (let i = 2; i + 1 < n.length; i += 2) to(n[i] + (relative ? x : 0), n[i + 1] + (relative ? y : 0));
        break;
      case 'L':
        for (let i = 0; i + 1 < n.length; i += 2) to(n[i] + (relative ? x : 0), n[i + 1] + (relative ? y : 0));
        break;
      case 'H':
        for (const v of n) to(v + (relative ? x : 0), y);
        break;
      case 'V':
        for (const v of n) to(x, v + (relative ? y : 0));
        break;
      case 'Z':
        to(start[0], start[1]);
        break;
      default:
        throw new SyntaxError(`segmentsOfPath reads straight lines only (M, L, H, V, Z), got ${command}`);
    }
  }
  return out;
}

/**
 * The vertical line at `x` from `top` to `bottom`, cut where it would cross a box (grown by
 * `margin`): the pieces that remain, top to bottom, each at least 1 px long.
 * @example verticalAround(10, 0, 100, [{ x: 0, y: 40, width: 30, height: 10 }], 2) // [[0, 38], [52, 100]]
 */
export function verticalAround(x: number, top: number, bottom: number, boxes: readonly Box[], margin = 0): [number, number][] {
  const cuts = boxes
    .filter((b) => b.x - margin < x && x < b.x + b.width + margin)
    .map((b) => [b.y - margin, b.y + b.height + margin] as const)
    .sort((a, b) => a[0] - b[0]);
  const pieces: [number, number][] = [];
  let from = top;
  for (const [lo, hi] of cuts) {
    if (lo > from) pieces.push([from, Math.min(lo, bottom)]);
    from = Math.max(from, hi);
    if (from >= bottom) break;
  }
  if (from < bottom) pieces.push([from, bottom]);
  return pieces.filter(([a, b]) => b - a >= 1);
}
