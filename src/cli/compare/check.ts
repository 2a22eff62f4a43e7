/**
 * `fairground check --results R.json --require 'iou@10>=0.8' …`: a release
 * gate. Each rule is evaluated on every task · model of the results (on the
 * point estimate, or a bound of the 95% CI with --on); exit 0 when all pass,
 * 1 when any fails, 2 on a bad rule or input (core/audit/compare/rules.ts).
 */
import { ExitWith, TextOutput, type Command } from '../command.ts';
import { outputFormat, requiredOption, stringOption } from '../args.ts';
import { InputError } from '../errors.ts';
import { readJsonInput } from '../jsonInput.ts';
import { RULE_ON, baselineMismatch, checkRules, comparedRows, formatChange, parseRule, rulesOf, type CheckOutcome, type Rule, type RuleOn } from '../../core/audit/compare/index.ts';
import { readResultsFile } from './resultsFile.ts';
import { textTable } from './textTable.ts';

/** The outcome as text: one line per rule and row, then the verdict. */
export function checkTable(outcome: CheckOutcome): string {
  const rows = outcome.outcomes.map((o) => [o.rule, o.on, o.row, Number.isNaN(o.value) ? 'n/a' : String(o.value), Number.isNaN(o.threshold) ? 'n/a' : String(o.threshold), o.pass ? 'pass' : 'FAIL']);
  const verdict = outcome.pass ? `all ${outcome.passed} passed` : `${outcome.failed} of ${outcome.outcomes.length} failed`;
  return `${textTable(['rule', 'on', 'model', 'value', 'threshold', 'result'], rows)}\n\n${verdict}\n`;
}

/** The gate's JSON: numbers as they are, NaN as null. */
function jsonOf(outcome: CheckOutcome, results: string, baseline: string | undefined) {
  const n = (x: number) => (Number.isNaN(x) ? null : x);
  return {
    results,
    baseline: baseline ?? null,
    rules: outcome.outcomes.map((o) => ({ ...o, value: n(o.value), threshold: n(o.threshold), ...(o.baseline === undefined ? {} : { baseline: n(o.baseline) }) })),
    passed: outcome.passed,
    failed: outcome.failed,
    pass: outcome.pass,
  };
}

export const checkCommand: Command = {
  name: 'check',
  options: {
    results: { type: 'string', input: 'file' },
    baseline: { type: 'string', input: 'file' },
    require: { type: 'string', multiple: true },
    rules: { type: 'string', input: 'file' },
    on: { type: 'string' },
    format: { type: 'string' },
  },
  usage: "check --results R.json [--baseline A.json] --require 'iou@10>=0.8' [--require 'rank_shift<=baseline+2' …] [--rules rules.json] [--on point|ci-lower|ci-upper] [--format json|table] [--out F]",
  summary: 'release gate: evaluates rules on a results file; exit 0 all pass, 1 any fails, 2 bad rule or input',
  async run(args, io) {
    const resultsFile = requiredOption(args, 'results');
    const baselineFile = stringOption(args, 'baseline');
    const format = outputFormat(args, io.isTerminal);
    const on = (stringOption(args, 'on') ?? 'point') as RuleOn;
    if (!RULE_ON.includes(on)) throw new InputError(`--on must be one of ${RULE_ON.join(', ')}, got "${on}"`);
    const rules: Rule[] = [];
    try {
      for (const text of args.repeated?.get('require') ?? []) {
        if (text === true) throw new RangeError('--require needs a rule, e.g. --require "iou@10>=0.8"');
        rules.push(parseRule(text));
      }
    } catch (e) {
      throw new InputError((e as Error).message);
    }
    const rulesFile = stringOption(args, 'rules');
    if (rulesFile) {
      const value = readJsonInput(await io.readText(rulesFile), rulesFile);
      try {
        rules.push(...rulesOf(value));
      } catch (e) {
        throw new InputError((e as Error).message, rulesFile);
      }
    }
    if (rules.length === 0) throw new InputError('no rules: give --require RULE (or --rules FILE)');
    const runs = [await readResultsFile(io, resultsFile), ...(baselineFile ? [await readResultsFile(io, baselineFile)] : [])];
    const data = comparedRows(runs);
    // A baseline of another dataset, audit kind or task is refused, never matched to some other row.
    const mismatch = baselineFile ? baselineMismatch(data, 0, 1) : undefined;
    if (mismatch) throw new InputError(`${mismatch} (--baseline ${baselineFile}, --results ${resultsFile})`);
    let outcome: CheckOutcome;
    try {
      outcome = checkRules(data, rules, { run: 0, on, ...(baselineFile ? { baselineRun: 1 } : {}) });
    } catch (e) {
      if (e instanceof RangeError) throw new InputError(e.message, resultsFile);
      throw e;
    }
    const code = outcome.pass ? 0 : 1;
    return new ExitWith(format === 'table' ? new TextOutput(checkTable(outcome)) : jsonOf(outcome, resultsFile, baselineFile), code);
  },
};
