/**
 * `fairground export-for-scoring`: the inputs an outside system must score
 * for a task of a dataset package (core/audit/imported/scoringInputs.ts), as
 * JSON Lines or CSV, to score elsewhere and bring back with `run --scores`.
 */
import { integerOption, requiredOption, stringOption } from './args.ts';
import { TextOutput, type Command } from './command.ts';
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
} from '../core/audit/imported/index.ts';
import { folderDataset } from './node/datasetPort.ts';
import { taskOption } from './run.ts';

export const exportForScoringCommand: Command = {
  name: 'export-for-scoring',
  options: { dataset: { type: 'string', input: 'file-or-folder' }, task: { type: 'string' }, format: { type: 'string' }, runs: { type: 'string' } },
  usage: 'export-for-scoring --dataset DIR --task NAME [--format jsonl|csv] [--runs 7] [--out F]',
  summary: 'the exact inputs an outside system must score for a task (queries, documents and twins; or job × CV × variant pairs)',
  async run(args) {
    const dir = requiredOption(args, 'dataset');
    const task = await taskOption(args, dir);
    const format = stringOption(args, 'format') ?? 'jsonl';
    if (format !== 'jsonl' && format !== 'csv') throw new InputError(`--format must be jsonl or csv, got "${format}"`);
    const runs = integerOption(args, 'runs', SCREENING_DEFAULTS.runs, 1);
    const dataset = await folderDataset(dir);
    try {
      if (isScreeningTask(dataset.manifest, task)) {
        const inputs = await screeningScoringInputs(dataset, task, runs);
        return new TextOutput(format === 'csv' ? scoringInputsCsv(inputs, SCREENING_INPUT_COLUMNS) : scoringInputsJsonl(inputs));
      }
      const inputs = await retrievalScoringInputs(dataset, task);
      return new TextOutput(format === 'csv' ? scoringInputsCsv(inputs, RETRIEVAL_INPUT_COLUMNS) : scoringInputsJsonl(inputs));
    } catch (e) {
      if (e instanceof AuditInputError) throw new InputError(e.message, e.file ?? dir);
      throw e;
    }
  },
};
