import type { Command } from '../command.ts';
import { integerOption, numberOption, requiredOption } from '../args.ts';
import { parseRepeatedScores } from '../../core/formats/repeatedScores.ts';
import { evalConsistency } from '../../core/audit/eval/index.ts';
import { CI_OPTIONS, ciOptions } from './bootstrapOption.ts';
import { parseInput } from './parseInput.ts';

/**
 * `fairground eval consistency`: run-to-run consistency of a decision model
 * (METRICS.md §5). Output: `icc`, `sigma_score`, `sigma_rank`,
 * `label_flip_pct`, `disag@k` (null where undefined, e.g. one run), and
 * `flip_by_cutoff` (label flip % at each integer cut-off 5..95). With
 * --bootstrap, the first five become {mean, ci}, resampling CVs.
 */
export const consistencyCommand: Command = {
  name: 'consistency',
  options: { scores: { type: 'string', input: 'file' }, cutoff: { type: 'string' }, k: { type: 'string' }, ...CI_OPTIONS },
  usage: 'eval consistency --scores F [--cutoff 50] [--k 5] [--bootstrap B --seed S]',
  summary: 'ICC(2,1), sigma of scores and ranks, label flips and Disag@k over repeated runs (TSV job cv run score)',
  async run(args, io) {
    const file = requiredOption(args, 'scores');
    const cutoff = numberOption(args, 'cutoff', 50);
    const k = integerOption(args, 'k', 5, 1);
    const ci = ciOptions(args);
    return evalConsistency(await parseInput(io, file, parseRepeatedScores), { cutoff, k }, ci);
  },
};
