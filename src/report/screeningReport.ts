/**
 * The report's parts for a decision-model screening audit (METRICS.md §2, §4, §5, §8): the bias
 * verdicts against the noise floor, the group outcomes of each model's variants with their LL144
 * tables, the models and their decision rules, the method, every table and plot of the results
 * page, and the limitations (no labels, uncalibrated scores, an uninformative rule, one run).
 */
import { ruleOfOutcomes, screeningCountsText, screeningRuleContext, screeningVerdicts, variantRuleText, type ScreeningResults, type ScreeningAttributeOutcomes, type ScreeningModelResult } from '../core/audit/screening/index.ts';
import { truncationSentence } from '../core/models/truncation.ts';
import { shortModelName } from '../core/models/displayName.ts';
import {
  renderConfusion, renderForest, renderLatencyQuality, renderThresholdCurve,
  textAlternativeConfusion, textAlternativeForest, textAlternativeLatencyQuality, textAlternativeThresholdCurve,
} from '../present/plots/index.ts';
import { biasTable, confusionSpec, consistencyTable, forestSpec, latencyQualitySpec, latencyTable, thresholdSpec, validityTable } from '../present/tables/screeningTables.ts';
import type { ReportBlock } from './document.ts';
import type { KindReport } from './kindReport.ts';
import { outcomesHolds, outcomesLimitations, outcomesResultsBlocks, outcomesSummary } from './outcomesReport.ts';
import { groupFairnessBlocks } from './groupFairnessReport.ts';
import { llmAskedSentence, llmValiditySentences, type ScreeningLlmSection } from '../core/audit/screening/index.ts';
import { NO_INTERSECTION } from './ll144.ts';
import { testDataFacts } from './testData.ts';
import { screeningTableBlock, screeningTableBlocks } from './screeningTableBlock.ts';
import { systemTable } from './systemTable.ts';
import { screeningCommands } from './commands.ts';
import type { RuleContext } from '../core/audit/outcomes/index.ts';

/** The screening results a report reads: the run's, with its CV sample when it had one. */
export type ReportScreeningResults = ScreeningResults & { readonly parameters: { readonly sample?: { readonly cvsPerJob: number; readonly seed: number } | null } };

/** The rule an attribute's outcomes were decided by (a result stored before rules were stated has its threshold). */
const ruleOf = ruleOfOutcomes;

/** How core reads a model's rule: the run's rule, in words, and whether it is a fixed default cut-off on uncalibrated scores. */
const ruleContext = (m: ScreeningModelResult, o: ScreeningAttributeOutcomes): RuleContext => screeningRuleContext(m, o);

const outcomesCaption = (m: ScreeningModelResult, o: ScreeningAttributeOutcomes) => `${shortModelName(m.model.label, m.model.id)}, ${o.attribute}: outcomes of the variants under ${variantRuleText(ruleOf(o))}`;

function modelRule(m: ScreeningModelResult): string {
  const v = m.validity;
  const rules = [...new Set((m.outcomes ?? []).map((o) => variantRuleText(ruleOf(o))))];
  const threshold = v ? `validity at ${v.threshold_source === 'tuned' ? 'the threshold tuned on the tune split' : 'the default threshold'}: score ≥ ${v.threshold}` : 'no validity threshold (no labels)';
  return `${shortModelName(m.model.label, m.model.id)}: ${threshold}${rules.length ? `; group outcomes under ${rules.join(', ')}` : ''}${m.model.uncalibrated ? ' (the scores are not calibrated)' : ''}.`;
}

function limitations(results: ReportScreeningResults): string[] {
  const out: string[] = [];
  for (const m of results.models) {
    const name = shortModelName(m.model.label, m.model.id);
    if (!m.validity) out.push(`${name}: no relevance labels on the test split, so validity (AUC, balanced accuracy, macro-F1, Precision@5) is not measured.`);
    if (m.model.uncalibrated) out.push(`${name}: the scores are not calibrated (calibrated similarity without labels, 50·(1 + cos)), so a fixed cut-off on them means nothing.`);
    if (!m.consistency) out.push(`${name}: one run only, so run-to-run consistency is not measured.`);
    for (const t of m.model.truncations ?? []) out.push(`${name} ${truncationSentence(t)}: what lies beyond is not read.`);
    for (const o of m.outcomes ?? []) out.push(...outcomesLimitations(o.outcomes, `${name}, ${o.attribute}`, ruleContext(m, o)));
  }
  if (results.parameters.bootstrap === 0) out.push('No bootstrap (B = 0): the numbers have no confidence intervals or p-values.');
  if (results.parameters.sample) out.push(`A seeded sample of the CVs was audited (at most ${results.parameters.sample.cvsPerJob} per job, seed ${results.parameters.sample.seed}), not every CV.`);
  if (results.models.some((m) => (m.outcomes ?? []).length > 0)) out.push(NO_INTERSECTION);
  return out;
}

/** The conditions the limitations check that hold: the same facts, the other way round. */
function holds(results: ReportScreeningResults): string[] {
  const every = (test: (m: ScreeningModelResult) => boolean) => results.models.every(test);
  const out: string[] = [];
  if (every((m) => m.validity !== null && m.validity !== undefined)) out.push('relevance labels on the test split');
  if (every((m) => !m.model.uncalibrated)) out.push('calibrated scores');
  if (every((m) => Boolean(m.consistency))) out.push('repeated runs');
  if (every((m) => (m.model.truncations ?? []).length === 0)) out.push('no truncated input');
  if (every((m) => (m.outcomes ?? []).every((o) => outcomesHolds(o.outcomes, ruleContext(m, o)).includes('an informative decision rule')))) out.push('informative decision rules');
  if (results.parameters.bootstrap > 0) out.push('bootstrap confidence intervals');
  if (!results.parameters.sample) out.push('every CV');
  return out;
}

function resultsBlocks(results: ReportScreeningResults): ReportBlock[] {
  const blocks: ReportBlock[] = [
    screeningTableBlock(validityTable(results), 'Validity on the test split at the threshold tuned on the tune split; mean [95% bootstrap CI over test jobs]. * the 95% CI excludes chance (for ΔAUC, 0).', 'Model', 'screening-validity'),
    ...screeningTableBlocks(biasTable(results), 'Bias: counterfactual variants against the reference group (ΔScore, 0–100 scale) and the original CV (ΔRank, Excl@5), 95% paired-bootstrap CIs over CVs. * q < 0.05 (Benjamini–Hochberg over the model’s tests). Noise-floor rows show what non-demographic edits do.', 'Attribute · group · signal', 'screening-bias'),
    screeningTableBlock(consistencyTable(results), 'Run-to-run consistency of the originals over the T runs, 95% CIs over CVs.', 'Model', 'screening-consistency'),
    screeningTableBlock(latencyTable(results), 'Latency of the scoring calls.', 'Model', 'screening-latency'),
  ];
  const forest = forestSpec(results);
  if (forest.rows.length > 0) blocks.push({ kind: 'figure', title: 'ΔScore per group and signal, with 95% CIs', svg: renderForest(forest), description: textAlternativeForest(forest) });
  const threshold = thresholdSpec(results);
  if (threshold.series.length > 0) blocks.push({ kind: 'figure', title: 'Label flips against the cut-off', svg: renderThresholdCurve(threshold), description: textAlternativeThresholdCurve(threshold) });
  for (const m of results.models) {
    const spec = confusionSpec(m);
    if (spec) blocks.push({ kind: 'figure', title: `Confusion matrix: ${shortModelName(m.model.label, m.model.id)}`, svg: renderConfusion(spec), description: textAlternativeConfusion(spec) });
  }
  const lq = latencyQualitySpec(results);
  if (lq.points.length > 0) blocks.push({ kind: 'figure', title: 'Latency against quality', svg: renderLatencyQuality(lq), description: textAlternativeLatencyQuality(lq) });
  for (const m of results.models) {
    for (const o of m.outcomes ?? []) blocks.push({ kind: 'subsection', heading: outcomesCaption(m, o), blocks: outcomesResultsBlocks(o.outcomes, outcomesCaption(m, o)) });
  }
  const shortlists = results.models.flatMap((m) => (m.groupFairness ?? []).filter((g) => g.summary.n_queries > 0).map((g) => ({ name: `${shortModelName(m.model.label, m.model.id)} · ${g.attribute}`, summary: g.summary, verdict: g.verdict })));
  if (shortlists.length > 0) {
    const blocksOf = groupFairnessBlocks(shortlists, 'Each job’s variants ranked by the model, per attribute', 'CV pools', 'screening-group-fairness');
    blocks.push({ kind: 'subsection', heading: 'Who gets seen in the shortlists', blocks: blocksOf });
  }
  return blocks;
}

/** An LLM screener: how it was asked, its output validity in words, and its template (configuration, not data) with its SHA-256. */
function llmBlocks(llm: ScreeningLlmSection): ReportBlock[] {
  return [
    { kind: 'paragraph', text: llmAskedSentence(llm) },
    ...llmValiditySentences(llm).map((text): ReportBlock => ({ kind: 'paragraph', text, ...(text.startsWith('Validity differs') ? { tone: 'verdict' as const } : {}) })),
    { kind: 'code', label: `The screening template (SHA-256 ${llm.template.sha256})`, text: llm.template.text },
  ];
}

/**
 * The report's parts for a screening results object.
 * @example screeningReport(results).title // 'Decision-model screening audit'
 */
export function screeningReport(results: ReportScreeningResults): KindReport {
  const p = results.parameters;
  const truncations = results.models.flatMap((m) => (m.model.truncations ?? []).map((t) => `${m.model.label || m.model.id} ${truncationSentence(t)}.`));
  const summary: ReportBlock[] = results.models.map((m) => ({
    kind: 'subsection',
    heading: shortModelName(m.model.label, m.model.id),
    blocks: [
      ...screeningVerdicts(m).map((v): ReportBlock => ({ kind: 'paragraph', tone: 'verdict', text: v.text })),
      ...(m.outcomes ?? []).flatMap((o) => outcomesSummary(o.outcomes, outcomesCaption(m, o), ruleContext(m, o), 'variants')),
      ...(m.llm ? llmBlocks(m.llm) : []),
    ],
  }));
  return {
    title: 'Decision-model screening audit',
    summary,
    system: [systemTable(results.models.map((m) => m.model)), { kind: 'list', items: results.models.map(modelRule) }],
    data: [
      { kind: 'facts', items: [
        ['Screening task', results.task],
        ['Jobs, CVs, variants', screeningCountsText(results.counts)],
        ['Splits', `tune ${p.splits.tune}, test ${p.splits.test}`],
        ['Sample', p.sample ? `at most ${p.sample.cvsPerJob} CVs per job, seed ${p.sample.seed}` : 'every CV'],
        ['Reference groups', Object.entries(p.reference).map(([a, g]) => `${a}: ${g}`).join('; ') || 'none'],
      ] },
      testDataFacts('variants', results.dataset, screeningCountsText(results.counts)),
    ],
    method: [
      { kind: 'facts', items: [
        ['Protocol', 'Decision-model screening audit (JEV-style): each CV scored T times for consistency, its counterfactual variants once for bias against the noise floor, validity at a threshold tuned on the tune split (METRICS.md §2, §4, §5, §8).'],
        ['Runs T', String(p.runs)],
        ['Label cut-off', `score ≥ ${p.cutoff}`],
        ['Shortlist k', String(p.k)],
        ['Bootstrap resamples', String(p.bootstrap)],
        ['Seed', String(p.seed)],
        ['Resampling unit', 'CVs (bias, consistency), test jobs (validity, ΔAUC)'],
        ['Multiple-testing correction', 'Benjamini–Hochberg over each model’s bias tests (q < 0.05)'],
        ['Noise attribute', p.noiseAttribute],
        ['ΔAUC reference model', p.referenceModel ?? 'none'],
        ['Truncations of inputs', truncations.length ? truncations.join(' ') : 'none recorded'],
      ] },
    ],
    results: resultsBlocks(results),
    systemName: results.models.map((m) => shortModelName(m.model.label, m.model.id)).join(', '),
    limitations: limitations(results),
    holds: holds(results),
    auditDate: results.createdAt.slice(0, 10),
    commands: screeningCommands(results),
  };
}
