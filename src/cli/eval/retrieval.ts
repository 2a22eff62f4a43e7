import type { CliIo, Command } from '../command.ts';
import { intListOption, numberOption, requiredOption, stringOption } from '../args.ts';
import { InputError } from '../errors.ts';
import { parseQrels, type Qrels } from '../../core/formats/qrels.ts';
import { FormatError } from '../../core/formats/formatError.ts';
import type { Gain } from '../../core/metrics/retrieval.ts';
import { evalRetrieval, reportRetrieval, RetrievalStream, RunNotGroupedError, type RetrievalEvalOptions } from '../../core/audit/eval/index.ts';
import { CI_OPTIONS, ciOptions } from './bootstrapOption.ts';
import { parseInput } from './parseInput.ts';
import { withScoreShards } from '../scoreShardsIo.ts';
import { readRun } from './readRun.ts';

const GAINS: readonly Gain[] = ['linear', 'exp'];

/**
 * The run scored query by query as it streams in (RetrievalStream): undefined when the io cannot
 * stream or the run is not grouped by query (then it is read whole).
 * @throws {InputError} naming the file and line.
 */
async function streamRun(io: CliIo, file: string, qrels: Qrels, options: RetrievalEvalOptions) {
  if (!io.readLines) return undefined;
  const stream = new RetrievalStream(qrels, options);
  try {
    if (io.readLineChunks) for await (const chunk of io.readLineChunks(file)) stream.addChunk(chunk);
    else for await (const batch of io.readLines(file)) for (const l of batch) stream.add(l.text, l.line);
    return stream.finish();
  } catch (error) {
    if (error instanceof RunNotGroupedError) return undefined;
    if (error instanceof FormatError) throw new InputError(error.message, io.sourceOf?.(file) ?? file, error.line);
    throw error;
  }
}

/**
 * `fairground eval retrieval`: NDCG, P, MRR, Recall and MAP at each cut-off
 * (METRICS.md §1). Output: `mean` (plain numbers, or {mean, ci} with
 * --bootstrap, resampling queries), `per_query` (plain numbers, keyed by query
 * id), `n_queries`, `n_skipped`.
 */
export const retrievalCommand: Command = {
  name: 'retrieval',
  options: { qrels: { type: 'string', input: 'file' }, run: { type: 'string', input: 'file-or-folder' }, k: { type: 'string' }, threshold: { type: 'string' }, gain: { type: 'string' }, duplicates: { type: 'string' }, metrics: { type: 'string' }, ...CI_OPTIONS },
  usage: 'eval retrieval --qrels F --run F|DIR [--k 10,100] [--threshold 1] [--gain linear|exp] [--duplicates error|last] [--metrics ndcg@10,p@10,map] [--bootstrap B --seed S]',
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
    const metrics = stringOption(args, 'metrics')?.split(',').filter((m) => m.trim() !== '');
    const options = { k, threshold, gain, metrics };
    // The run may be a folder of score shards, streamed shard after shard (scoreShardsIo.ts).
    const runIo = withScoreShards(io, 'run', { provenance: false });
    try {
      const streamed = await streamRun(runIo, runFile, qrels, options);
      // A run not grouped by query is read whole (RunColumns) and evaluated as before.
      if (streamed) return reportRetrieval(streamed, options, ci);
      return evalRetrieval(await readRun(runIo, runFile), qrels, options, ci);
    } catch (e) {
      if (e instanceof RangeError && e.message.startsWith('unknown metric')) throw new InputError(`--metrics: ${e.message}`);
      throw e;
    }
  },
};
