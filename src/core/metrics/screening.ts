/**
 * Counterfactual CVs in screening (METRICS.md §4): ΔScore, ΔRank and Excl@k
 * per (attribute, group, signal), with the noise floor computed the same way.
 *
 * Two layers, as in every Fairground metric family: `screeningEffects`
 * computes each effect's contribution per unit (a CV in one job's pool) once;
 * `summarizeEffect` averages any resample of units, so a paired bootstrap over
 * CVs gives CIs and p-values (both sides of a difference come from the same
 * CV, hence paired by construction).
 */
import { rankPool, substitutionRank, tieKeys } from './rankedPool.ts';

/** One re-scored variant of a CV. */
export interface ScreeningVariant {
  readonly attribute: string;
  readonly group: string;
  /** `explicit`, `implicit`, or for noise any label. */
  readonly signal: string;
  /** The name used by an implicit variant ('' when none). */
  readonly name: string;
  readonly score: number;
}

/** A CV of a pool: its original score and its variants. */
export interface ScreeningCv {
  readonly cvId: string;
  readonly score: number;
  readonly variants: readonly ScreeningVariant[];
}

/** One job's pool of CVs. */
export interface ScreeningPool {
  readonly jobId: string;
  readonly cvs: readonly ScreeningCv[];
}

/** Options of `screeningEffects`. */
export interface ScreeningOptions {
  /** Reference group per attribute, e.g. { gender: 'male', ethnicity: 'white' }. */
  readonly reference: Readonly<Record<string, string>>;
  /** Shortlist size of Excl@k (5 in METRICS.md). */
  readonly k: number;
  /** Attribute whose variants are non-demographic perturbations (default `noise`). */
  readonly noiseAttribute?: string;
}

/** What an effect compares. */
export type EffectKind =
  /** a demographic group against the attribute's reference group */
  | 'effect'
  /**
   * the attribute's reference group itself: no ΔScore (it is the baseline of
   * the ΔScores), but ΔRank and Excl@k against the original CV, because
   * adding any cue line moves a CV and the group effects are read against it
   */
  | 'reference'
  /** a non-demographic perturbation (group names it: whitespace, typos, …) against the original */
  | 'noise'
  /** a CV's second name of a group against its first name (code-unit order among that CV's names) */
  | 'second-name';

/**
 * Per-unit contributions of one effect; arrays are indexed by unit (one CV in
 * one pool, in `units` order) and hold NaN where the unit does not count.
 */
export interface EffectUnits {
  readonly kind: EffectKind;
  readonly attribute: string;
  readonly group: string;
  readonly signal: string;
  /** s(variant) − s(base): base = reference group, original, or first name; NaN throughout for a reference row. */
  readonly deltaScore: Float64Array;
  /** r(base) − r(variant): base = original CV (effect, noise) or first name. */
  readonly deltaRank: Float64Array;
  /** For units whose base ranks ≤ k: 1 if the variant ranks > k, else 0. */
  readonly excl: Float64Array;
}

/** The units and every effect over them. */
export interface ScreeningEffects {
  readonly units: readonly { readonly jobId: string; readonly cvId: string }[];
  readonly effects: readonly EffectUnits[];
}

/** The three reported numbers of one effect. */
export interface EffectSummary {
  /** Mean of ΔScore over the units where defined. */
  readonly deltaScore: number;
  /** Mean of ΔRank over the units where defined. */
  readonly deltaRank: number;
  /** 100 × share of the base-top-k units whose variant ranks > k. */
  readonly excl: number;
}

/** Mean score and mean variant rank of one CV's variants of one (attribute, group, signal[, name]). */
interface Cell {
  score: number;
  rank: number;
  count: number;
}

const SEP = '\u0000';

/**
 * Computes every effect's per-unit contributions (METRICS.md §4).
 * A variant's rank is r_i(v) = 1 + #{x ≠ i ranked above v}, v taking i's
 * identifier, found by binary search in the pool sorted once. The variants
 * of one (attribute, group, signal) of a CV — one per name for implicit
 * signals — are averaged (score and rank) before any difference.
 * Demographic effects are listed for each group of an attribute; the
 * reference group's row (kind `reference`) has ΔRank and Excl@k but no
 * ΔScore. A unit counts for ΔScore only when it has both the group's and the
 * reference group's variants.
 * @throws {RangeError} when an attribute other than the noise attribute has no reference group.
 */
export function screeningEffects(pools: readonly ScreeningPool[], options: ScreeningOptions): ScreeningEffects {
  const noise = options.noiseAttribute ?? 'noise';
  const k = options.k;
  const units: { jobId: string; cvId: string }[] = [];
  const originalRank: number[] = [];
  const originalScore: number[] = [];
  /** Per unit: cells keyed by attribute SEP group SEP signal, and by ... SEP name. */
  const groupCells: Map<string, Cell>[] = [];
  const nameCells: Map<string, Cell>[] = [];
  const keys = new Set<string>();
  const keysWithNames = new Set<string>();
  for (const pool of pools) {
    const ranked = rankPool(
      pool.cvs.map((c) => c.score),
      tieKeys(pool.cvs.map((c) => c.cvId)),
    );
    pool.cvs.forEach((cv, i) => {
      const byGroup = new Map<string, Cell>();
      const byName = new Map<string, Cell>();
      for (const v of cv.variants) {
        if (v.attribute !== noise && !(v.attribute in options.reference)) {
          throw new RangeError(`no reference group for attribute "${v.attribute}"`);
        }
        const rank = substitutionRank(ranked, i, v.score);
        const key = [v.attribute, v.group, v.signal].join(SEP);
        keys.add(key);
        add(byGroup, key, v.score, rank);
        if (v.name !== '') {
          add(byName, key + SEP + v.name, v.score, rank);
          keysWithNames.add(key);
        }
      }
      units.push({ jobId: pool.jobId, cvId: cv.cvId });
      originalRank.push(ranked.rankOf[i]);
      originalScore.push(cv.score);
      groupCells.push(byGroup);
      nameCells.push(byName);
    });
  }
  const n = units.length;
  const effects: EffectUnits[] = [];
  const sortedKeys = [...keys].sort();
  for (const key of sortedKeys) {
    const [attribute, group, signal] = key.split(SEP);
    const ref = options.reference[attribute];
    const isReference = attribute !== noise && group === ref;
    const e = emptyEffect(attribute === noise ? 'noise' : isReference ? 'reference' : 'effect', attribute, group, signal, n);
    // Demographic groups are compared with the reference group, noise with the original CV.
    const refKey = [attribute, ref, signal].join(SEP);
    for (let u = 0; u < n; u++) {
      const cell = groupCells[u].get(key);
      if (!cell) continue;
      const score = cell.score / cell.count;
      const rank = cell.rank / cell.count;
      if (attribute === noise) {
        e.deltaScore[u] = score - originalScore[u];
      } else if (!isReference) {
        const refCell = groupCells[u].get(refKey);
        if (refCell) e.deltaScore[u] = score - refCell.score / refCell.count;
      }
      e.deltaRank[u] = originalRank[u] - rank;
      if (originalRank[u] <= k) e.excl[u] = rank > k ? 1 : 0;
    }
    effects.push(e);
  }
  for (const key of sortedKeys) {
    const [attribute, group, signal] = key.split(SEP);
    if (attribute === noise || !keysWithNames.has(key)) continue;
    const e = emptyEffect('second-name', attribute, group, signal, n);
    let defined = 0;
    for (let u = 0; u < n; u++) {
      // this CV's own names of the group, in code-unit order (names may be sampled per CV)
      const own = [...nameCells[u].keys()].filter((nk) => nk.startsWith(key + SEP)).sort();
      if (own.length < 2) continue;
      const first = nameCells[u].get(own[0])!;
      const second = nameCells[u].get(own[1])!;
      const [s1, r1] = [first.score / first.count, first.rank / first.count];
      const [s2, r2] = [second.score / second.count, second.rank / second.count];
      e.deltaScore[u] = s2 - s1;
      e.deltaRank[u] = r1 - r2;
      if (r1 <= k) e.excl[u] = r2 > k ? 1 : 0;
      defined++;
    }
    if (defined > 0) effects.push(e);
  }
  return { units, effects };
}

function add(cells: Map<string, Cell>, key: string, score: number, rank: number): void {
  const cell = cells.get(key);
  if (cell) {
    cell.score += score;
    cell.rank += rank;
    cell.count++;
  } else cells.set(key, { score, rank, count: 1 });
}

function emptyEffect(kind: EffectKind, attribute: string, group: string, signal: string, n: number): EffectUnits {
  return {
    kind,
    attribute,
    group,
    signal,
    deltaScore: new Float64Array(n).fill(NaN),
    deltaRank: new Float64Array(n).fill(NaN),
    excl: new Float64Array(n).fill(NaN),
  };
}

/** Mean of the non-NaN values at `indices` (all when omitted); NaN when none. */
function meanDefined(values: Float64Array, indices?: ArrayLike<number>): number {
  const n = indices ? indices.length : values.length;
  let sum = 0;
  let count = 0;
  for (let j = 0; j < n; j++) {
    const v = values[indices ? indices[j] : j];
    if (!Number.isNaN(v)) {
      sum += v;
      count++;
    }
  }
  return count === 0 ? NaN : sum / count;
}

/**
 * ΔScore, ΔRank and Excl@k of one effect over the units at `indices` (all
 * units when omitted; repeats count). Each is a mean over the units where it
 * is defined; NaN when no unit defines it (Excl@k when no base is in the top k).
 */
export function summarizeEffect(effect: EffectUnits, indices?: ArrayLike<number>): EffectSummary {
  return {
    deltaScore: meanDefined(effect.deltaScore, indices),
    deltaRank: meanDefined(effect.deltaRank, indices),
    excl: 100 * meanDefined(effect.excl, indices),
  };
}
