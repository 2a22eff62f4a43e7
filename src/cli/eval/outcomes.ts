import type { Command } from '../command.ts';
import { listOption, numberOption, requiredOption, stringOption, type ParsedArgs } from '../args.ts';
import { InputError } from '../errors.ts';
import { readDecisions, type DecisionColumns } from '../../core/formats/decisions.ts';
import { readRecordTable, tableFormatOf, type TableFormat } from '../../core/formats/recordTable.ts';
import { auditOutcomes, describeRule, outcomesSource, ruleInformativeness, type OutcomesOptions } from '../../core/audit/outcomes/index.ts';
import { CI_OPTIONS, ciOptions } from './bootstrapOption.ts';
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
  if ((selected === undefined) === (score === undefined)) throw new InputError('give either --selected COL or --score COL [--cutoff X | --top-k K | --rate R]');
  for (const name of RULE_OPTIONS) if (selected !== undefined && args.options.has(name)) throw new InputError(`--${name} applies to --score, not to --selected`);
  const optional = (name: 'label' | 'job' | 'id') => {
    const v = stringOption(args, name);
    return v === undefined ? {} : { [name]: v };
  };
  return { groups, ...(selected !== undefined ? { selected } : { score }), ...optional('label'), ...optional('job'), ...optional('id') };
}

const RULE_OPTIONS = ['cutoff', 'top-k', 'rate'] as const;

/** `--historical yes|no`: whether the decisions are the tool's historical use (LL144); undefined when not stated. */
export function historicalOption(args: ParsedArgs): boolean | undefined {
  const value = stringOption(args, 'historical');
  if (value === undefined) return undefined;
  if (value !== 'yes' && value !== 'no') throw new InputError(`--historical must be yes or no, got "${value}"`);
  return value === 'yes';
}

/**
 * The decision rule of a score column: `--cutoff X` (score ≥ X), `--top-k K` (a shortlist of the K
 * highest per job, or of all rows without --job), `--rate R` (the share R of the highest scores,
 * 0 < R ≤ 1); none of them: the LL144 scoring rate (above the median). At most one.
 */
function ruleOptions(args: ParsedArgs): Pick<OutcomesOptions, 'cutoff' | 'rule'> {
  const given = RULE_OPTIONS.filter((name) => args.options.has(name));
  if (given.length > 1) throw new InputError(`give one decision rule, not ${given.map((g) => `--${g}`).join(' and ')}`);
  if (args.options.has('cutoff')) return { cutoff: numberOption(args, 'cutoff', NaN) };
  if (args.options.has('top-k')) {
    const k = numberOption(args, 'top-k', NaN);
    if (!Number.isInteger(k) || k < 1) throw new InputError(`--top-k must be a whole number ≥ 1, got ${stringOption(args, 'top-k')}`);
    return { rule: { kind: 'top-k', k } };
  }
  if (args.options.has('rate')) {
    const share = numberOption(args, 'rate', NaN);
    if (!(share > 0 && share <= 1)) throw new InputError(`--rate must be a share in (0, 1], e.g. 0.2 for the 20% highest scores, got ${stringOption(args, 'rate')}`);
    return { rule: { kind: 'rate', share } };
  }
  return {};
}

/**
 * `fairground eval outcomes`: selection rates, impact ratios and the four-fifths flag per
 * group and per intersectional category, demographic parity, and with a label equal
 * opportunity and equalised odds (METRICS.md §10). With --bootstrap, every rate and disparity
 * becomes {mean, ci}, resampling candidates, or jobs with --job. The output also holds the audit's
 * time (`created_at`), the file audited (`source`: name, bytes, SHA-256) and, with --historical,
 * whether the decisions are the tool's historical use — the report's Data section reads them.
 */
export const outcomesCommand: Command = {
  name: 'outcomes',
  options: { decisions: { type: 'string', input: 'file' }, group: { type: 'string', multiple: true }, selected: { type: 'string' }, score: { type: 'string' }, cutoff: { type: 'string' }, 'top-k': { type: 'string' }, rate: { type: 'string' }, label: { type: 'string' }, job: { type: 'string' }, id: { type: 'string' }, format: { type: 'string' }, 'exclude-small': { type: 'boolean' }, ...CI_OPTIONS, historical: { type: 'string' } },
  usage:
    'eval outcomes --decisions F --group COL[,COL] (--selected COL | --score COL [--cutoff X | --top-k K | --rate R]) [--label COL] [--job COL] [--id COL] [--exclude-small] [--format csv|tsv|jsonl] [--bootstrap B --seed S] [--historical yes|no]',
  summary: 'selection rates, impact ratios (four-fifths rule) and parity gaps per group of a decisions table (CSV, TSV or JSONL)',
  async run(args, io) {
    const file = requiredOption(args, 'decisions');
    const columns = decisionColumns(args);
    const rule = ruleOptions(args);
    const excludeSmall = flagOption(args, 'exclude-small');
    const format = formatOption(args);
    const ci = ciOptions(args);
    const historical = historicalOption(args);
    const decisions = await parseInput(io, file, (text) => readDecisions(readRecordTable(text, format ?? tableFormatOf(file, text)), columns));
    const createdAt = new Date().toISOString();
    const results = auditOutcomes(decisions, { ...rule, excludeSmall }, ci);
    // The report's Data section: the audit's date and the file audited (its name, size, SHA-256).
    const bytes = io.readBytes ? await io.readBytes(file) : new TextEncoder().encode(await io.readText(file));
    const stated = { created_at: createdAt, source: outcomesSource(file, bytes), ...(historical === undefined ? {} : { historical }) };
    // The rule in words and whether it can tell anything (a rule that selects everyone passes no one).
    const informativeness = ruleInformativeness(results);
    return withNulls({ ...results, ...stated, rule: { text: describeRule(results.decision), ...informativeness } });
  },
};
