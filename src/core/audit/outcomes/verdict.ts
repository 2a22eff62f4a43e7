/**
 * The group-outcome audit in words (issue 31): per grouping, which categories the rule selects at
 * less than four-fifths of the highest rate, with their rates as percentages and the impact ratio
 * with its interval — or that none is — and, first, whether the rule can tell anything at all.
 */
import type { Verdict } from '../common/index.ts';
import { interval, percent, statistic } from '../common/index.ts';
import { describeRule, ruleInformativeness, type RuleContext } from './informative.ts';
import type { OutcomeNumber, OutcomesResults } from './results.ts';

const meanOf = (v: OutcomeNumber) => (typeof v === 'object' ? v.mean : v);
const ciOf = (v: OutcomeNumber) => (typeof v === 'object' ? v.ci : undefined);

/** The anchor of a category's row. */
export const categoryAnchor = (grouping: string, category: string) => `outcomes:${grouping}:${category}`;

/**
 * The caveat of a cut-off the user chose on uncalibrated scores: the rule is theirs, the scale is not a probability.
 * @example uncalibratedCaveat('score ≥ 75') // 'The scores are not calibrated (no labels to calibrate them on): score ≥ 75 is the cut-off you chose …'
 */
export function uncalibratedCaveat(rule: string): string {
  return `The scores are not calibrated (no labels to calibrate them on): ${rule} is the cut-off you chose, applied to the scores as they are — a score is not a probability of fit, so read the four-fifths result below as that of your rule on this model's scale.`;
}

/**
 * One sentence per grouping (or, for an uninformative rule, one saying so and why).
 * @example outcomesVerdicts(results)[0].text // 'race: black is selected at 6.45% against white’s 9.65% (impact ratio 0.668, 95% CI 0.52 to 0.85): below four-fifths.'
 */
export function outcomesVerdicts(results: OutcomesResults, context: RuleContext = {}): Verdict[] {
  const info = ruleInformativeness(results, context);
  const rule = context.ruleText ?? describeRule(results.decision);
  if (!info.informative) {
    return [{ subject: 'rule', anchor: 'outcomes:rule', distinguishable: false, text: `The rule is uninformative: ${info.reasons.join('; ')}. It cannot tell a fair selection from an unfair one, so no four-fifths result is shown; choose a shortlist, a cut-off or a selection rate that selects some candidates and not others.` }];
  }
  const out: Verdict[] = [];
  if (context.uncalibratedChosen) out.push({ subject: 'rule', anchor: 'outcomes:rule', distinguishable: false, text: uncalibratedCaveat(rule) });
  for (const g of results.groupings) {
    const top = g.categories.find((c) => c.category === g.highest);
    if (!top) continue;
    const flagged = g.categories.filter((c) => c.four_fifths && !c.excluded);
    const topRate = `${top.category}’s ${percent(meanOf(top.selection_rate))}`;
    if (flagged.length === 0) {
      out.push({ subject: g.name, anchor: categoryAnchor(g.name, top.category), distinguishable: false, text: `${g.name}: every category is selected at four-fifths or more of the highest rate (${topRate}, under ${rule}).` });
      continue;
    }
    for (const c of flagged) {
      const ci = ciOf(c.impact_ratio);
      const sure = ci ? (ci[1] < 0.8 ? ' — its interval lies wholly below 0.8' : ' — but its interval reaches 0.8 or above, so a small sample may explain it') : '';
      out.push({
        subject: g.name, anchor: categoryAnchor(g.name, c.category), distinguishable: ci ? ci[1] < 0.8 : true,
        text: `${g.name}: ${c.category} is selected at ${percent(meanOf(c.selection_rate))} against ${topRate} (impact ratio ${statistic(meanOf(c.impact_ratio))}${ci ? `, ${interval(ci)}` : ''}): below four-fifths${sure}.`,
      });
    }
  }
  return out;
}
