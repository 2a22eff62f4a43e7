/**
 * How the group outcomes of a screening model are read (issue 48): a fixed default cut-off on
 * uncalibrated scores (calibrated similarity without labels: 50·(1 + cos)) means nothing and is
 * uninformative; a cut-off the user chose is the user's rule — its four-fifths result is shown, with
 * the caveat that the scores are uncalibrated; a shortlist (top k) reads ranks, which need no
 * calibration. The page and the report read the same context from here.
 */
import type { RuleContext } from '../outcomes/index.ts';
import type { ScreeningAttributeOutcomes, ScreeningModelResult } from './results.ts';
import { variantRuleText, type VariantRule } from './variantOutcomes.ts';

/** The rule an attribute's outcomes were decided by (results stored before rules were stated have a threshold). */
export function ruleOfOutcomes(o: ScreeningAttributeOutcomes): VariantRule {
  return o.rule ?? { kind: 'threshold', threshold: o.threshold ?? 50 };
}

/** Whether a model's scores are uncalibrated (runs stored before the flag said so in the label). */
export function scoresUncalibrated(m: ScreeningModelResult): boolean {
  return m.model.uncalibrated === true || m.model.label.endsWith('(uncalibrated: no labels)');
}

/**
 * The rule context of one attribute's outcomes: `chosen` when the user set the rule (the results
 * page's rule control), otherwise the run's — a threshold tuned on labels, or the fixed default.
 * @example screeningRuleContext(glove, outcomes, true) // { ruleText: 'score ≥ 75', uncalibratedChosen: true }
 */
export function screeningRuleContext(m: ScreeningModelResult, o: ScreeningAttributeOutcomes, chosen = false): RuleContext {
  const rule = ruleOfOutcomes(o);
  const ruleText = variantRuleText(rule);
  if (rule.kind !== 'threshold' || !scoresUncalibrated(m)) return { ruleText };
  if (chosen) return { ruleText, uncalibratedChosen: true };
  return m.validity?.threshold_source === 'tuned' ? { ruleText } : { ruleText, uncalibratedDefault: true };
}
