import type { Command } from '../command.ts';
import type { ParsedArgs } from '../args.ts';
import { integerOption, numberOption, requiredOption, stringOption } from '../args.ts';
import { InputError } from '../errors.ts';
import { parsePredictions } from '../../core/formats/predictionsTsv.ts';
import { DEFAULT_CLASSIFICATION_THRESHOLD, evalClassification, tunedThreshold } from '../../core/audit/eval/classification.ts';
import { ciOptions } from './bootstrapOption.ts';
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

/**
 * `fairground eval classification`: pooled AUC, balanced accuracy, macro-F1
 * and confusion matrix at the threshold, precision@k per job averaged over
 * jobs, and its random baseline (METRICS.md §2). With --bootstrap, every
 * metric but the confusion matrix and threshold becomes {mean, ci},
 * resampling jobs (the threshold stays fixed). AUC is null for one class.
 */
export const classificationCommand: Command = {
  name: 'classification',
  options: { pred: { type: 'string' }, threshold: { type: 'string' }, tune: { type: 'string' }, k: { type: 'string' }, bootstrap: { type: 'string' }, seed: { type: 'string' } },
  usage: 'eval classification --pred F [--threshold T | --tune F] [--k 5] [--bootstrap B --seed S]',
  summary: 'AUC, balanced accuracy, macro-F1, precision@k and confusion of screening scores (TSV id group label score)',
  async run(args, io) {
    const predFile = requiredOption(args, 'pred');
    const k = integerOption(args, 'k', 5, 1);
    const ci = ciOptions(args);
    const pred = await parseInput(io, predFile, parsePredictions);
    const threshold = await decisionThreshold(args, io);

    return evalClassification(pred, { threshold, k }, ci);
  },
};
