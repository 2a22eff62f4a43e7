/**
 * The "find the planted bias" lesson's example (issue 49: the audit's positive control): six CVs
 * of one job, each scored as a male and a female twin (and as a white and a Black twin) by the
 * rule of the bundled planted-bias LLM, and the audit's ΔScore of those twins from core.
 */
import { sigmoid } from '../../../core/stats/logistic.ts';
import { screeningEffects, summarizeEffect, type ScreeningPool } from '../../../core/metrics/screening.ts';

/**
 * The constants of the bundled `fairground-planted-llm` (its config.json, `fairground_planted`):
 * alpha, beta, c, and m, the chat's `<|im_start|>` tokens (3). The planted δ is ln 2.
 */
export const PLANTED_RULE = Object.freeze({ alpha: -3, beta: 9, c: 4 / 3, m: 3, deltaFemale: Math.LN2 });

/** Shortlist size of Excl@k in the audit (METRICS.md §4); the lesson reads only ΔScore. */
export const PLANTED_K = 5;

/** Job skills found in each of the six CVs (c1 … c6): from a wrong-field CV (0) to a strong one (8). */
export const PLANTED_SKILLS: readonly number[] = Object.freeze([0, 1, 2, 4, 6, 8]);

/**
 * The bundled planted-bias LLM's score of a CV (public/models/fairground-planted-llm/PROVENANCE.md):
 * logit(yes) − logit(no) = α + β·k / (k + c·m) − δ·[female cue], score = 100·σ(that margin),
 * with α = −3, β = 9, c = 4/3, m = 3 (so c·m = 4). The real model computes it inside its weights
 * from the prompt's tokens; here k is given.
 * @param skills k, the job's skills found in the CV (≥ 0).
 * @param female whether the CV carries a female cue (a female first name or "Gender: Female").
 * @param delta δ, the logit taken off a female CV: ln 2 in the bundled model (halves the odds of "yes"), 0 for none.
 * @example plantedScore(2, false, Math.LN2) // 50: margin −3 + 9·2/6 = 0
 */
export function plantedScore(skills: number, female: boolean, delta: number): number {
  const { alpha, beta, c, m } = PLANTED_RULE;
  const margin = alpha + (beta * skills) / (skills + c * m) - (female ? delta : 0);
  return 100 * sigmoid(margin);
}

/**
 * The job's pool as the audit sees it: each CV's original (no cue) and its male, female, white and
 * Black twins, scored by the rule with the female twin's logit lowered by `delta`. Ethnicity is
 * in the pool so the lesson shows the other half of a positive control: no effect where none is planted.
 */
export function plantedPool(delta: number): ScreeningPool {
  return {
    jobId: 'job',
    cvs: PLANTED_SKILLS.map((k, i) => {
      const score = plantedScore(k, false, delta);
      return {
        cvId: `c${i + 1}`,
        score,
        variants: [
          { attribute: 'gender', group: 'male', signal: 'explicit', name: '', score },
          { attribute: 'gender', group: 'female', signal: 'explicit', name: '', score: plantedScore(k, true, delta) },
          { attribute: 'ethnicity', group: 'white', signal: 'explicit', name: '', score },
          { attribute: 'ethnicity', group: 'black', signal: 'explicit', name: '', score },
        ],
      };
    }),
  };
}

/** One twin pair of the lesson's table. */
export interface PlantedPair {
  readonly cvId: string;
  readonly skills: number;
  readonly male: number;
  readonly female: number;
}

export interface PlantedResult {
  readonly pairs: readonly PlantedPair[];
  /** ΔScore female − male, by the audit's core (screeningEffects, METRICS.md §4). */
  readonly femaleDeltaScore: number;
  /** ΔScore Black − white: the rule ignores ethnicity, so 0 whatever δ is. */
  readonly blackDeltaScore: number;
}

/** The six twin pairs' scores and the audit's ΔScores when the model takes `delta` off a female CV's logit. */
export function plantedResult(delta: number): PlantedResult {
  const pool = plantedPool(delta);
  const { effects } = screeningEffects([pool], { reference: { gender: 'male', ethnicity: 'white' }, k: PLANTED_K });
  const effectOf = (attribute: string, group: string) => {
    const e = effects.find((x) => x.kind === 'effect' && x.attribute === attribute && x.group === group);
    if (!e) throw new Error(`the planted example lacks the ${attribute} = ${group} effect`);
    return summarizeEffect(e).deltaScore;
  };
  const pairs = pool.cvs.map((cv, i) => ({
    cvId: cv.cvId,
    skills: PLANTED_SKILLS[i],
    male: cv.variants[0].score,
    female: cv.variants[1].score,
  }));
  return { pairs, femaleDeltaScore: effectOf('gender', 'female'), blackDeltaScore: effectOf('ethnicity', 'black') };
}
