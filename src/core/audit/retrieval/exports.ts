/**
 * What a retrieval run can write besides its results object, so any other
 * tool can check it: each model's ranking as a TREC run, and each query's
 * metric values (the columns the bootstrap resamples).
 */
import type { AuditSubset, QueryScorer } from './input.ts';
import { perQueryValues, prepareSubset } from './perQuery.ts';
import { effectivenessKeys } from './results.ts';
import { topK } from '../../ranking.ts';
import { rankBiserial } from '../../metrics/twinsKernel.ts';

/** The TREC run lines (`qid Q0 docid rank score tag`) of the top `depth` corpus documents per query, under the tie rule. */
export function trecRunLines(subset: AuditSubset, score: QueryScorer, tag: string, depth = 1000): string[] {
  const safeTag = tag.replace(/\s+/g, '_');
  const lines: string[] = [];
  subset.queries.forEach((q, i) => {
    const scores = score(i).corpus;
    const ranked = topK(subset.corpus.map((d, j) => ({ id: d.id, score: scores[j] })), depth);
    ranked.forEach((d, r) => lines.push(`${q.id} Q0 ${d.id} ${r + 1} ${d.score} ${safeTag}`));
  });
  return lines;
}

/** One query's values of one model on one subset: effectiveness at k and the twin metrics (null where undefined). */
export interface PerQueryRow {
  readonly model: string;
  readonly task: string;
  readonly twins_task: string;
  readonly query: string;
  readonly [metric: string]: string | number | null;
}

/** Every evaluated query's values (the units of METRICS.md §6), in unit order. */
export function perQueryRows(subset: AuditSubset, score: QueryScorer, model: string, k: number): PerQueryRow[] {
  const prepared = prepareSubset(subset, k);
  const values = perQueryValues(prepared, score);
  const keys = effectivenessKeys(k);
  const num = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? null : v);
  return prepared.unitIds.map((query, u) => {
    const row: Record<string, string | number | null> = { model, task: subset.task, twins_task: subset.twinsTask, query };
    keys.forEach((key, m) => (row[key] = values.effectiveness[m][u]));
    const t = values.overall[u];
    row[`iou@${k}`] = num(t?.iou);
    row.rank_shift = num(t?.rankShift);
    row[`dropout@${k}`] = num(t?.dropout);
    row.kendall_tau = num(t?.kendallTau);
    row.pearson = num(t?.pearson);
    row.rbc = t ? rankBiserial(t.winsFirst, t.winsSecond) : null;
    row.cohens_d = num(t?.cohensD);
    row[`odds_ratio@${k}`] = num(t?.oddsRatio);
    row.std_mad = num(t?.stdMad);
    row.n_pairs = t?.pairs ?? 0;
    return row as PerQueryRow;
  });
}
