/**
 * A screening model's per-unit values (screening/perUnit.ts) as the columns a paired comparison
 * resamples (statistics.ts): one unit per audited (job, CV) pair, in the order of their ids (job,
 * then CV, by code unit), so two runs on the same pairs line up whatever order they stored them
 * in; `unitsSha256` over the same ids tells two runs that audited the same pairs.
 *
 * Columns: `score` (the original's run-1 score), `selected` (1 when the rule selected it, else 0)
 * and, for each bias effect `delta_score|attribute|group|signal` (METRICS.md §4), the pair's
 * ΔScore: the mean of the group's variant ΔScores (over its names) minus the mean of the reference
 * group's, NaN where the CV lacks either — so the column's mean over the units that define it is
 * the effect's reported ΔScore (to rounding: the run averaged scores, this averages differences).
 */
import { unitsSha256, type ModelPerUnit } from '../retrieval/index.ts';
import type { ScreeningPerUnit, ScreeningResults } from '../screening/index.ts';

/** The metric key of a bias effect's ΔScore. @example deltaScoreKey('gender', 'female', 'explicit') // 'delta_score|gender|female|explicit' */
export function deltaScoreKey(attribute: string, group: string, signal: string): string {
  return `delta_score|${attribute}|${group}|${signal}`;
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The columns of one model's per-unit values, for the ΔScore of each demographic effect the run
 * reports (`effects`: attribute, group, signal), against `reference` (the run's reference group
 * per attribute).
 * @example screeningUnitColumns(model.perUnit, results.parameters.reference, [{ attribute: 'gender', group: 'female', signal: 'explicit' }]).columns['delta_score|gender|female|explicit']
 */
export function screeningUnitColumns(
  perUnit: ScreeningPerUnit,
  reference: ScreeningResults['parameters']['reference'],
  effects: readonly { readonly attribute: string; readonly group: string; readonly signal: string }[],
): ModelPerUnit {
  const units = Object.keys(perUnit.originals)
    .sort(byCodeUnit)
    .flatMap((job) => Object.keys(perUnit.originals[job]).sort(byCodeUnit).map((cv) => [job, cv] as const));
  const at = new Map(units.map(([job, cv], i) => [`${job}\u0000${cv}`, i]));
  // Per unit and (attribute, group, signal): the sum and count of its variants' ΔScores.
  const sums = new Map<string, { sum: Float64Array; count: Uint32Array }>();
  for (const [job, variants] of Object.entries(perUnit.variants)) {
    for (const v of Object.values(variants)) {
      const u = at.get(`${job}\u0000${v.cv}`);
      if (u === undefined) continue;
      const cue = `${v.attribute}|${v.group}|${v.signal}`;
      let s = sums.get(cue);
      if (!s) sums.set(cue, (s = { sum: new Float64Array(units.length), count: new Uint32Array(units.length) }));
      s.sum[u] += v.delta_score;
      s.count[u]++;
    }
  }
  const columns: Record<string, (number | null)[]> = {
    score: units.map(([job, cv]) => perUnit.originals[job][cv].score),
    selected: units.map(([job, cv]) => (perUnit.originals[job][cv].selected ? 1 : 0)),
  };
  for (const e of effects) {
    const ref = reference[e.attribute];
    const g = sums.get(`${e.attribute}|${e.group}|${e.signal}`);
    const r = ref === undefined ? undefined : sums.get(`${e.attribute}|${ref}|${e.signal}`);
    columns[deltaScoreKey(e.attribute, e.group, e.signal)] = units.map((_, u) =>
      g && r && g.count[u] > 0 && r.count[u] > 0 ? g.sum[u] / g.count[u] - r.sum[u] / r.count[u] : null,
    );
  }
  return { units: units.length, unitsSha256: unitsSha256(units.map(([job, cv]) => JSON.stringify([job, cv]))), columns };
}
