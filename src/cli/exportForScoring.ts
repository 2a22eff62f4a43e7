/**
 * `fairground export-for-scoring`: the inputs an outside system must score
 * for a task of a dataset package (core/audit/imported/scoringInputs.ts), as
 * JSON Lines or CSV, to score elsewhere and bring back with `run --scores`.
 * With `--shards N --out DIR` it writes N self-contained files instead
 * (core/audit/imported/shardScoringInputs.ts), for a distributed job to
 * score in parallel and `run --scores NAME=DIR` to read back
 * (docs/scoring-at-scale.md).
 */
import { integerOption, requiredOption, stringOption } from './args.ts';
import { TextOutput, type CliIo, type Command } from './command.ts';
import { InputError } from './errors.ts';
import { AuditInputError } from '../core/audit/common/index.ts';
import { isScreeningTask, SCREENING_DEFAULTS } from '../core/audit/screening/index.ts';
import {
  RETRIEVAL_INPUT_COLUMNS,
  SCREENING_INPUT_COLUMNS,
  retrievalScoringInputs,
  screeningScoringInputs,
  scoringInputsCsv,
  scoringInputsJsonl,
  shardFileName,
  shardRetrievalInputs,
  shardScreeningInputs,
  type ScoringInputs,
} from '../core/audit/imported/index.ts';
import { folderDataset } from './node/datasetPort.ts';
import { taskOption } from './run.ts';

export const exportForScoringCommand: Command = {
  name: 'export-for-scoring',
  options: { dataset: { type: 'string', input: 'file-or-folder' }, task: { type: 'string' }, format: { type: 'string' }, runs: { type: 'string' }, shards: { type: 'string' } },
  usage: 'export-for-scoring --dataset DIR --task NAME [--format jsonl|csv] [--runs 7] [--out F | --shards N --out DIR]',
  // With --shards, --out is the folder the shards are written to; the JSON summary is printed.
  ownsOut: (args) => args.options.has('shards'),
  summary: 'the exact inputs an outside system must score for a task (queries, documents and twins; or job × CV × variant pairs)',
  async run(args, io) {
    const dir = requiredOption(args, 'dataset');
    const task = await taskOption(args, dir);
    const format = stringOption(args, 'format') ?? 'jsonl';
    if (format !== 'jsonl' && format !== 'csv') throw new InputError(`--format must be jsonl or csv, got "${format}"`);
    const runs = integerOption(args, 'runs', SCREENING_DEFAULTS.runs, 1);
    const shards = args.options.has('shards') ? integerOption(args, 'shards', 1, 1) : undefined;
    const outDir = stringOption(args, 'out');
    if (shards !== undefined && outDir === undefined) throw new InputError('--shards N writes N files: give the folder with --out DIR');
    const dataset = await folderDataset(dir);
    try {
      if (isScreeningTask(dataset.manifest, task)) {
        const inputs = await screeningScoringInputs(dataset, task, runs);
        const text = (i: ScoringInputs<(typeof inputs.rows)[number]>) => (format === 'csv' ? scoringInputsCsv(i, SCREENING_INPUT_COLUMNS) : scoringInputsJsonl(i));
        if (shards === undefined) return new TextOutput(text(inputs));
        return writeShards(io, outDir!, inputs.header.task, format, sharded(() => shardScreeningInputs(inputs, shards), 'pairs'), text);
      }
      const inputs = await retrievalScoringInputs(dataset, task);
      const text = (i: ScoringInputs<(typeof inputs.rows)[number]>) => (format === 'csv' ? scoringInputsCsv(i, RETRIEVAL_INPUT_COLUMNS) : scoringInputsJsonl(i));
      if (shards === undefined) return new TextOutput(text(inputs));
      return writeShards(io, outDir!, inputs.header.task, format, sharded(() => shardRetrievalInputs(inputs, shards), 'queries'), text);
    } catch (e) {
      if (e instanceof AuditInputError) throw new InputError(e.message, e.file ?? dir);
      throw e;
    }
  },
};

/** The shards, or the split's RangeError (more shards than work items) as the one-line InputError. */
function sharded<T>(split: () => T[], items: string): T[] {
  try {
    return split();
  } catch (e) {
    if (e instanceof RangeError) throw new InputError(`--shards: ${e.message} (${items})`);
    throw e;
  }
}

/** Writes each shard to `<dir>/<task>-<i>-of-<N>.<format>`; the summary printed: each file, its work items and rows. */
async function writeShards<Row>(io: CliIo, dir: string, task: string, format: string, shards: readonly ScoringInputs<Row>[], text: (i: ScoringInputs<Row>) => string) {
  const files = [];
  for (const [i, shard] of shards.entries()) {
    const file = `${dir.replace(/\/+$/, '')}/${shardFileName(task, i + 1, shards.length, format)}`;
    await io.writeFile(file, text(shard));
    const rows = shard.rows as readonly object[];
    files.push({ file, shard: shard.header.shard, rows: rows.length, queries: rows.filter((r) => (r as { kind?: string }).kind === 'query').length || undefined });
  }
  return { shards: files.length, task, format, files };
}
