import type { Command } from '../command.ts';
import type { ParsedArgs } from '../args.ts';
import { numberOption, requiredOption, stringOption } from '../args.ts';
import { InputError } from '../errors.ts';
import { FormatError } from '../../core/formats/formatError.ts';
import { parseNumberCell, readTsv } from '../../core/formats/tsv.ts';
import {
  auc,
  balancedAccuracy,
  confusionCounts,
  confusionMatrix,
  groupRows,
  macroF1,
  poolGroups,
  precisionAtK,
  randomBaseline,
  tuneThreshold,
} from '../../core/metrics/classification.ts';
import type { ConfusionCounts, Predictions } from '../../core/metrics/classification.ts';
import { ciOptions, reportMean, reportStatistic } from './bootstrapOption.ts';
import { parseInput } from './parseInput.ts';

/** Default decision threshold on the 0–100 score scale (METRICS.md §5, §8). */
const DEFAULT_THRESHOLD = 50;

/**
 * Parses a predictions TSV `id group label score` (header optional), label
 * 0/1 (1 = FIT). @throws {FormatError} with the line on a bad row or a
 * (group, id) pair given twice.
 */
export function parsePredictions(text: string): Predictions {
  const rows = readTsv(text, ['id', 'group', 'label', 'score']);
  const ids: string[] = [];
  const groups: string[] = [];
  const labels = new Uint8Array(rows.length);
  const scores = new Float64Array(rows.length);
  const seen = new Set<string>();
  rows.forEach(({ line, cells }, i) => {
    const id = cells[0].trim();
    const group = cells[1].trim();
    const label = cells[2].trim();
    if (label !== '0' && label !== '1') throw new FormatError(`label must be 0 or 1, got "${cells[2]}"`, line);
    const key = `${group}\u0000${id}`;
    if (seen.has(key)) throw new FormatError(`id "${id}" appears twice in group "${group}"`, line);
    seen.add(key);
    ids.push(id);
    groups.push(group);
    labels[i] = Number(label);
    scores[i] = parseNumberCell(cells[3], line, 'score');
  });
  return { ids, groups, labels, scores };
}

async function decisionThreshold(args: ParsedArgs, io: Parameters<Command['run']>[1]): Promise<number> {
  const tuneFile = stringOption(args, 'tune');
  if (tuneFile !== undefined) {
    if (args.options.has('threshold')) throw new InputError('give either --threshold or --tune, not both');
    const tune = await parseInput(io, tuneFile, parsePredictions);
    const tuned = tuneThreshold(tune.labels, tune.scores);
    if (!tuned) throw new InputError('the tune split needs both FIT (1) and non-FIT (0) labels', tuneFile);
    return tuned.threshold;
  }
  return numberOption(args, 'threshold', DEFAULT_THRESHOLD);
}

/**
 * `fairground eval classification`: pooled AUC, balanced accuracy, macro-F1
 * and confusion matrix at the threshold, precision@k per job averaged over
 * jobs, and its random baseline (METRICS.md §2). With --bootstrap, every
 * metric but the confusion matrix and threshold becomes {mean, ci},
 * resampling jobs (the threshold stays fixed). AUC is null for one class.
 */
export const classificationCommand: Command = {
  name: 'classification',
  usage: 'eval classification --pred F [--threshold T | --tune F] [--k 5] [--bootstrap B --seed S]',
  summary: 'AUC, balanced accuracy, macro-F1, precision@k and confusion of screening scores (TSV id group label score)',
  async run(args, io) {
    const predFile = requiredOption(args, 'pred');
    const k = numberOption(args, 'k', 5);
    if (!Number.isInteger(k) || k < 1) throw new InputError(`--k must be a positive integer, got ${k}`);
    const ci = ciOptions(args);
    const pred = await parseInput(io, predFile, parsePredictions);
    const threshold = await decisionThreshold(args, io);

    const rowsByGroup = groupRows(pred.groups);
    const pooled = (metric: (c: ConfusionCounts) => number) => (chosen: Uint32Array) => {
      const p = poolGroups(rowsByGroup, chosen, pred.labels, pred.scores);
      return metric(confusionCounts(p.labels, p.scores, threshold));
    };
    const counts = confusionCounts(pred.labels, pred.scores, threshold);
    const matrix = confusionMatrix(counts);
    return {
      auc: reportStatistic(
        rowsByGroup.length,
        (chosen) => {
          const p = poolGroups(rowsByGroup, chosen, pred.labels, pred.scores);
          return auc(p.labels, p.scores);
        },
        ci,
      ),
      balanced_accuracy: reportStatistic(rowsByGroup.length, pooled(balancedAccuracy), ci),
      macro_f1: reportStatistic(rowsByGroup.length, pooled(macroF1), ci),
      [`precision@${k}`]: reportMean(precisionAtK(pred, k).values, ci),
      random_baseline: reportMean(randomBaseline(pred).values, ci),
      threshold,
      confusion: { labels: [0, 1], counts: matrix.counts, row_percent: matrix.rowPercent },
      n_rows: pred.ids.length,
      n_jobs: rowsByGroup.length,
    };
  },
};
