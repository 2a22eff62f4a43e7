/**
 * `fairground pareto`: the Pareto frontier of the models of a results
 * object (METRICS.md §7), per subset. Reads the output of `fairground run`
 * (or a results object exported from the web app).
 */
import type { Command } from './command.ts';
import { requiredOption, stringOption } from './args.ts';
import { InputError } from './errors.ts';
import { readJsonInput } from './jsonInput.ts';
import { paretoOfResults, parseResults } from '../core/audit/retrieval/index.ts';

export const paretoCommand: Command = {
  name: 'pareto',
  options: { results: { type: 'string', input: 'file' }, x: { type: 'string' }, y: { type: 'string' }, lang: { type: 'string' } },
  usage: 'pareto --results F [--x ndcg@10] [--y iou@10|rbc|rank_shift|dropout@10|kendall_tau|pearson] [--lang en] [--out F]',
  summary: 'Pareto frontier of effectiveness against robustness (oriented larger-better) per subset of a results file',
  async run(args, io) {
    const file = requiredOption(args, 'results');
    const text = await io.readText(file);
    const value = readJsonInput(text, file);
    let results;
    try {
      results = parseResults(value);
    } catch (e) {
      throw new InputError((e as Error).message, file);
    }
    try {
      const subsets = paretoOfResults(results, { x: stringOption(args, 'x'), y: stringOption(args, 'y'), lang: stringOption(args, 'lang') });
      return { subsets };
    } catch (e) {
      if (e instanceof RangeError) throw new InputError(e.message, file);
      throw e;
    }
  },
};
