import type { Command } from '../command.ts';
import { integerOption, requiredOption, stringOption } from '../args.ts';
import { InputError } from '../errors.ts';
import { parseRun } from '../../core/formats/trecRun.ts';
import { parseTwins } from '../../core/formats/twins.ts';
import { evalTwins, twinGaps } from '../../core/audit/eval/index.ts';
import { idList } from '../../core/audit/imported/index.ts';
import { ciOptions } from './bootstrapOption.ts';
import { parseInput } from './parseInput.ts';
import { withScoreShards } from '../scoreShardsIo.ts';

/**
 * `fairground eval twins`: counterfactual-twin fairness of a ranking
 * (METRICS.md §3). Output: `mean`, `per_lang` and `per_direction` (keys
 * `iou@k`, `rank_shift`, `dropout@k`, `rbc`, `kendall_tau`, `pearson`, plus
 * `n_queries` and `n_pairs`), and `per_query`. Means are over the queries
 * with at least one twin pair where the metric is defined (null when none);
 * RBC pools all queries. With --bootstrap, every mean becomes {mean, ci},
 * resampling queries.
 */
export const twinsCommand: Command = {
  name: 'twins',
  options: { run: { type: 'string', input: 'file-or-folder' }, 'twin-run': { type: 'string', input: 'file-or-folder' }, twins: { type: 'string', input: 'file' }, k: { type: 'string' }, groups: { type: 'string' }, 'allow-missing': { type: 'boolean' }, bootstrap: { type: 'string' }, seed: { type: 'string' } },
  usage: 'eval twins --run F|DIR --twin-run F|DIR --twins F [--k 10] [--groups female,male] [--allow-missing] [--bootstrap B --seed S]',
  summary: 'IoU@k, rank shift, dropout@k, RBC, Kendall tau and Pearson r of a run against its counterfactual twins',
  async run(args, io) {
    const runFile = requiredOption(args, 'run');
    const twinRunFile = requiredOption(args, 'twin-run');
    const twinsFile = requiredOption(args, 'twins');
    const k = integerOption(args, 'k', 10, 1);
    const groups = (stringOption(args, 'groups') ?? 'female,male').split(',').map((g) => g.trim());
    if (groups.length < 2 || groups.some((g) => g === '')) throw new InputError(`--groups needs two groups, e.g. female,male`);
    const ci = ciOptions(args);
    // A run may be a folder of score shards (scoreShardsIo.ts).
    const runIo = withScoreShards(io, 'run', { provenance: false });
    const run = await parseInput(runIo, runFile, parseRun);
    const twinRun = await parseInput(runIo, twinRunFile, parseRun);
    const twins = await parseInput(io, twinsFile, parseTwins);

    if (!args.options.has('allow-missing')) {
      const gaps = twinGaps(run, twinRun, twins);
      if (gaps.missing.length > 0) {
        throw new InputError(`twins of ranked documents have no score (query/twin): ${idList(gaps.missing)}; score them, or pass --allow-missing to leave those documents out of S`, twinRunFile);
      }
      if (gaps.undeclared.length > 0) {
        throw new InputError(`twin-run ids that no twin record declares: ${idList(gaps.undeclared)}; pass --allow-missing to ignore them`, twinRunFile);
      }
    }
    return evalTwins(run, twinRun, twins, { k, groups }, ci);
  },
};
