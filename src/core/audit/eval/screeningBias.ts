/**
 * `eval screening-bias`: counterfactual bias of a decision model
 * (METRICS.md §4). Output: `effects`, one
 * `{kind, attribute, group, signal, delta_score, delta_rank, excl@k, n_cvs}`
 * per group of each attribute — kind `effect` for a group against its
 * attribute's reference group, `reference` for the reference group's own row
 * (ΔScore null: it is the reference; ΔRank and Excl@k measured) — and
 * `noise_floor`, the same for each noise perturbation (attribute `noise`,
 * against the original) and each implicit group's second name (kind
 * `second-name`, against its first name). With `ci`, numbers become
 * {mean, ci} (resampling CVs, paired); each statistic of an effect or
 * reference row also gets `p` (two-sided paired bootstrap against 0), `q`
 * (Benjamini–Hochberg over all of this model's effect and reference tests;
 * the noise floor is not in the family) and `significant` (q < 0.05) — the
 * numbers of the audit's bias section (screening/effectTests.ts).
 */
import { NOISE_ATTRIBUTE } from '../../formats/screeningScores.ts';
import { screeningEffects, summarizeEffect, type EffectUnits, type ScreeningPool } from '../../metrics/screening.ts';
import { effectStatistics, familyTests, effectCvs } from '../screening/index.ts';
import type { CiOptions } from '../common/index.ts';

function cues(e: EffectUnits) {
  return { attribute: e.attribute, group: e.group, signal: e.signal };
}

export function evalScreeningBias(pools: readonly ScreeningPool[], options: { readonly reference: Readonly<Record<string, string>>; readonly k: number }, ci?: CiOptions) {
  const { reference, k } = options;
  const { units, effects } = screeningEffects(pools, { reference, k, noiseAttribute: NOISE_ATTRIBUTE });
  const n = units.length;
  const r = { bootstrap: ci?.resamples ?? 0, seed: ci?.seed ?? 0 };
  const rowsOf = effects.filter((e) => e.kind === 'effect' || e.kind === 'reference');
  const noiseOf = effects.filter((e) => e.kind === 'noise' || e.kind === 'second-name');
  const plainRow = (e: EffectUnits) => {
    const s = summarizeEffect(e);
    return { delta_score: s.deltaScore, delta_rank: s.deltaRank, [`excl@${k}`]: s.excl };
  };
  let rows: Record<string, unknown>[];
  let noise: Record<string, unknown>[];
  if (ci) {
    const tested = familyTests(rowsOf.map((e) => effectStatistics(e, n, r)));
    rows = rowsOf.map((e, i) => ({ kind: e.kind, ...cues(e), delta_score: tested[i].delta_score, delta_rank: tested[i].delta_rank, [`excl@${k}`]: tested[i].excl, n_cvs: effectCvs(e) }));
    noise = noiseOf.map((e) => {
      const s = effectStatistics(e, n, r);
      const interval = ({ mean, ci: c }: { mean: number; ci: readonly [number, number] }) => ({ mean, ci: [c[0], c[1]] });
      return { kind: e.kind, ...cues(e), delta_score: interval(s.delta_score), delta_rank: interval(s.delta_rank), [`excl@${k}`]: interval(s.excl), n_cvs: effectCvs(e) };
    });
  } else {
    rows = rowsOf.map((e) => ({ kind: e.kind, ...cues(e), ...plainRow(e), n_cvs: effectCvs(e) }));
    noise = noiseOf.map((e) => ({ kind: e.kind, ...cues(e), ...plainRow(e), n_cvs: effectCvs(e) }));
  }
  return {
    effects: rows,
    noise_floor: noise,
    reference,
    n_jobs: pools.length,
    n_cvs: n,
  };
}
