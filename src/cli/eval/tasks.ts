import type { Command, CliIo } from '../command.ts';
import { integerOption, seedOption, stringOption, type ParsedArgs } from '../args.ts';
import { MULTITASK_DEFAULTS, multiTaskResults, readPredictions, compareSystems, type MultiTaskOptions } from '../../core/audit/tasks/index.ts';
import { MISSING_RULES, type MissingRule } from '../../core/metrics/taskStatistic.ts';
import type { TaskPredictions } from '../../core/metrics/tasks.ts';
import { FormatError } from '../../core/formats/formatError.ts';
import { InputError } from '../errors.ts';
import { withNulls } from './jsonNulls.ts';

/** `--bootstrap B` (0: no CIs; default 10,000), `--seed S` (default 0), `--missing benchmark|worst`. */
function taskOptions(args: ParsedArgs): MultiTaskOptions {
  const missing = stringOption(args, 'missing') ?? MULTITASK_DEFAULTS.missing;
  if (!MISSING_RULES.includes(missing as MissingRule)) throw new InputError(`--missing must be one of ${MISSING_RULES.join(', ')}, got "${missing}"`);
  return {
    resamples: integerOption(args, 'bootstrap', MULTITASK_DEFAULTS.resamples, 0),
    seed: seedOption(args, MULTITASK_DEFAULTS.seed),
    missing: missing as MissingRule,
  };
}

async function readFolder(io: CliIo, dir: string): Promise<TaskPredictions[]> {
  try {
    return await readPredictions((name) => io.readText(`${dir}/${name}`));
  } catch (e) {
    if (e instanceof FormatError) throw new InputError(e.message, e.file === undefined ? dir : `${dir}/${e.file}`, e.line);
    throw e;
  }
}

/**
 * `fairground eval tasks`: multi-task scores of imported predictions
 * (METRICS.md §9; folder format in docs/predictions-format.md), the object
 * of core/audit/tasks/audit.ts — per task the score with its 95% bootstrap CI,
 * n and n_left_out, composite components, baselines (random, input order,
 * TF-IDF) and slices; capabilities and Overall with CIs; the missing rule,
 * the bootstrap settings and the refusal-sensitivity line. With two or more
 * `--predictions`, each folder's scores (`systems`) and the paired
 * comparisons on the common complete subset (`comparison`,
 * core/audit/tasks/compare.ts).
 */
export const tasksCommand: Command = {
  name: 'tasks',
  options: { predictions: { type: 'string', multiple: true, input: 'folder' }, bootstrap: { type: 'string' }, seed: { type: 'string' }, missing: { type: 'string' } },
  usage: 'eval tasks --predictions DIR [--predictions DIR …] [--bootstrap B (10000; 0 = none)] [--seed S] [--missing benchmark|worst]',
  summary: 'Per-task, per-capability and overall scores of predictions folders with CIs, baselines and paired comparisons (EHR-Bench style)',
  async run(args, io) {
    const dirs = (args.repeated?.get('predictions') ?? (args.options.has('predictions') ? [args.options.get('predictions')!] : [])).map((d) => {
      if (d === true) throw new InputError('--predictions needs a value');
      return d.replace(/\/+$/, '');
    });
    if (dirs.length === 0) throw new InputError('missing --predictions');
    if (new Set(dirs).size !== dirs.length) throw new InputError('a --predictions folder is given twice');
    const options = taskOptions(args);
    const folders = [];
    for (const dir of dirs) folders.push({ name: dir, tasks: await readFolder(io, dir) });
    const scored = folders.map((f) => {
      try {
        return multiTaskResults(f.tasks, options);
      } catch (e) {
        if (e instanceof RangeError) throw new InputError(e.message, f.name);
        throw e;
      }
    });
    if (folders.length === 1) return withNulls(scored[0]);
    return withNulls({
      systems: Object.fromEntries(folders.map((f, k) => [f.name, scored[k]])),
      comparison: compareSystems(folders, options.missing, options),
    });
  },
};
