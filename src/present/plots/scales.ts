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

/**
 * Tick values for a symlog count axis (d3 `scaleSymlog`, constant 1: linear near 0, logarithmic
 * beyond): 0, then 1, 2, 5, 10, 20, 50, … up to the first value ≥ `max`; where these would sit
 * closer than `minGap` px on an axis `length` px long (positions by the symlog transform), every
 * 1–2–5 step is dropped but the powers of ten.
 * @example symlogCountTicks(300, 400) // [0, 1, 2, 5, 10, 20, 50, 100, 200, 500]
 * @example symlogCountTicks(300, 200) // [0, 1, 10, 100, 1000]
 */
export function symlogCountTicks(max: number, length: number, minGap = 14): number[] {
  const top = Math.max(1, max);
  const steps = [0];
  for (let decade = 1; steps[steps.length - 1] < top; decade *= 10) for (const m of [1, 2, 5]) if (steps[steps.length - 1] < top) steps.push(m * decade);
  const t = (v: number) => Math.log1p(v);
  const pxPer = length / t(steps[steps.length - 1]);
  const spaced = (values: number[]) => values.every((v, i) => i === 0 || (t(v) - t(values[i - 1])) * pxPer >= minGap);
  if (spaced(steps)) return steps;
  const decades = steps.filter((v) => v === 0 || Number.isInteger(Math.log10(v)));
  return decades[decades.length - 1] >= top ? decades : [...decades, 10 * decades[decades.length - 1]];
}
