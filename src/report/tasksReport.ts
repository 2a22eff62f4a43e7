/**
 * The report's parts for a multi-task scoring audit (EHR-Bench style, METRICS.md §9): Overall and
 * each capability with their CIs, the Predictions view's per-task table with the baselines, the
 * missing-output rule and how much Overall leans on it.
 */
import type { MultiTaskResults } from '../core/audit/tasks/index.ts';
import { formatValue, formatWithCi } from '../present/plots/index.ts';
import { countCell, valueCell } from './cells.ts';
import { numberCell, textCell, type ReportBlock } from './document.ts';
import type { KindReport } from './kindReport.ts';

const withCi = (v: number | undefined, ci: readonly [number, number] | undefined) => numberCell(formatWithCi(v, ci), v);

/**
 * @example tasksReport(results).title // 'Multi-task scoring'
 */
export function tasksReport(results: MultiTaskResults): KindReport {
  const b = results.bootstrap;
  const tasks = Object.entries(results.tasks);
  const without = results.missing_capabilities.length ? ` (without ${results.missing_capabilities.join(', ')})` : '';
  const s = results.refusal_sensitivity;
  const summary: ReportBlock[] = [
    { kind: 'paragraph', tone: 'verdict', text: `Overall ${formatWithCi(results.overall, results.overall_ci)} on 0–100${without}, the mean of ${Object.keys(results.capabilities).length} capabilities over ${tasks.length} tasks.` },
    { kind: 'paragraph', text: `Under the worst-answer rule for missing outputs Overall would be ${formatValue(s.worst)} (${formatValue(s.difference)} against the benchmark rule's ${formatValue(s.benchmark)}).` },
  ];
  const limitations: string[] = [];
  if (results.missing_capabilities.length) limitations.push(`No task measures ${results.missing_capabilities.join(', ')}: Overall leaves ${results.missing_capabilities.length === 1 ? 'it' : 'them'} out.`);
  for (const [name, t] of tasks) if (t.n_left_out > 0) limitations.push(`${name}: ${t.n_left_out} of ${t.n + t.n_left_out} items have no usable output and are left out (${results.missing_rule} rule).`);
  if (!b) limitations.push('No bootstrap: the scores have no confidence intervals.');
  return {
    title: 'Multi-task scoring',
    summary,
    system: [{ kind: 'paragraph', text: 'The system audited is the one whose predictions the folder holds (tasks.json and one JSON Lines file per task, docs/predictions-format.md); Fairground scores them, it does not run the system.' }],
    data: [{ kind: 'facts', items: [['Tasks', tasks.map(([name, t]) => `${name} (${t.kind}, ${t.capability})`).join('; ')], ['Items scored', String(tasks.reduce((n, [, t]) => n + t.n, 0))]] }],
    method: [
      { kind: 'facts', items: [
        ['Protocol', 'Multi-task recruitment scoring (EHR-Bench style): task metrics on 0–100, a capability the mean of its tasks, Overall the mean of the capabilities; lexical and permutation baselines (METRICS.md §9).'],
        ['Missing outputs', results.missing_rule === 'benchmark' ? 'the benchmark’s rule: left out; an incomplete ranking scores 0' : 'the worst-answer rule: scored as the worst answer'],
        ['Bootstrap resamples', b ? String(b.resamples) : 'none'],
        ['Seed', b ? String(b.seed) : 'none'],
        ['Resampling unit', b ? (b.unit === 'components' ? 'connected entity components' : 'groups and records') : 'none'],
        ['Multiple-testing correction', 'none: each score has its own 95% CI'],
      ] },
    ],
    results: [
      {
        kind: 'table',
        caption: 'Per task with its 95% CI, and the baselines where the task defines them (TF-IDF: character bigrams; random permutation: the exact expectation; input order: the candidates as given).',
        columns: ['Task', 'Kind', 'Capability', 'Items', 'Left out', 'Score [95% CI]', 'TF-IDF', 'Random', 'Input order'],
        rows: tasks.map(([name, t]) => [
          textCell(name), textCell(t.kind), textCell(t.capability), countCell(t.n), countCell(t.n_left_out), withCi(t.score, t.ci),
          t.baselines?.tfidf !== undefined ? valueCell(t.baselines.tfidf) : textCell('—'),
          t.baselines ? valueCell(t.baselines.random) : textCell('—'),
          t.baselines ? valueCell(t.baselines.input_order) : textCell('—'),
        ]),
        hook: 'tasks',
      },
      {
        kind: 'table',
        caption: 'Per capability, the mean of its tasks [95% CI].',
        columns: ['Capability', 'Score [95% CI]'],
        rows: Object.entries(results.capabilities).map(([c, v]) => [textCell(c), withCi(v, results.capability_cis?.[c as keyof typeof results.capabilities])]),
        hook: 'capabilities',
      },
    ],
    systemName: 'the system whose predictions were scored',
    limitations,
    holds: [
      ...(results.missing_capabilities.length === 0 ? ['every capability measured'] : []),
      ...(tasks.every(([, t]) => t.n_left_out === 0) ? ['no item left out'] : []),
      ...(b ? ['bootstrap confidence intervals'] : []),
    ],
    commands: [`fairground eval tasks --predictions PREDICTIONS_DIR${b ? ` --bootstrap ${b.resamples} --seed ${b.seed}` : ' --bootstrap 0'} --missing ${results.missing_rule} --out tasks.json`],
  };
}
