/**
 * The report's parts for a group-outcome audit (METRICS.md §10) — of a decisions table, or of the
 * counterfactual variants of a screening model: the four-fifths reading in words (core's
 * outcomesVerdicts), the LL144 table, the small categories, the gaps and the page's bar chart.
 */
import { describeRule, outcomesVerdicts, ruleInformativeness, type RuleContext, type OutcomesResults } from '../core/audit/outcomes/index.ts';
import { renderOutcomesBars, textAlternativeOutcomesBars } from '../present/plots/index.ts';
import { outcomesBarsSpec } from '../present/tables/outcomesTables.ts';
import { estimateCell } from './cells.ts';
import { textCell, type ReportBlock, type ReportTable } from './document.ts';
import type { KindReport } from './kindReport.ts';
import { ll144Table, smallCategoriesTable, unknownCounts, type OutcomeRows } from './ll144.ts';
import { formatCount } from '../present/plots/index.ts';
import { fieldText, type ReportFields } from './fields.ts';
import { outcomesCommands } from './commands.ts';

/** The summary's part: the verdicts, then the LL144 table and the small categories. */
export function outcomesSummary(results: OutcomesResults, caption: string, context: RuleContext = {}, unit: OutcomeRows = 'individuals'): ReportBlock[] {
  const small = smallCategoriesTable(results, caption, unit);
  return [
    ...outcomesVerdicts(results, context).map((v): ReportBlock => ({ kind: 'paragraph', tone: 'verdict', text: v.text })),
    ll144Table(results, caption, unit),
    ...(small ? [small] : []),
  ];
}

function gapsTable(results: OutcomesResults, caption: string): ReportTable {
  const labels = results.label !== undefined;
  return {
    kind: 'table',
    caption: `${caption}: the gaps between the compared categories of each grouping (0 = parity; ratio 1 = parity) [95% CI].`,
    columns: ['Grouping', 'Highest', 'Demographic-parity difference', 'Demographic-parity ratio', ...(labels ? ['Equal-opportunity difference', 'Equalised-odds difference'] : [])],
    rows: results.groupings.map((g) => [
      textCell(g.name),
      textCell(g.highest ?? 'n/a'),
      estimateCell(g.demographic_parity_difference),
      estimateCell(g.demographic_parity_ratio),
      ...(labels ? [estimateCell(g.equal_opportunity_difference), estimateCell(g.equalized_odds_difference)] : []),
    ]),
    hook: 'outcomes-gaps',
  };
}

/** The results' part: the gaps, with a label the true- and false-positive rates, and the bar chart. */
export function outcomesResultsBlocks(results: OutcomesResults, caption: string): ReportBlock[] {
  const blocks: ReportBlock[] = [gapsTable(results, caption)];
  if (results.label !== undefined) {
    blocks.push({
      kind: 'table',
      caption: `${caption}: selection rates among label 1 (TPR) and label 0 (FPR) per category [95% CI].`,
      columns: ['Grouping: category', 'Label 1', 'TPR', 'Label 0', 'FPR'],
      rows: results.groupings.flatMap((g) => g.categories.map((c) => [textCell(`${g.name}: ${c.category}`), estimateCell(c.n_positive), estimateCell(c.true_positive_rate), estimateCell(c.n_negative), estimateCell(c.false_positive_rate)])),
      hook: 'outcomes-rates',
    });
  }
  const spec = outcomesBarsSpec(results);
  blocks.push({ kind: 'figure', title: `${caption}: rates per category, with the four-fifths line`, svg: renderOutcomesBars(spec), description: textAlternativeOutcomesBars(spec) });
  if (results.warnings.length > 0) blocks.push({ kind: 'list', items: results.warnings });
  return blocks;
}

/** The conditions an outcome audit's limitations check that hold (an informative rule, no category under 2%, a bootstrap). */
export function outcomesHolds(results: OutcomesResults, context: RuleContext = {}): string[] {
  const out: string[] = [];
  if (ruleInformativeness(results, context).informative) out.push('an informative decision rule');
  if (!results.groupings.some((g) => g.categories.some((c) => c.small))) out.push('no category under 2% of the rows');
  if (results.bootstrap) out.push('bootstrap confidence intervals');
  return out;
}

/** Limitations of an outcome audit: an uninformative rule, categories under 2%, no bootstrap. */
export function outcomesLimitations(results: OutcomesResults, what: string, context: RuleContext = {}): string[] {
  const out: string[] = [];
  const info = ruleInformativeness(results, context);
  if (!info.informative) out.push(`${what}: the decision rule is uninformative (${info.reasons.join('; ')}), so it passes or fails no one.`);
  const small = results.groupings.flatMap((g) => g.categories.filter((c) => c.small).map((c) => `${g.name}: ${c.category} (${c.n})`));
  if (small.length > 0) out.push(`${what}: ${small.length} categor${small.length === 1 ? 'y is' : 'ies are'} under 2% of the rows (${small.join(', ')}); ${results.exclude_small ? 'they are excluded from the impact ratios' : 'their rates rest on few individuals'}.`);
  if (!results.bootstrap) out.push(`${what}: no bootstrap, so the rates and ratios have no confidence intervals.`);
  return out;
}

/** The decisions file audited: `callbacks.csv (12,345 bytes, SHA-256 …)`, or that the results do not record it. */
function sourceText(results: OutcomesResults): string {
  const s = results.source;
  return s ? `${s.name} (${formatCount(s.bytes)} bytes, SHA-256 ${s.sha256})` : 'not recorded (an outcome audit made before Fairground recorded its file)';
}

/** Whether the decisions are historical, as the report's field or `eval outcomes --historical` states it. */
function historicalOf(results: OutcomesResults, fields: ReportFields): 'yes' | 'no' | undefined {
  return fields.historical ?? (results.historical === undefined ? undefined : results.historical ? 'yes' : 'no');
}

/**
 * Historical data or test data (NYC LL144, 6 RCNY § 5-302: an audit may use test data only where
 * historical data is not enough, and its summary must say why, and how the test data was made).
 */
function historicalFacts(results: OutcomesResults, fields: ReportFields): (readonly [string, string])[] {
  const historical = historicalOf(results, fields);
  if (historical === 'yes') return [['Historical data', 'yes: the decisions are the tool’s historical use']];
  if (historical === undefined) return [['Historical data', 'not stated (give eval outcomes --historical yes|no, or the report’s field)']];
  return [
    ['Historical data', 'no: the decisions are test data, not the tool’s historical use'],
    ['Why test data, and how it was made', fieldText(fields.testDataNote)],
  ];
}

/**
 * The report's parts for an outcome audit of a decisions table.
 * @example outcomesReport(results).title // 'Group-outcome audit (selection rates and impact ratios)'
 */
export function outcomesReport(results: OutcomesResults, fields: ReportFields = {}): KindReport {
  const caption = 'Outcomes of the decisions table';
  const b = results.bootstrap;
  const historical = historicalOf(results, fields);
  return {
    title: 'Group-outcome audit (selection rates and impact ratios)',
    summary: outcomesSummary(results, caption),
    system: [
      { kind: 'facts', items: [
        ['System', 'the decisions recorded in the table (the system that made them is not run here)'],
        ['Decision rule', describeRule(results.decision)],
        ...(results.decision.kind === 'scoring-rate' && results.decision.median !== undefined ? [['Median score', estimateCell(results.decision.median).text] as const] : []),
      ] },
    ],
    data: [
      { kind: 'facts', items: [
        ['Data source', sourceText(results)],
        ...historicalFacts(results, fields),
        ['Rows (individuals)', String(results.n_rows)],
        ['Unknown category', `${unknownCounts(results)} (rows whose group value is empty or missing)`],
        ['Jobs', results.n_jobs === undefined ? 'no job column' : String(results.n_jobs)],
        ['Group columns', results.groupings.map((g) => g.name).join('; ')],
        ['Label column', results.label ?? 'none'],
      ] },
    ],
    method: [
      { kind: 'facts', items: [
        ['Protocol', 'Selection or scoring rates per category and impact ratios against the highest (NYC Local Law 144, 6 RCNY §§ 5-300 – 5-304; the four-fifths rule, 29 CFR § 1607.4(D); METRICS.md §10).'],
        ['Small categories', `under ${100 * results.small_share}% of the rows; ${results.exclude_small ? 'excluded from the highest rate and the impact ratios' : 'kept'}`],
        ['Bootstrap resamples', b ? String(b.resamples) : 'none'],
        ['Seed', b ? String(b.seed) : 'none'],
        ['Resampling unit', b ? `${b.unit} (${b.n_units})` : 'none'],
        ['Multiple-testing correction', 'none: each rate and ratio has its own 95% CI'],
      ] },
    ],
    results: outcomesResultsBlocks(results, caption),
    systemName: `the decisions in ${results.source?.name ?? 'a decisions table'}`,
    limitations: [
      ...outcomesLimitations(results, 'Outcomes'),
      ...(historical === 'no' ? [`Outcomes: the decisions are test data, not the tool’s historical use (why, and how they were made: ${fieldText(fields.testDataNote)}).`] : []),
    ],
    holds: [...outcomesHolds(results), ...(results.label !== undefined ? ['a label column (true- and false-positive rates)'] : []), ...(historical === 'yes' ? ['historical decisions'] : [])],
    ...(results.created_at ? { auditDate: results.created_at.slice(0, 10) } : {}),
    commands: outcomesCommands(results, historical),
  };
}
