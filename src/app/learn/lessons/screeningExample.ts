/**
 * The screening-bias lesson's example: one job's pool of eight CVs, each with a
 * male and a female variant (explicit cue) and a harmless edit (the noise floor).
 */
import { screeningEffects, summarizeEffect, type EffectSummary, type ScreeningPool } from '../../../core/metrics/screening.ts';

export const SCREENING_K = 5;
export const PENALTY_MAX = 10;

/** Original scores of c1 … c8 (0–100). */
export const CV_SCORES: readonly number[] = Object.freeze([82, 78, 74, 71, 69, 66, 60, 55]);

/** Score change of each CV under a harmless edit (whitespace collapse, a typo); they sum to 0. */
export const NOISE_DELTAS: readonly number[] = Object.freeze([1, -1, 2, -2, -3, -1, 2, 2]);

/**
 * The pool when the model takes `penalty` points off every female variant; the
 * male variant keeps the original score, the noise variant moves by NOISE_DELTAS.
 */
export function screeningPool(penalty: number): ScreeningPool {
  return {
    jobId: 'job',
    cvs: CV_SCORES.map((score, i) => ({
      cvId: `c${i + 1}`,
      score,
      variants: [
        { attribute: 'gender', group: 'male', signal: 'explicit', name: '', score },
        { attribute: 'gender', group: 'female', signal: 'explicit', name: '', score: score - penalty },
        { attribute: 'noise', group: 'whitespace', signal: 'edit', name: '', score: score + NOISE_DELTAS[i] },
      ],
    })),
  };
}

export interface ScreeningLessonResult {
  readonly effect: EffectSummary;
  readonly noise: EffectSummary;
}

/** ΔScore, ΔRank and Excl@5 of the female variant and of the noise floor, by the core (METRICS.md §4). */
export function screeningResult(penalty: number): ScreeningLessonResult {
  const { effects } = screeningEffects([screeningPool(penalty)], { reference: { gender: 'male' }, k: SCREENING_K });
  const effect = effects.find((e) => e.kind === 'effect' && e.group === 'female');
  const noise = effects.find((e) => e.kind === 'noise');
  if (!effect || !noise) throw new Error('the screening example lacks an effect');
  return { effect: summarizeEffect(effect), noise: summarizeEffect(noise) };
}
