import type { Command } from '../command.ts';
import { integerOption, numberOption, requiredOption, stringOption, type ParsedArgs } from '../args.ts';
import { InputError } from '../errors.ts';
import { parsePredictions } from '../../core/formats/predictionsTsv.ts';
import { DEFAULT_CLASSIFICATION_THRESHOLD, evalClassification, referenceScoresFor, tunedThreshold } from '../../core/audit/eval/index.ts';
import type { Predictions } from '../../core/metrics/classification.ts';
import { CI_OPTIONS, ciOptions } from './bootstrapOption.ts';
import { parseInput } from './parseInput.ts';

async function decisionThreshold(args: ParsedArgs, io: Parameters<Command['run']>[1]): Promise<number> {
  const tuneFile = stringOption(args, 'tune');
  if (tuneFile !== undefined) {
    if (args.options.has('threshold')) throw new InputError('give either --threshold or --tune, not both');
    const tune = await parseInput(io, tuneFile, parsePredictions);
    const tuned = tunedThreshold(tune);
    if (tuned === undefined) throw new InputError('the tune split needs both FIT (1) and non-FIT (0) labels', tuneFile);
    return tuned;
  }
  return numberOption(args, 'threshold', DEFAULT_CLASSIFICATION_THRESHOLD);
}

/** The reference model's scores of `--reference-scores F`, aligned with the predictions' rows. */
async function referenceScores(args: ParsedArgs, io: Parameters<Command['run']>[1], pred: Predictions): Promise<Float64Array | undefined> {
  const file = stringOption(args, 'reference-scores');
  if (file === undefined) return undefined;
  const reference = await parseInput(io, file, parsePredictions);
  try {
    return referenceScoresFor(pred, reference);
  } catch (e) {
    if (e instanceof RangeError) throw new InputError(e.message, file);
    throw e;
  }
}

/**
 * `fairground eval classification`: pooled AUC, balanced accuracy, macro-F1
 * and confusion matrix at the threshold, precision@k per job averaged over
 * jobs, and its random baseline (METRICS.md §2). With --bootstrap, every
 * metric but the confusion matrix and threshold becomes {mean, ci},
 * resampling jobs (the threshold stays fixed), and `chance` marks the
 * metrics whose CI excludes chance. --reference-scores F (the same TSV for
 * the reference model) adds ΔAUC, with --bootstrap a paired bootstrap over
 * jobs with p and `significant` (its CI excludes 0). AUC is null for one class.
 */
export const classificationCommand: Command = {
  name: 'classification',
  options: {
    pred: { type: 'string', input: 'file' },
    threshold: { type: 'string' },
    tune: { type: 'string', input: 'file' },
    k: { type: 'string' },
    'reference-scores': { type: 'string', input: 'file' },
    ...CI_OPTIONS,
  },
  usage: 'eval classification --pred F [--threshold T | --tune F] [--k 5] [--reference-scores F] [--bootstrap B --seed S]',
  summary: 'AUC, balanced accuracy, macro-F1, precision@k and confusion of screening scores (TSV id group label score)',
  async run(args, io) {
    const predFile = requiredOption(args, 'pred');
    const k = integerOption(args, 'k', 5, 1);
    const ci = ciOptions(args);
    const pred = await parseInput(io, predFile, parsePredictions);
    const threshold = await decisionThreshold(args, io);
    const reference = await referenceScores(args, io, pred);
    return evalClassification(pred, { threshold, k, ...(reference ? { referenceScores: reference } : {}) }, ci);
  },
};
