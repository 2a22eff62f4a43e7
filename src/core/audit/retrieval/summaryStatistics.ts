/**
 * The statistics summarizeModel reports, computed on one set of units at a time — all units,
 * then each bootstrap resample — into one Float64Array. What the bootstrap's inner loop runs
 * (B resamples × about 160 statistics), so it is made for speed without changing a bit:
 *
 * - every sum runs over the set's units in its order, skipping the units without a value, as
 *   meanAt and summarizeTwinColumns do;
 * - a twin scope is summarised in one pass over rows of its values (summarizeTwinRows), not a
 *   pass per mean;
 * - a language's scopes read only the set's units of that language: the set is split by the
 *   units' languages once (each part in the set's order), which skips only units where those
 *   scopes have no value — each unit's language is read off the values, and where a unit has
 *   values of two languages nothing is split;
 * - every array is made once, not once per set (core/scratch.ts says what an allocation costs).
 */
import { summarizeTwinRows, twinRows, TWIN_ROW_STATISTICS } from '../../metrics/twinRows.ts';
import type { TwinColumns } from '../../metrics/twins.ts';

/** How many statistics a twin scope reports (twinMetricKeys). */
export const PER_SCOPE = 11;

/** The per-query values summarised, in the order their statistics are written. */
export interface StatisticsInputs {
  /** Columns averaged over every unit (meanAt: a NaN makes the mean NaN). */
  readonly means: readonly Float64Array[];
  /** Twin scopes, PER_SCOPE statistics each; `lang`: a scope with values only at that language's units. */
  readonly twinScopes: readonly { readonly columns: TwinColumns; readonly lang?: string }[];
  /** Columns averaged over the units where they are defined (not NaN), all of one language. */
  readonly definedMeans: readonly { readonly columns: readonly Float64Array[]; readonly lang: string }[];
}

/** The statistics of a set of units. */
export interface UnitStatistics {
  /** How many statistics `fill` writes. */
  readonly count: number;
  /**
   * Writes every statistic at the n units `indices` (repeats counted) to out[0, count): the
   * means, then each twin scope's in twinMetricKeys order, then the defined means; NaN for
   * undefined. Not reentrant: the arrays it works in are its own.
   */
  fill(indices: Uint32Array, out: Float64Array): void;
}

/** The mean of values at units[0, m), meanAt's way (a NaN value makes it NaN); NaN when m = 0. */
function meanIn(values: Float64Array, units: Uint32Array, m: number): number {
  if (m === 0) return NaN;
  let sum = 0;
  for (let j = 0; j < m; j++) sum += values[units[j]];
  return sum / m;
}

/** The mean of the values at units[from, to) that are defined (not NaN), summed in that order; NaN when none is. */
function meanDefinedIn(values: Float64Array, units: Uint32Array, from: number, to: number): number {
  let sum = 0;
  let count = 0;
  for (let j = from; j < to; j++) {
    const v = values[units[j]];
    if (Number.isNaN(v)) continue;
    sum += v;
    count++;
  }
  return count === 0 ? NaN : sum / count;
}

/**
 * A scope's statistics in twinMetricKeys order (IoU, rank shift, RBC, |RBC|, pooled RBC, τ,
 * dropout, r, d, OR, Std MAD) from summarizeTwinRows' TWIN_METRICS order.
 */
function putTwinStatistics(t: Float64Array, out: Float64Array, at: number): void {
  out[at] = t[0];
  out[at + 1] = t[1];
  out[at + 2] = t[3];
  out[at + 3] = Math.abs(t[3]);
  out[at + 4] = t[4];
  out[at + 5] = t[5];
  out[at + 6] = t[2];
  out[at + 7] = t[6];
  out[at + 8] = t[7];
  out[at + 9] = t[8];
  out[at + 10] = t[9];
}

/**
 * Each unit's language (an index into `langs`): the language of the scopes and columns with a
 * value at the unit, −1 where none has one. Undefined when a unit has values of two languages.
 */
function unitLanguages(inputs: StatisticsInputs, langs: readonly string[], n: number): Int32Array | undefined {
  const langOf = new Int32Array(n).fill(-1);
  const mark = (lang: string, has: (u: number) => boolean): boolean => {
    const l = langs.indexOf(lang);
    for (let u = 0; u < n; u++) {
      if (!has(u)) continue;
      if (langOf[u] >= 0 && langOf[u] !== l) return false;
      langOf[u] = l;
    }
    return true;
  };
  for (const { columns, lang } of inputs.twinScopes) if (lang !== undefined && !mark(lang, (u) => columns.present[u] === 1)) return undefined;
  for (const { columns, lang } of inputs.definedMeans) if (!mark(lang, (u) => columns.some((c) => !Number.isNaN(c[u])))) return undefined;
  return langOf;
}

/**
 * The statistics of `inputs` (columns over n units) for any set of n of the units.
 * @example const s = unitStatistics({ means: [ndcg], twinScopes: [], definedMeans: [] }, n); s.fill(indices, out) // out[0] = mean NDCG at indices
 */
export function unitStatistics(inputs: StatisticsInputs, n: number): UnitStatistics {
  const { means, definedMeans } = inputs;
  const langs = [...new Set([...inputs.twinScopes.flatMap((s) => (s.lang === undefined ? [] : [s.lang])), ...definedMeans.map((d) => d.lang)])];
  const langOf = unitLanguages(inputs, langs, n);
  const scopes = inputs.twinScopes.map((s) => twinRows(s.columns));
  // Per scope, its language (−1: every unit); per defined-mean group, its language.
  const scopeLang = Int32Array.from(inputs.twinScopes, (s) => (s.lang === undefined ? -1 : langs.indexOf(s.lang)));
  const groupLang = Int32Array.from(definedMeans, (d) => langs.indexOf(d.lang));
  const count = means.length + scopes.length * PER_SCOPE + definedMeans.reduce((sum, d) => sum + d.columns.length, 0);

  const twin = new Float64Array(TWIN_ROW_STATISTICS);
  // A set's units of language l: byLang[from[l], to[l]) in the set's order — or all of the set where nothing is split.
  const byLang = new Uint32Array(langOf ? langs.length * n : 0);
  const from = Int32Array.from(langs, (_, l) => (langOf ? l * n : 0));
  const to = new Int32Array(langs.length).fill(n);
  const fill = (indices: Uint32Array, out: Float64Array): void => {
    if (langOf) {
      to.set(from);
      for (let j = 0; j < n; j++) {
        const u = indices[j];
        const l = langOf[u];
        if (l >= 0) byLang[to[l]++] = u;
      }
    }
    const ofLang = langOf ? byLang : indices;
    let at = 0;
    for (const column of means) out[at++] = meanIn(column, indices, n);
    for (let s = 0; s < scopes.length; s++, at += PER_SCOPE) {
      const l = scopeLang[s];
      if (l < 0) summarizeTwinRows(scopes[s], indices, 0, n, twin, 0);
      else summarizeTwinRows(scopes[s], ofLang, from[l], to[l], twin, 0);
      putTwinStatistics(twin, out, at);
    }
    for (let g = 0; g < definedMeans.length; g++) {
      const l = groupLang[g];
      for (const column of definedMeans[g].columns) out[at++] = meanDefinedIn(column, ofLang, from[l], to[l]);
    }
  };
  return { count, fill };
}
