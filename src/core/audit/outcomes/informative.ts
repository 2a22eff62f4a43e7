/**
 * Whether a decision rule can say anything about fairness (issue 31): a rule that selects every
 * candidate of every compared category, or none of any, gives every impact ratio 1 (or none) and
 * would print "passes" for a rule that selects everyone. Such a rule is uninformative, and the
 * results say so instead of passing or failing anyone; so is a fixed default cut-off on scores
 * that are not calibrated (calibrated similarity without labels: 50·(1 + cos) ≥ 50 for every
 * candidate, so "score ≥ 50" selects all).
 */
import type { OutcomeDecision, OutcomesResults } from './results.ts';

/** Whether the rule is informative, and why not. */
export interface RuleInformativeness {
  readonly informative: boolean;
  /** Why not, one sentence each (empty when informative). */
  readonly reasons: readonly string[];
}

/** The rule in words: `score ≥ 50`, `the top 5 per job`, `the 20% highest scores`. */
export function describeRule(decision: OutcomeDecision): string {
  switch (decision.kind) {
    case 'selected':
      return `the selection in column "${decision.column}"`;
    case 'cutoff':
      return `${decision.column} ≥ ${decision.cutoff}`;
    case 'scoring-rate':
      return `${decision.column} above the median (the LL144 scoring rate)`;
    case 'top-k':
      return `the top ${decision.k} per job by ${decision.column}`;
    case 'rate':
      return `the ${Math.round(100 * decision.share)}% highest ${decision.column}`;
  }
}

/** How the rule of an audit is read. */
export interface RuleContext {
  /** The scores are uncalibrated and the cut-off is the fixed default: the rule is uninformative. */
  readonly uncalibratedDefault?: boolean;
  /** The scores are uncalibrated and the user chose the cut-off: the user's rule, read with that caveat. */
  readonly uncalibratedChosen?: boolean;
  /** The rule in words, where the decision column does not say it (a screening audit's rule, e.g. `score ≥ 50`). */
  readonly ruleText?: string;
}

/** Names in words: `race`, `race and gender`, `race, gender and race × gender`. */
const listed = (names: readonly string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/**
 * Whether a group-outcome audit's rule is informative: not when, in a grouping, every compared
 * category is selected whole, or none of any is; and not when `uncalibratedDefault` (a fixed default
 * cut-off on uncalibrated scores).
 * @example ruleInformativeness(results).informative // false when every candidate was selected
 */
export function ruleInformativeness(results: OutcomesResults, context: RuleContext = {}): RuleInformativeness {
  const rule = context.ruleText ?? describeRule(results.decision);
  const reasons: string[] = [];
  if (context.uncalibratedDefault) reasons.push(`the scores are not calibrated (no labels to calibrate them on), so the fixed default cut-off (${rule}) means nothing`);
  const all: string[] = [];
  const none: string[] = [];
  for (const g of results.groupings) {
    const compared = g.categories.filter((c) => !c.excluded && c.n > 0);
    if (compared.length < 2) continue;
    if (compared.every((c) => c.selected === c.n)) all.push(g.name);
    else if (compared.every((c) => c.selected === 0)) none.push(g.name);
  }
  if (all.length > 0) reasons.push(`${rule} selects every candidate of every ${listed(all)} category`);
  if (none.length > 0) reasons.push(`${rule} selects no candidate of any ${listed(none)} category`);
  return { informative: reasons.length === 0, reasons };
}
