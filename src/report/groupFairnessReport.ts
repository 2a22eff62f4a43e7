/**
 * The report's tables of the group fairness of rankings (METRICS.md §12): for each ranking audited
 * — a retrieval query set's models, a screening model's shortlists per attribute — the verdict in
 * words, the headline numbers (AWRF, AWRF×nDCG, NDKL, exposure ratio, disparate treatment, MinSkew
 * and MaxSkew) and, per group, its target share, attention share, exposure and pooled Skew.
 */
import { groupFairnessVerdict, type GroupFairnessSummary } from '../core/metrics/groupFairness/index.ts';
import { ciOfReported, groupFairnessColumns, skewCutoffsOf, TARGET_WORDS } from '../present/tables/groupFairnessTable.ts';
import { ciCell, countCell, shareCell } from './cells.ts';
import { textCell, type ReportBlock, type ReportTable } from './document.ts';

/** One ranking's group fairness: whose (a model, "model · attribute"), its summary, and the verdict when stored. */
export interface RankingFairness {
  readonly name: string;
  readonly summary: GroupFairnessSummary;
  readonly verdict?: string;
}

/** A summary's value at a key, as a report cell (the results page's columns: present/tables/groupFairnessTable.ts). */
const valueAt = (s: GroupFairnessSummary, key: string) => ciCell(ciOfReported((s as unknown as Record<string, Parameters<typeof ciOfReported>[0]>)[key]));

/** The headline numbers of every ranking, one row each, in the results page's columns. */
function headlineTable(rows: readonly RankingFairness[], caption: string, hook: string): ReportTable {
  const columns = groupFairnessColumns(rows[0].summary.k, skewCutoffsOf(rows[0].summary).slice(0, 1));
  return {
    kind: 'table',
    caption,
    columns: ['Ranking', 'Queries', ...columns.map((c) => c.label), 'Unlabelled in top k'],
    rows: rows.map(({ name, summary: s }) => [textCell(name), countCell(s.n_queries), ...columns.map((c) => valueAt(s, c.key)), countCell(s.n_unlabelled)]),
    hook,
  };
}

/** One ranking's groups: target share, attention share, exposure, pooled Skew (a group with no slot: absent). */
function groupTable(row: RankingFairness, hook: string): ReportTable {
  const s = row.summary;
  const skewK = skewCutoffsOf(s)[0] ?? s.k;
  const absent = new Set(s[`absent@${skewK}`] ?? []);
  return {
    kind: 'table',
    caption: `${row.name}: each group's share of the attention in the top ${s.k} against ${TARGET_WORDS[s.target]}, its exposure (mean 1/log2(1 + rank)) and its pooled Skew@${skewK} (ln of its share of the top-${skewK} slots over its target; 0 = parity, below 0 = under-represented).`,
    columns: ['Group', 'Target share', 'Attention share', 'Exposure', `Skew@${skewK}`],
    rows: s.groups.map((g) => [
      textCell(g),
      shareCell(s.target_share[g] ?? 0),
      ciCell(ciOfReported(s.attention_share?.[g])),
      ciCell(ciOfReported(s.exposure?.[g])),
      absent.has(g) ? textCell('absent (no slot)') : ciCell(ciOfReported(s[`skew@${skewK}`]?.[g])),
    ]),
    hook,
  };
}

/**
 * The blocks of a set of rankings: the verdicts, the headline table, a table per ranking's groups.
 * `subject(row)` names the ranking in a verdict worded again (a shared result carries none).
 */
export function groupFairnessBlocks(rows: readonly RankingFairness[], what: string, pool: string, hook: string): ReportBlock[] {
  if (rows.length === 0) return [];
  const { k, target } = rows[0].summary;
  const verdicts = rows.map((r): ReportBlock => ({ kind: 'paragraph', tone: 'verdict', text: r.verdict || groupFairnessVerdict(r.summary, { subject: r.name, pool }) }));
  const caption = `${what}: who gets seen in the top ${k} (METRICS.md §12), against ${TARGET_WORDS[target]}; mean over queries [95% CI]. AWRF and the exposure ratio are 1 at parity, NDKL and Skew 0.`;
  return [
    { kind: 'paragraph', text: `Group fairness of the rankings (who gets seen): the attention each group receives in the top ${k}, with the weights of the TREC Fair Ranking track, against its target share.` },
    ...verdicts,
    headlineTable(rows, caption, hook),
    ...rows.map((r) => groupTable(r, `${hook}-groups`)),
  ];
}
