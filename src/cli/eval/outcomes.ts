import type { Command } from '../command.ts';
import { listOption, numberOption, requiredOption, stringOption, type ParsedArgs } from '../args.ts';
import { InputError } from '../errors.ts';
import { readDecisions, type DecisionColumns } from '../../core/formats/decisions.ts';
import { readRecordTable, tableFormatOf, type TableFormat } from '../../core/formats/recordTable.ts';
import { auditOutcomes } from '../../core/audit/outcomes/index.ts';
import { ciOptions } from './bootstrapOption.ts';
import { parseInput } from './parseInput.ts';
import { withNulls } from './jsonNulls.ts';

const FORMATS: readonly TableFormat[] = ['csv', 'tsv', 'jsonl'];

/** `--format`: csv, tsv or jsonl; undefined (the file name decides) when absent. */
function formatOption(args: ParsedArgs): TableFormat | undefined {
  const value = stringOption(args, 'format');
  if (value === undefined) return undefined;
  const format = FORMATS.find((f) => f === value);
  if (!format) throw new InputError(`--format must be one of ${FORMATS.join(', ')}, got "${value}"`);
  return format;
}

/** A flag that takes no value (`--exclude-small`). */
function flagOption(args: ParsedArgs, name: string): boolean {
  const value = args.options.get(name);
  if (value !== undefined && value !== true) throw new InputError(`--${name} takes no value, got "${value}"`);
  return value === true;
}

/** The column mapping of the command line. */
function decisionColumns(args: ParsedArgs): DecisionColumns {
  const groups = listOption(args, 'group');
  if (groups.length === 0) throw new InputError('missing --group COL[,COL]');
  const selected = stringOption(args, 'selected');
  const score = stringOption(args, 'score');
  if ((selected === undefined) === (score === undefined)) throw new InputError('give either --selected COL or --score COL [--cutoff X]');
  if (selected !== undefined && args.options.has('cutoff')) throw new InputError('--cutoff applies to --score, not to --selected');
  const optional = (name: 'label' | 'job' | 'id') => {
    const v = stringOption(args, name);
    return v === undefined ? {} : { [name]: v };
  };
  return { groups, ...(selected !== undefined ? { selected } : { score }), ...optional('label'), ...optional('job'), ...optional('id') };
}

/**
 * `fairground eval outcomes`: selection rates, impact ratios and the four-fifths flag per
 * group and per intersectional category, demographic parity, and with a label equal
 * opportunity and equalised odds (METRICS.md §10). With --bootstrap, every rate and disparity
 * becomes {mean, ci}, resampling candidates, or jobs with --job.
 */
export const outcomesCommand: Command = {
  name: 'outcomes',
  options: { decisions: { type: 'string', input: 'file' }, group: { type: 'string', multiple: true }, selected: { type: 'string' }, score: { type: 'string' }, cutoff: { type: 'string' }, label: { type: 'string' }, job: { type: 'string' }, id: { type: 'string' }, format: { type: 'string' }, 'exclude-small': { type: 'boolean' }, bootstrap: { type: 'string' }, seed: { type: 'string' } },
  usage:
    'eval outcomes --decisions F --group COL[,COL] (--selected COL | --score COL [--cutoff X]) [--label COL] [--job COL] [--id COL] [--exclude-small] [--format csv|tsv|jsonl] [--bootstrap B --seed S]',
  summary: 'selection rates, impact ratios (four-fifths rule) and parity gaps per group of a decisions table (CSV, TSV or JSONL)',
  async run(args, io) {
    const file = requiredOption(args, 'decisions');
    const columns = decisionColumns(args);
    const cutoff = args.options.has('cutoff') ? numberOption(args, 'cutoff', NaN) : undefined;
    const excludeSmall = flagOption(args, 'exclude-small');
    const format = formatOption(args);
    const ci = ciOptions(args);
    const decisions = await parseInput(io, file, (text) => readDecisions(readRecordTable(text, format ?? tableFormatOf(file, text)), columns));
    return withNulls(auditOutcomes(decisions, { cutoff, excludeSmall }, ci));
  },
};
