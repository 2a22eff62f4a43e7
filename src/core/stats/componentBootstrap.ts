/**
 * The component bootstrap (the benchmark's uncertainty appendix; METRICS.md
 * §6): the resampling units are connected components of records
 * (entityComponents), drawn with replacement, each drawn component bringing
 * all of its records; a statistic sees the resample as record multiplicities
 * (weights). Components are drawn within strata — the components that touch
 * the same set of tasks — so a task whose records are not linked to other
 * tasks keeps its number of units in every resample. Without entity ids each
 * record is its own component and each task its own stratum: the ordinary
 * per-task bootstrap of groups (ranking, retrieval) or records.
 *
 * Draw order, for the seed to be reproducible: createRng(seed) once; for each
 * resample b, for each stratum in order of its first component, m draws of
 * rng.int(m) (rng.fillInt), m the stratum's number of components. With one
 * stratum of singleton components in record order this is exactly
 * forEachResample's stream, so a mean equals meanCi's to the bit.
 */
import { confidenceLevel, type BootstrapOptions } from './bootstrapResamples.ts';
import { createRng } from './rng.ts';
import { vectorInterval, type VectorInterval } from './vectorInterval.ts';

/** Which component each record is in, and which stratum each component is in. */
export interface ResamplingUnits {
  readonly component: Uint32Array;
  readonly stratum: Uint32Array;
}

/**
 * Strata by signature: components touching the same set of groups (tasks)
 * share a stratum, numbered by first appearance.
 * @example componentStrata(Uint32Array.of(0, 1, 0), Uint32Array.of(0, 0, 1)) // { component: [0, 1, 0], stratum: [0, 1] }
 */
export function componentStrata(component: Uint32Array, group: Uint32Array): ResamplingUnits {
  const groups = new Map<number, Set<number>>();
  component.forEach((c, i) => {
    const set = groups.get(c) ?? new Set<number>();
    set.add(group[i]);
    groups.set(c, set);
  });
  const count = groups.size;
  const numbering = new Map<string, number>();
  const stratum = new Uint32Array(count);
  for (let c = 0; c < count; c++) {
    const key = [...groups.get(c)!].sort((a, b) => a - b).join(',');
    let s = numbering.get(key);
    if (s === undefined) numbering.set(key, (s = numbering.size));
    stratum[c] = s;
  }
  return { component, stratum };
}

/**
 * Percentile bootstrap of a statistic that yields `size` numbers from record
 * weights, resampling components within strata (see the file comment).
 * `estimate` is the statistic at weights all 1; entry k's CI is the
 * percentile interval of its non-NaN values (`defined` counts them).
 * Memory O(B·size + records).
 * @throws {RangeError} for a non-positive B or a level outside (0, 1).
 * @example componentBootstrap(units, 1, (w, out) => { out[0] = weightedMeanOf(xs, w); }, { resamples: 10000, seed: 1 })
 */
export function componentBootstrap(
  units: ResamplingUnits,
  size: number,
  statistic: (weights: Uint32Array, out: Float64Array) => void,
  options: BootstrapOptions,
): VectorInterval {
  const level = confidenceLevel(options);
  const { resamples, seed } = options;
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`bootstrap resamples must be a positive integer, got ${resamples}`);
  const records = units.component.length;
  const components = units.stratum.length;
  // records of each component (CSR), components of each stratum
  const start = new Uint32Array(components + 1);
  units.component.forEach((c) => start[c + 1]++);
  for (let c = 0; c < components; c++) start[c + 1] += start[c];
  const members = new Uint32Array(records);
  const fill = start.slice(0, components);
  units.component.forEach((c, i) => (members[fill[c]++] = i));
  const strata: number[][] = [];
  units.stratum.forEach((s, c) => (strata[s] ??= []).push(c));
  const draws = strata.map((list) => new Uint32Array(list.length));

  const weights = new Uint32Array(records);
  const values = new Float64Array(resamples * size);
  const rng = createRng(seed);
  for (let b = 0; b < resamples && records > 0; b++) {
    weights.fill(0);
    strata.forEach((list, s) => {
      rng.fillInt(draws[s], list.length);
      for (const j of draws[s]) {
        const c = list[j];
        for (let k = start[c]; k < start[c + 1]; k++) weights[members[k]]++;
      }
    });
    statistic(weights, values.subarray(b * size, (b + 1) * size));
  }
  const estimate = new Float64Array(size);
  statistic(weights.fill(1), estimate);
  return vectorInterval(estimate, values, records > 0 ? resamples : 0, level);
}
