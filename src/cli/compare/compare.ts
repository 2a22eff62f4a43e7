/**
 * `fairground compare --baseline A.json --candidate B.json`: the candidate's
 * model versions against the baseline's, metric by metric — the paired
 * bootstrap difference with its CI, p and BH q where both share a dataset
 * version and its queries, both CIs only where they do not
 * (core/audit/compare). JSON, or a table when stdout is a terminal.
 */
import { TextOutput, type Command } from '../command.ts';
import { integerOption, outputFormat, requiredOption, stringOption } from '../args.ts';
import { InputError } from '../errors.ts';
import { changeSentences, compareRuns, formatChange, metricLabel, rowLabel, unitsNoun, type ComparisonResults } from '../../core/audit/compare/index.ts';
import { pValue, type Ci } from '../../core/audit/common/index.ts';
import { readResultsFile } from './resultsFile.ts';
import { textTable } from './textTable.ts';

const ci = (c: Ci) => (Number.isNaN(c.ci[0]) ? formatChange(c.mean) : `${formatChange(c.mean)} [${formatChange(c.ci[0])}, ${formatChange(c.ci[1])}]`);

/** The comparison as text: per pair a heading and one line per metric. */
export function comparisonTable(results: ComparisonResults): string {
  const blocks = results.comparisons.map((c) => {
    const name = (i: number) => rowLabel(results.runs, results.rows, i);
    const how = c.paired ? `paired over ${c.units} ${unitsNoun(results.runs[results.rows[c.baseline].run].kind)}, B = ${results.resamples}, seed ${results.seed}` : `unpaired: ${c.reason}`;
    const rows = c.metrics.map((m) => {
      const d = m.difference;
      return [metricLabel(m.metric), ci(m.baseline), ci(m.candidate), d ? ci(d) : '', d ? pValue(d.p) : '', d ? pValue(d.q) : '', d?.significant ? 'yes' : ''];
    });
    return `${name(c.candidate)} against ${name(c.baseline)} (${how})\n${textTable(['metric', 'baseline', 'candidate', 'difference', 'p', 'q', 'q < 0.05'], rows)}`;
  });
  return `${[...blocks, ...changeSentences(results)].join('\n\n')}\n`;
}

export const compareCommand: Command = {
  name: 'compare',
  options: {
    baseline: { type: 'string', input: 'file' },
    candidate: { type: 'string', input: 'file' },
    metrics: { type: 'string' },
    bootstrap: { type: 'string' },
    seed: { type: 'string' },
    format: { type: 'string' },
  },
  usage: 'compare --baseline A.json --candidate B.json [--metrics ndcg@10,iou@10,rank_shift] [--bootstrap B] [--seed S] [--format json|table] [--out F]',
  summary: 'paired differences (CI, p, BH q) of two results files, per model and metric',
  async run(args, io) {
    const baselineFile = requiredOption(args, 'baseline');
    const candidateFile = requiredOption(args, 'candidate');
    const format = outputFormat(args, io.isTerminal);
    const metrics = stringOption(args, 'metrics')?.split(',').map((m) => m.trim().toLowerCase()).filter((m) => m !== '');
    const resamples = args.options.has('bootstrap') ? integerOption(args, 'bootstrap', 0, 0) : undefined;
    const seed = args.options.has('seed') ? integerOption(args, 'seed', 0, -(2 ** 31)) : undefined;
    const baseline = await readResultsFile(io, baselineFile);
    const candidate = await readResultsFile(io, candidateFile);
    let results: ComparisonResults;
    try {
      results = compareRuns(baseline, candidate, { metrics, resamples, seed });
    } catch (e) {
      if (e instanceof RangeError) throw new InputError(e.message);
      throw e;
    }
    if (results.comparisons.length === 0) throw new InputError(`no model of ${candidateFile} has a task in common with ${baselineFile}`);
    if (format === 'table') return new TextOutput(comparisonTable(results));
    return { baseline: baselineFile, candidate: candidateFile, ...results, changes: changeSentences(results) };
  },
};
