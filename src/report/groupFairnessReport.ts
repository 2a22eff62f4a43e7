/**
 * The report's tables of the group fairness of rankings (METRICS.md §12): for each ranking audited
 * — a retrieval query set's models, a screening model's shortlists per attribute — the verdict in
 * words, the headline numbers (AWRF, AWRF×nDCG, NDKL, exposure ratio, disparate treatment, MinSkew
 * and MaxSkew) and, per group, its target share, attention share, exposure and pooled Skew.
 */
import { groupFairnessVerdict, type GroupFairnessSummary, type ReportedValue } from '../core/metrics/groupFairness/index.ts';
import { countCell, estimateCell, shareCell } from './cells.ts';
import { textCell, type ReportBlock, type ReportCell, type ReportTable } from './document.ts';

/** One ranking's group fairness: whose (a model, "model · attribute"), its summary, and the verdict when stored. */
export interface GroupFairnessRow {
  readonly name: string;
  readonly summary: GroupFairnessSummary;
  readonly verdict?: string;
}

const TARGET_WORDS: Readonly<Record<GroupFairnessSummary['target'], string>> = { pool: "the pool's shares", relevant: "the relevant documents' shares", equal: 'equal shares' };

const cell = (v: ReportedValue | undefined): ReportCell => estimateCell(v);

/** The headline numbers of every ranking, one row each. */
function headlineTable(rows: readonly GroupFairnessRow[], caption: string, hook: string): ReportTable {
  const { k } = rows[0].summary;
  const skewK = skewCutoff(rows[0].summary);
  return {
    kind: 'table',
    caption,
    columns: ['Ranking', 'Queries', `AWRF@${k}`, `AWRF×nDCG@${k}`, `NDKL@${k}`, 'Exposure ratio', 'Disparate treatment', `MinSkew@${skewK}`, `MaxSkew@${skewK}`, 'Unlabelled in top k'],
    rows: rows.map(({ name, summary: s }) => [
      textCell(name),
      countCell(s.n_queries),
      cell(s[`awrf@${k}`]),
      cell(s[`awrf_ndcg@${k}`]),
      cell(s[`ndkl@${k}`]),
      cell(s.exposure_ratio),
      cell(s.disparate_treatment),
      cell(s[`min_skew@${skewK}`]),
      cell(s[`max_skew@${skewK}`]),
      countCell(s.n_unlabelled),
    ]),
    hook,
  };
}

/** The first pooled-Skew cut-off a summary reports. */
function skewCutoff(s: GroupFairnessSummary): number {
  const key = Object.keys(s).find((x) => /^skew@\d+$/.test(x));
  return key ? Number(key.slice(5)) : s.k;
}

/** One ranking's groups: target share, attention share, exposure, pooled Skew (a group with no slot: absent). */
function groupTable(row: GroupFairnessRow, hook: string): ReportTable {
  const s = row.summary;
  const skewK = skewCutoff(s);
  const absent = new Set(s[`absent@${skewK}`] ?? []);
  return {
    kind: 'table',
    caption: `${row.name}: each group's share of the attention in the top ${s.k} against ${TARGET_WORDS[s.target]}, its exposure (mean 1/log2(1 + rank)) and its pooled Skew@${skewK} (ln of its share of the top-${skewK} slots over its target; 0 = parity, below 0 = under-represented).`,
    columns: ['Group', 'Target share', 'Attention share', 'Exposure', `Skew@${skewK}`],
    rows: s.groups.map((g) => [
      textCell(g),
      shareCell(s.target_share[g] ?? 0),
      cell(s.attention_share[g]),
      cell(s.exposure[g]),
      absent.has(g) ? textCell('absent (no slot)') : cell(s[`skew@${skewK}`]?.[g]),
    ]),
    hook,
  };
}

/**
 * The blocks of a set of rankings: the verdicts, the headline table, a table per ranking's groups.
 * `subject(row)` names the ranking in a verdict worded again (a shared result carries none).
 */
export function groupFairnessBlocks(rows: readonly GroupFairnessRow[], what: string, pool: string, hook: string): ReportBlock[] {
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
