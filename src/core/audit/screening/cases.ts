/**
 * The CVs whose variants changed the decision (issue 31): under the rule the outcomes use (the
 * tuned threshold, or the top-k shortlist of each pool), each demographic variant is decided as its
 * CV's neutral base was or otherwise; those decided otherwise are the cases behind the selection
 * rates, kept by the size of the score change. The shortlist rank of a base CV is its rank among
 * its pool's originals (run 0), ties by identifier descending (METRICS.md §4), as a variant's is
 * when it takes the CV's place (variantOutcomes.ts).
 */
import type { PreparedScreening, ScreeningModelScores } from './input.ts';
import type { DecisionCase, DecisionCases } from './results.ts';
import { variantSelected, type VariantRule } from './variantOutcomes.ts';

/** How many decision cases a result keeps. */
export const DECISION_CASES_KEPT = 25;

/** Whether each original is selected under the rule, by its own score among its pool's originals. */
export function originalSelected(prepared: PreparedScreening, scores: ScreeningModelScores, rule: VariantRule): Uint8Array {
  const first = scores.runs[0];
  const out = new Uint8Array(prepared.work.originals.length);
  for (const pool of prepared.pools) {
    for (let i = pool.start; i < pool.start + pool.cvIds.length; i++) {
      if (rule.kind === 'threshold') {
        out[i] = first[i] >= rule.threshold ? 1 : 0;
        continue;
      }
      const own = prepared.work.originals[i].cvId;
      let rank = 1;
      for (let j = pool.start; j < pool.start + pool.cvIds.length; j++) {
        if (j !== i && (first[j] > first[i] || (first[j] === first[i] && prepared.work.originals[j].cvId > own))) rank++;
      }
      out[i] = rank <= rule.k ? 1 : 0;
    }
  }
  return out;
}

/**
 * The demographic variants decided otherwise than their CV, the largest |variant − base score|
 * first (ties by work-list order), at most `limit`, with the counts.
 * @example decisionCases(prepared, scores, { kind: 'top-k', k: 5 }).flips[0] // { original: 3, variant: 17, group: 'female', selected: true, variantSelected: false, … }
 */
export function decisionCases(prepared: PreparedScreening, scores: ScreeningModelScores, rule: VariantRule, limit = DECISION_CASES_KEPT): DecisionCases {
  const base = originalSelected(prepared, scores, rule);
  const variants = variantSelected(prepared, scores, rule);
  const first = scores.runs[0];
  const noise = prepared.options.noiseAttribute;
  const all: DecisionCase[] = [];
  let variantCount = 0;
  prepared.variantsOf.forEach((list, i) => {
    for (const v of list) {
      if (v.cue.attribute === noise) continue;
      variantCount++;
      if (variants[v.index] === base[i]) continue;
      all.push({
        original: i, variant: v.index, attribute: v.cue.attribute, group: v.cue.group, signal: v.cue.signal,
        score: first[i], variantScore: scores.variants[v.index], selected: base[i] === 1, variantSelected: variants[v.index] === 1,
      });
    }
  });
  const size = (c: DecisionCase) => Math.abs(c.variantScore - c.score);
  const flips = all.map((c, at) => ({ c, at })).sort((a, b) => size(b.c) - size(a.c) || a.at - b.at).slice(0, limit).map((x) => x.c);
  return { flips, flipCount: all.length, variantCount };
}
