import type { Command } from '../command.ts';
import { requiredOption } from '../args.ts';
import { multiTaskResults, readPredictions } from '../../core/audit/multiTask.ts';
import { FormatError } from '../../core/formats/formatError.ts';
import { InputError } from '../errors.ts';

/**
 * `fairground eval tasks`: multi-task scores of imported predictions
 * (METRICS.md §9; folder format in docs/predictions-format.md), the object
 * of core/audit/multiTask.ts: `tasks` (per task: kind, capability, score
 * 0–100, n, and for ranking and retrieval tasks with candidates the
 * `baselines`), `capabilities`, `overall`, `missing_capabilities`.
 */
export const tasksCommand: Command = {
  name: 'tasks',
  options: { predictions: { type: 'string' } },
  usage: 'eval tasks --predictions DIR',
  summary: 'Per-task, per-capability and overall scores of a predictions folder (EHR-Bench style)',
  async run(args, io) {
    const dir = requiredOption(args, 'predictions').replace(/\/+$/, '');
    try {
      return multiTaskResults(await readPredictions((name) => io.readText(`${dir}/${name}`)));
    } catch (e) {
      if (e instanceof FormatError) throw new InputError(e.message, e.file === undefined ? dir : `${dir}/${e.file}`, e.line);
      throw e;
    }
  },
};
