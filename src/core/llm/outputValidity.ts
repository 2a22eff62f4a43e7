/**
 * Output validity (the screening paper's measure for generative screeners,
 * issue 49): the share of answers that parse to an in-range score, with a
 * 95% Wilson score interval, per model and per variant group. Validity that
 * differs by group is itself a finding: a screener that more often fails to
 * answer for one group treats it differently even before any score.
 *
 * Wilson (1927): centre (k + z²/2)/(n + z²), half-width
 * z/(n + z²) · √(k(n−k)/n + z²/4). SciPy's `binomtest(k, n).proportion_ci(method='wilson')`
 * computes the same (scripts/reference/output_validity.py).
 */
/** A closed interval [low, high]. */
export type Bounds = readonly [number, number];

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;

/**
 * The 95% Wilson interval of k successes in n.
 * @throws {RangeError} for n < 1 or k outside 0..n.
 * @example wilsonInterval(8, 10) // [0.4901624715366418, 0.9433178485456248] (SciPy's too)
 */
export function wilsonInterval(k: number, n: number, z = Z95): Bounds {
  if (!(n >= 1) || !(k >= 0 && k <= n)) throw new RangeError(`wilsonInterval: need 0 ≤ k ≤ n and n ≥ 1 (k ${k}, n ${n})`);
  const z2 = z * z;
  const centre = (k + z2 / 2) / (n + z2);
  const half = (z / (n + z2)) * Math.sqrt((k * (n - k)) / n + z2 / 4);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export interface ValidityShare {
  readonly valid: number;
  readonly total: number;
  /** valid / total (NaN when total is 0). */
  readonly share: number;
  /** 95% Wilson interval ([NaN, NaN] when total is 0). */
  readonly ci: Bounds;
}

/** The valid share of `flags` (true = valid). */
export function validityShare(flags: ArrayLike<boolean>): ValidityShare {
  let valid = 0;
  for (let i = 0; i < flags.length; i++) if (flags[i]) valid++;
  const total = flags.length;
  return { valid, total, share: total === 0 ? NaN : valid / total, ci: total === 0 ? [NaN, NaN] : wilsonInterval(valid, total) };
}

/**
 * The valid share per group: `groups[i]` names the group of answer i (e.g.
 * `original`, `gender=female explicit`). Groups in first-seen order.
 */
export function validityByGroup(flags: ArrayLike<boolean>, groups: readonly string[]): Map<string, ValidityShare> {
  if (groups.length !== flags.length) throw new Error(`validityByGroup: ${flags.length} answers, ${groups.length} groups`);
  const members = new Map<string, boolean[]>();
  groups.forEach((g, i) => {
    let list = members.get(g);
    if (!list) members.set(g, (list = []));
    list.push(flags[i]!);
  });
  return new Map([...members].map(([g, list]) => [g, validityShare(list)]));
}
