/** Domains for continuous axes. */

/**
 * [min, max] of the values widened by `pad` of the span on each side, so marks do not sit on the
 * frame; a single value (or none) gets a unit-wide window around it (or [0, 1]).
 */
export function paddedDomain(values: readonly number[], pad = 0.05): [number, number] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return [0, 1];
  const lo = Math.min(...finite);
  const hi = Math.max(...finite);
  if (lo === hi) return [lo - 0.5, hi + 0.5];
  const margin = (hi - lo) * pad;
  return [lo - margin, hi + margin];
}
