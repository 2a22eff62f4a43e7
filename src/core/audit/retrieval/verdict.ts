/**
 * The retrieval-fairness audit in words (issue 31): for each model of a query set, which group's
 * profiles rank better when the twins swap places, by how much, with the interval, and how much
 * the ranking moves — generated from the numbers, never written by hand. The favoured group is
 * read off the pooled RBC (METRICS.md §3): with W_F and W_M the pairs whose first- or second-group
 * member ranks strictly better, RBC = (W_F − W_M)/(W_F + W_M), so (1 + |RBC|)/2 is the share of the
 * pairs that moved (ties left out) in which the favoured group ranks better.
 */
import type { Verdict } from '../common/index.ts';
import { excludes, interval, percent, statistic } from '../common/index.ts';
import { shortModelName } from '../../models/displayName.ts';
import type { ModelResult, SubsetResult } from './results.ts';

/** The anchor of a model's row in the fairness table of a query set. */
export const fairnessAnchor = (subset: Pick<SubsetResult, 'task' | 'twinsTask'>, modelId: string) => `fairness:${subset.task}:${subset.twinsTask}:${modelId}`;

/**
 * One sentence for a model: who is favoured (or that no preference can be told from chance), by
 * how much, and how far the ranking moves.
 * @example retrievalVerdict(subset, model).text
 *   // 'BM25: female-signalled profiles rank below their male twins in 70.5% of the pairs that moved (pooled RBC −0.410, 95% CI −0.460 to −0.340); swapping twins in moves a profile 15.6 ranks on average and keeps 90.5% of the top 10 (IoU@10).'
 */
export function retrievalVerdict(subset: SubsetResult, model: ModelResult, k: number): Verdict {
  const [first, second] = subset.groups;
  const t = model.robustness.overall;
  const rbc = t.rbc_pooled;
  const name = shortModelName(model.model.label, model.model.id);
  const anchor = fairnessAnchor(subset, model.model.id);
  const iou = t[`iou@${k}`];
  const moves = `swapping twins in moves a profile ${statistic(t.rank_shift.mean, 1)} ranks on average and keeps ${percent(iou?.mean, 1)} of the top ${k} (IoU@${k})`;
  if (!Number.isFinite(rbc.mean)) return { subject: model.model.id, anchor, distinguishable: false, text: `${name}: no twin pair moved, so no group can be said to be favoured; ${moves}.` };
  const distinguishable = excludes(rbc.ci, 0);
  if (!distinguishable) {
    return {
      subject: model.model.id, anchor, distinguishable,
      text: `${name}: no preference between ${first}- and ${second}-signalled profiles can be told from chance (pooled RBC ${statistic(rbc.mean)}, ${interval(rbc.ci)}, which includes 0); ${moves}.`,
    };
  }
  const [winner, loser] = rbc.mean > 0 ? [first, second] : [second, first];
  return {
    subject: model.model.id, anchor, distinguishable,
    text: `${name}: ${loser}-signalled profiles rank below their ${winner} twins in ${percent((1 + Math.abs(rbc.mean)) / 2, 1)} of the pairs that moved (pooled RBC ${statistic(rbc.mean)}, ${interval(rbc.ci)}); ${moves}.`,
  };
}

/**
 * The verdicts of a query set, one per model, then one line when no model's preference can be told
 * from chance.
 */
export function retrievalVerdicts(subset: SubsetResult, k: number): { verdicts: Verdict[]; summary: string } {
  const verdicts = subset.models.map((m) => retrievalVerdict(subset, m, k));
  const favouring = verdicts.filter((v) => v.distinguishable).length;
  const summary = subset.twinsTask === ''
    ? 'This query set has no twins: only effectiveness is measured.'
    : favouring === 0
      ? `No model favours ${subset.groups[0]}- or ${subset.groups[1]}-signalled profiles by more than chance allows.`
      : `${favouring} of ${verdicts.length} model${verdicts.length === 1 ? '' : 's'} favour one group by more than chance allows.`;
  return { verdicts: subset.twinsTask === '' ? [] : verdicts, summary };
}
