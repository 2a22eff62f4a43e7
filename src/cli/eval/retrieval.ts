import type { Command } from '../command.ts';
import { intListOption, numberOption, requiredOption, stringOption } from '../args.ts';
import { InputError } from '../errors.ts';
import { parseQrels } from '../../core/formats/qrels.ts';
import { parseRun } from '../../core/formats/trecRun.ts';
import type { Gain } from '../../core/metrics/retrieval.ts';
import { evalRetrieval } from '../../core/audit/eval/retrieval.ts';
import { ciOptions } from './bootstrapOption.ts';
import { parseInput } from './parseInput.ts';

const GAINS: readonly Gain[] = ['linear', 'exp'];

/**
 * `fairground eval retrieval`: NDCG, P, MRR, Recall and MAP at each cut-off
 * (METRICS.md §1). Output: `mean` (plain numbers, or {mean, ci} with
 * --bootstrap, resampling queries), `per_query` (plain numbers, keyed by query
 * id), `n_queries`, `n_skipped`.
 */
export const retrievalCommand: Command = {
  name: 'retrieval',
  options: { qrels: { type: 'string' }, run: { type: 'string' }, k: { type: 'string' }, threshold: { type: 'string' }, gain: { type: 'string' }, duplicates: { type: 'string' }, metrics: { type: 'string' }, bootstrap: { type: 'string' }, seed: { type: 'string' } },
  usage: 'eval retrieval --qrels F --run F [--k 10,100] [--threshold 1] [--gain linear|exp] [--duplicates error|last] [--metrics ndcg@10,p@10,map] [--bootstrap B --seed S]',
  summary: 'NDCG, P, MRR, Recall and MAP of a run against qrels (TREC or MTEB TSV)',
  async run(args, io) {
    const qrelsFile = requiredOption(args, 'qrels');
    const runFile = requiredOption(args, 'run');
    const k = intListOption(args, 'k', [10]);
    const threshold = numberOption(args, 'threshold', 1);
    if (threshold <= 0) throw new InputError(`--threshold must be > 0, got ${threshold}`);
    const gain = (stringOption(args, 'gain') ?? 'linear') as Gain;
    if (!GAINS.includes(gain)) throw new InputError(`--gain must be linear or exp, got "${gain}"`);
    const ci = ciOptions(args);
    const duplicates = stringOption(args, 'duplicates') ?? 'error';
    if (duplicates !== 'error' && duplicates !== 'last') throw new InputError(`--duplicates must be error or last, got "${duplicates}"`);
    const qrels = await parseInput(io, qrelsFile, (text) => parseQrels(text, duplicates));
    const run = await parseInput(io, runFile, parseRun);

    const metrics = stringOption(args, 'metrics')?.split(',').filter((m) => m.trim() !== '');
    try {
      return evalRetrieval(run, qrels, { k, threshold, gain, metrics }, ci);
    } catch (e) {
      if (e instanceof RangeError && e.message.startsWith('unknown metric')) throw new InputError(`--metrics: ${e.message}`);
      throw e;
    }
  },
};
