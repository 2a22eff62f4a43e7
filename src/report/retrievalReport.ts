/**
 * The report's parts for a retrieval-fairness audit (METRICS.md §1, §3, §6, §7): the verdicts of
 * each query set, the models, the method, every table of the results page (effectiveness, twin
 * fairness, the per-language and per-direction matrices) and its plots (Pareto, per-language forest,
 * rank-shift histogram, test time), drawn by the page's renderers from the page's specs.
 */
import { paretoOfResults, retrievalVerdicts, type RetrievalFairnessResults, type SubsetResult, type TwinMetrics } from '../core/audit/retrieval/index.ts';
import { truncationSentence } from '../core/models/truncation.ts';
import type { Ci } from '../core/audit/common/index.ts';
import {
  renderForest, renderHistogram, renderLatencyQuality, renderPareto,
  textAlternativeForest, textAlternativeHistogram, textAlternativeLatencyQuality, textAlternativePareto,
  type ForestSpec, type ParetoSpec,
} from '../present/plots/index.ts';
import { forestMetrics, latencySpec, perLanguage, retrievalColumns, SCALE_DEPENDENT_NOTE } from '../present/tables/retrievalTable.ts';
import { displayNames } from '../core/models/displayName.ts';
import { ciCell, countCell } from './cells.ts';
import { textCell, type ReportBlock, type ReportTable } from './document.ts';
import type { KindReport } from './kindReport.ts';
import { systemTable } from './systemTable.ts';
import { retrievalCommands } from './commands.ts';
import { testDataFacts } from './testData.ts';
import { groupFairnessBlocks } from './groupFairnessReport.ts';

const subsetName = (s: SubsetResult) => (s.twinsTask ? `${s.task} · ${s.twinsTask}` : s.task);

/** Each model's display name by id (short; the full label where two share a short name). */
function namesOf(subset: SubsetResult): Map<string, string> {
  const names = displayNames(subset.models.map((m) => m.model));
  return new Map(subset.models.map((m, i) => [m.model.id, names[i]]));
}

/** A model's value of a results-page column: effectiveness, or the overall twin metrics. */
function columnValue(m: SubsetResult['models'][number], key: string, group: 'effectiveness' | 'robustness'): Ci | undefined {
  return group === 'effectiveness' ? (m.effectiveness as Readonly<Record<string, Ci>> | undefined)?.[key] : (m.robustness.overall as unknown as Readonly<Record<string, Ci | undefined>>)[key];
}

/** The effectiveness or fairness table of a query set, as the results page's columns. */
function metricTable(subset: SubsetResult, k: number, group: 'effectiveness' | 'robustness'): ReportTable {
  const columns = retrievalColumns(k).filter((c) => c.group === group);
  const names = namesOf(subset);
  return {
    kind: 'table',
    caption: group === 'effectiveness'
      ? `${subsetName(subset)}: effectiveness at k = ${k}, mean over queries [95% CI].`
      : `${subsetName(subset)}: what swapping each profile for its twin does, mean over queries [95% CI]; groups ${subset.groups.join(' / ')} (a positive RBC favours ${subset.groups[0]}). Std MAD is ${SCALE_DEPENDENT_NOTE}.`,
    columns: ['Model', 'Queries', ...columns.map((c) => c.label)],
    rows: subset.models.map((m) => [textCell(names.get(m.model.id) ?? m.model.id), countCell(m.nQueries), ...columns.map((c) => ciCell(columnValue(m, c.key, group)))]),
    hook: `retrieval-${group}`,
  };
}

/** The twin metrics of every model in each scope of `perLang` or `perDirection`: the matrices of the results page. */
function scopeTable(subset: SubsetResult, k: number, scope: 'perLang' | 'perDirection'): ReportTable | undefined {
  const names = namesOf(subset);
  const keys = [`iou@${k}`, 'rank_shift', 'rbc', 'rbc_pooled', 'kendall_tau', `dropout@${k}`];
  const labels = new Map(retrievalColumns(k).map((c) => [c.key, c.label]));
  const rows = subset.models.flatMap((m) =>
    Object.entries(m.robustness[scope]).map(([key, t]: [string, TwinMetrics]) => [
      textCell(`${names.get(m.model.id)} · ${key}`),
      countCell(t.n_pairs),
      ...keys.map((c) => ciCell((t as unknown as Record<string, Ci | undefined>)[c])),
    ]),
  );
  if (rows.length === 0) return undefined;
  return {
    kind: 'table',
    caption: `${subsetName(subset)}: twin metrics per ${scope === 'perLang' ? 'language (each language’s queries and twins)' : 'direction (group → twin group)'}, mean [95% CI].`,
    columns: [scope === 'perLang' ? 'Model · language' : 'Model · direction', 'Twin pairs', ...keys.map((key) => labels.get(key) ?? key)],
    rows,
    hook: `retrieval-${scope}`,
  };
}

function paretoSpec(results: RetrievalFairnessResults, subset: SubsetResult): ParetoSpec | undefined {
  const p = paretoOfResults(results).find((s) => s.task === subset.task && s.twinsTask === subset.twinsTask);
  if (!p) return undefined;
  const pt = (dominated: boolean) => (q: (typeof p.frontier)[number]) => ({ id: q.id, label: q.label, x: q.x, y: q.y, xCi: [q.xCi[0], q.xCi[1]] as [number, number], yCi: [q.yCi[0], q.yCi[1]] as [number, number], dominated });
  const points = [...p.frontier.map(pt(false)), ...p.dominated.map(pt(true))].filter((q) => Number.isFinite(q.x) && Number.isFinite(q.y));
  return points.length > 0 ? { xLabel: p.xLabel, yLabel: p.yLabel, points } : undefined;
}

function subsetResults(results: RetrievalFairnessResults, subset: SubsetResult): ReportBlock[] {
  const k = results.parameters.k;
  const blocks: ReportBlock[] = [];
  if (subset.unjudged) blocks.push({ kind: 'paragraph', tone: 'notice', text: `Effectiveness is not reported: ${subset.unjudged}.` });
  else blocks.push(metricTable(subset, k, 'effectiveness'));
  if (subset.twinsTask) blocks.push(metricTable(subset, k, 'robustness'));
  for (const scope of ['perLang', 'perDirection'] as const) {
    const t = scopeTable(subset, k, scope);
    if (t) blocks.push(t);
  }
  const pareto = paretoSpec(results, subset);
  if (pareto) blocks.push({ kind: 'figure', title: 'Effectiveness against robustness (Pareto frontier)', svg: renderPareto(pareto), description: textAlternativePareto(pareto) });
  const rbc = forestMetrics(k).find((o) => o.key === 'rbc');
  const forestRows = perLanguage(subset, 'rbc', 'subsets');
  if (forestRows.length > 0) {
    const spec: ForestSpec = { xLabel: 'rbc', rows: forestRows, groupLabel: 'language subset', reference: rbc?.noEffect };
    blocks.push({ kind: 'figure', title: 'rbc per language (subsets), with 95% CIs', svg: renderForest(spec), description: textAlternativeForest(spec) });
  }
  const names = namesOf(subset);
  for (const m of subset.models) {
    const bins = m.rankShiftHistogram ?? [];
    if (bins.length === 0) continue;
    const spec = { values: bins.flatMap((b) => Array<number>(b.count).fill(b.shift)), xLabel: 'rank shift (original − twin; > 0: the twin ranks higher)', countScale: 'symlog' as const };
    blocks.push({ kind: 'figure', title: `Rank shift of profiles replaced by their twins: ${names.get(m.model.id)}`, svg: renderHistogram(spec), description: textAlternativeHistogram(spec) });
  }
  const grouped = subset.models.filter((m) => m.groupFairness);
  if (grouped.length > 0) {
    const by = grouped[0].groupFairness!.by.join(' × ');
    blocks.push(...groupFairnessBlocks(grouped.map((m) => ({ name: names.get(m.model.id) ?? m.model.id, summary: m.groupFairness!.summary, verdict: m.groupFairness!.verdict })), `${subsetName(subset)}, documents grouped by ${by}`, 'corpus', 'retrieval-group-fairness'));
  }
  const latency = latencySpec(subset, k);
  if (latency.points.length > 0) blocks.push({ kind: 'figure', title: 'Test time (log scale) against quality', svg: renderLatencyQuality(latency), description: textAlternativeLatencyQuality(latency) });
  return [{ kind: 'subsection', heading: `Query set ${subsetName(subset)}`, blocks }];
}

/** The limitations a retrieval audit carries. */
function retrievalLimitations(results: RetrievalFairnessResults): string[] {
  const out: string[] = [];
  for (const s of results.subsets) {
    if (s.unjudged) out.push(`No relevance labels for ${s.task}: effectiveness (NDCG, P, MRR) is not measured, only what swapping twins does (${s.unjudged}).`);
    if (!s.twinsTask) out.push(`${s.task} has no twins: no fairness is measured on it, only effectiveness.`);
  }
  if (results.parameters.bootstrap === 0) out.push('No bootstrap (B = 0): the numbers have no confidence intervals, so no difference can be told from chance.');
  const models = results.subsets[0]?.models ?? [];
  for (const m of models) for (const t of m.model.truncations ?? []) out.push(`${m.model.label || m.model.id} ${truncationSentence(t)}: what lies beyond is not read.`);
  return out;
}

/** The conditions the limitations check that hold: the same facts, the other way round. */
function retrievalHolds(results: RetrievalFairnessResults): string[] {
  const out: string[] = [];
  if (results.subsets.every((s) => !s.unjudged)) out.push('relevance labels');
  if (results.subsets.every((s) => s.twinsTask)) out.push('twins for every query set');
  if (results.parameters.bootstrap > 0) out.push('bootstrap confidence intervals');
  if ((results.subsets[0]?.models ?? []).every((m) => (m.model.truncations ?? []).length === 0)) out.push('no truncated input');
  return out;
}

/**
 * The report's parts for a retrieval-fairness results object.
 * @example retrievalReport(results).title // 'Retrieval-fairness audit'
 */
export function retrievalReport(results: RetrievalFairnessResults): KindReport {
  const { k, relevanceThreshold, bootstrap, seed } = results.parameters;
  const models = results.subsets[0]?.models ?? [];
  const summary: ReportBlock[] = results.subsets.map((s) => {
    const { verdicts, summary: line } = retrievalVerdicts(s, k);
    return { kind: 'subsection', heading: `Query set ${subsetName(s)}`, blocks: [{ kind: 'paragraph', text: line }, ...verdicts.map((v): ReportBlock => ({ kind: 'paragraph', tone: 'verdict', text: v.text }))] };
  });
  const truncations = models.flatMap((m) => (m.model.truncations ?? []).map((t) => `${m.model.label || m.model.id} ${truncationSentence(t)}.`));
  const twinned = results.subsets.filter((s) => s.twinsTask);
  return {
    title: 'Retrieval-fairness audit',
    summary,
    system: [
      systemTable(models.map((m) => m.model)),
      { kind: 'paragraph', text: `Decision rule: a ranking of the whole corpus per query; the top ${k} are what a user sees (k = ${k}).` },
    ],
    data: [
      { kind: 'facts', items: [
        ['Query sets', results.subsets.map(subsetName).join('; ')],
        ['Queries audited', results.subsets.map((s) => `${s.task}: ${s.models[0]?.nQueries ?? 0} (${s.models[0]?.nSkipped ?? 0} without a relevant profile left out)`).join('; ')],
        ['Groups', results.subsets.map((s) => `${s.twinsTask || s.task}: ${s.groups.join(' / ')}`).join('; ')],
      ] },
      ...(twinned.length > 0 ? [testDataFacts('twins', results.dataset, `the twins of ${twinned.map((s) => s.twinsTask).join(', ')}`)] : []),
    ],
    method: [
      { kind: 'facts', items: [
        ['Protocol', 'Retrieval fairness with counterfactual twins: each profile is swapped for its twin, which differs only in the group cue, and the rankings are compared (fair freelancer retrieval; METRICS.md §1, §3, §6, §7).'],
        ['Cut-off k', String(k)],
        ['Relevance threshold', `grade ≥ ${relevanceThreshold}`],
        ['Bootstrap resamples', String(bootstrap)],
        ['Seed', String(seed)],
        ['Resampling unit', 'queries (percentile 95% CIs)'],
        ['Multiple-testing correction', 'none: each statistic has its own 95% CI; a CI that excludes the no-effect value is marked'],
        ['Truncations of inputs', truncations.length ? truncations.join(' ') : 'none recorded'],
      ] },
    ],
    results: results.subsets.flatMap((s) => subsetResults(results, s)),
    systemName: displayNames(models.map((m) => m.model)).join(', '),
    limitations: retrievalLimitations(results),
    holds: retrievalHolds(results),
    auditDate: results.createdAt.slice(0, 10),
    commands: retrievalCommands(results),
  };
}
