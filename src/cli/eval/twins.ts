import type { CliIo, Command } from '../command.ts';
import { integerOption, requiredOption, stringOption } from '../args.ts';
import { InputError } from '../errors.ts';
import { FormatError } from '../../core/formats/formatError.ts';
import { parseRun, type Run } from '../../core/formats/trecRun.ts';
import { RunColumns, RunColumnsBuilder } from '../../core/formats/runColumns.ts';
import { hasRunTextQuirk, RunTextQuirkError } from '../../core/formats/runTextQuirks.ts';
import { parseTwins, type TwinLine } from '../../core/formats/twins.ts';
import type { Scored } from '../../core/ranking.ts';
import { evalTwins, reportTwins, RunNotGroupedError, twinGaps, TwinStream, undeclaredTwinIds, type TwinsEvalOptions } from '../../core/audit/eval/index.ts';
import type { CiOptions } from '../../core/audit/common/index.ts';
import { idList } from '../../core/audit/imported/index.ts';
import { CI_OPTIONS, ciOptions } from './bootstrapOption.ts';
import { parseInput } from './parseInput.ts';
import { withScoreShards } from '../scoreShardsIo.ts';

interface TwinsFiles {
  readonly run: string;
  readonly twinRun: string;
  readonly twins: string;
}

/**
 * Refuses twins of ranked documents without a score, then twin-run ids no record declares
 * (unless --allow-missing): left out of S silently, they would change the metrics.
 * @throws {InputError} naming the twin run.
 */
function refuseGaps(missing: readonly string[], undeclared: () => readonly string[], twinRunFile: string): void {
  if (missing.length > 0) {
    throw new InputError(`twins of ranked documents have no score (query/twin): ${idList(missing)}; score them, or pass --allow-missing to leave those documents out of S`, twinRunFile);
  }
  const ids = undeclared();
  if (ids.length > 0) throw new InputError(`twin-run ids that no twin record declares: ${idList(ids)}; pass --allow-missing to ignore them`, twinRunFile);
}

/** The whole-file reading: every file parsed whole (parseRun), then evalTwins. Its refusals are the command's words. */
async function wholeTwins(runIo: CliIo, io: CliIo, files: TwinsFiles, options: TwinsEvalOptions, allowMissing: boolean, ci: CiOptions | undefined) {
  const run = await parseInput(runIo, files.run, parseRun);
  const twinRun = await parseInput(runIo, files.twinRun, parseRun);
  const twins = await parseInput(io, files.twins, parseTwins);
  if (!allowMissing) {
    const gaps = twinGaps(run, twinRun, twins);
    refuseGaps(gaps.missing, () => gaps.undeclared, files.twinRun);
  }
  return evalTwins(run, twinRun, twins, options, ci);
}

/** A refusal met while streaming, as the one line the CLI prints (naming the shard of a folder, as eval retrieval does). */
function asInputError(e: FormatError | InputError, io: CliIo, file: string): InputError {
  return e instanceof InputError ? e : new InputError(e.message, io.sourceOf?.(file) ?? file, e.line);
}

/**
 * The answer of `whole` — the whole-file reading, which decides every refusal, so that a refusal
 * reads as it always has (and the few lines parseRun accepts but the fast reader does not are
 * accepted) — after the fast reader refused `file` with `refusal`. When the whole reading cannot
 * read the file at all (an error naming the file but no line: past its 256 MiB), the fast
 * reader's refusal, which names the line, is reported instead.
 */
async function afterRefusal<T>(whole: () => Promise<T>, refusal: InputError, file: string): Promise<T> {
  try {
    return await whole();
  } catch (e) {
    if (e instanceof InputError && e.file === file && e.line === undefined && refusal.line !== undefined) throw refusal;
    throw e;
  }
}

/** A refusal of the fast readers (a line, a file, a shard), as opposed to a failure of the program. */
const isRefusal = (e: unknown): e is FormatError | InputError => e instanceof FormatError || e instanceof InputError;

/**
 * The twin run as columns (RunColumns: ids interned, numbers in typed arrays), read line by line;
 * parseRun's Run where the fast reader refuses it or its text has a quirk (runTextQuirks.ts).
 */
async function readTwinRun(io: CliIo, file: string): Promise<RunColumns | Run> {
  const whole = () => parseInput(io, file, parseRun);
  if (!io.readLines) return whole();
  try {
    const builder = new RunColumnsBuilder();
    for await (const batch of io.readLines(file)) {
      for (const l of batch) {
        if (hasRunTextQuirk(l.text)) throw new RunTextQuirkError(l.line);
        builder.add(l.text, l.line);
      }
    }
    return builder.finish();
  } catch (e) {
    if (e instanceof RunTextQuirkError) return whole();
    if (isRefusal(e)) return afterRefusal(whole, asInputError(e, io, file), file);
    throw e;
  }
}

/** Each query's scored documents, in file order. */
function* queriesOf(run: RunColumns | Run): Iterable<readonly Scored[]> {
  if (!(run instanceof RunColumns)) return yield* run.values();
  for (const q of run.queries) yield run.get(q)!;
}

/**
 * The run streamed query by query (TwinStream): its lines are never held, only each query's
 * metric values; the twin run and the twin records are held whole. Undefined where the io cannot
 * stream, the run is not grouped by query, or its text has a quirk: the whole-file reading then
 * answers. A refusal is the whole-file reading's, word for word (afterRefusal), and comes in its
 * order: the run's, then the twin run's, then the twin records', then the gaps.
 */
async function streamTwins(runIo: CliIo, io: CliIo, files: TwinsFiles, options: TwinsEvalOptions, allowMissing: boolean, ci: CiOptions | undefined) {
  if (!runIo.readLines) return undefined;
  let twinRun: RunColumns | Run | undefined;
  let twins: TwinLine[] | undefined;
  let inputRefusal: unknown;
  try {
    twinRun = await readTwinRun(runIo, files.twinRun);
    twins = await parseInput(io, files.twins, parseTwins);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    // The run's own refusals come first: stream it (against no twins) before reporting this.
    inputRefusal = e;
  }
  const stream = new TwinStream(twinRun ?? new Map(), twins ?? [], { ...options, listMissing: !allowMissing && inputRefusal === undefined });
  let streamed;
  try {
    if (runIo.readLineChunks) for await (const chunk of runIo.readLineChunks(files.run)) stream.addChunk(chunk);
    else for await (const batch of runIo.readLines(files.run)) for (const l of batch) stream.add(l.text, l.line);
    streamed = stream.finish();
  } catch (e) {
    if (e instanceof RunNotGroupedError || e instanceof RunTextQuirkError) return undefined;
    if (isRefusal(e)) return afterRefusal(() => wholeTwins(runIo, io, files, options, allowMissing, ci), asInputError(e, runIo, files.run), files.run);
    throw e;
  }
  if (inputRefusal !== undefined) throw inputRefusal;
  if (!allowMissing) refuseGaps(streamed.missing, () => undeclaredTwinIds(queriesOf(twinRun!), twins!), files.twinRun);
  return reportTwins(streamed.results, options, ci);
}

/**
 * `fairground eval twins`: counterfactual-twin fairness of a ranking
 * (METRICS.md §3). Output: `mean`, `per_lang` and `per_direction` (keys
 * `iou@k`, `rank_shift`, `dropout@k`, `rbc`, `kendall_tau`, `pearson`, plus
 * `n_queries` and `n_pairs`), and `per_query`. Means are over the queries
 * with at least one twin pair where the metric is defined (null when none);
 * RBC pools all queries. With --bootstrap, every mean becomes {mean, ci},
 * resampling queries. The run is streamed query by query (TwinStream); one
 * not grouped by query is read whole.
 */
export const twinsCommand: Command = {
  name: 'twins',
  options: { run: { type: 'string', input: 'file-or-folder' }, 'twin-run': { type: 'string', input: 'file-or-folder' }, twins: { type: 'string', input: 'file' }, k: { type: 'string' }, groups: { type: 'string' }, 'allow-missing': { type: 'boolean' }, ...CI_OPTIONS },
  usage: 'eval twins --run F|DIR --twin-run F|DIR --twins F [--k 10] [--groups female,male] [--allow-missing] [--bootstrap B --seed S]',
  summary: 'IoU@k, rank shift, dropout@k, RBC, Kendall tau and Pearson r of a run against its counterfactual twins',
  async run(args, io) {
    const files = { run: requiredOption(args, 'run'), twinRun: requiredOption(args, 'twin-run'), twins: requiredOption(args, 'twins') };
    const k = integerOption(args, 'k', 10, 1);
    const groups = (stringOption(args, 'groups') ?? 'female,male').split(',').map((g) => g.trim());
    if (groups.length < 2 || groups.some((g) => g === '')) throw new InputError(`--groups needs two groups, e.g. female,male`);
    const ci = ciOptions(args);
    const allowMissing = args.options.has('allow-missing');
    // A run may be a folder of score shards (scoreShardsIo.ts).
    const runIo = withScoreShards(io, 'run', { provenance: false });
    const options = { k, groups };
    return (await streamTwins(runIo, io, files, options, allowMissing, ci)) ?? wholeTwins(runIo, io, files, options, allowMissing, ci);
  },
};
