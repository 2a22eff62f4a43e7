/**
 * Release gates (`fairground check`): rules such as `impact_ratio>=0.8`,
 * `iou@10>=0.8` or `rank_shift<=baseline+2`, each evaluated on every row of
 * a results object (every task · model) on the point estimate or on a bound
 * of its 95% CI. A rule's right side is a number, or `baseline` — the point
 * estimate of the same metric in the matching row of a baseline results
 * object (matchRows.ts `baselineRowOf`) — with an optional `+x`, `-x` or `*x`.
 */
import { strictNumber } from '../../formats/strictNumber.ts';
import { baselineRowOf } from './matchRows.ts';
import { reportedMetrics } from './paired.ts';
import { rowLabel, type ComparedRows } from './rows.ts';

/** Which number of a statistic a rule reads. */
export type RuleOn = 'point' | 'ci-lower' | 'ci-upper';
export const RULE_ON: readonly RuleOn[] = Object.freeze(['point', 'ci-lower', 'ci-upper']);

export type RuleOperator = '>=' | '<=' | '>' | '<';

/** A parsed rule. */
export interface Rule {
  /** As written. */
  readonly text: string;
  readonly metric: string;
  readonly op: RuleOperator;
  readonly bound: { readonly kind: 'number'; readonly value: number } | { readonly kind: 'baseline'; readonly op: '+' | '-' | '*'; readonly value: number };
  /** The rule's own `on` (from a rules file), overriding the command's. */
  readonly on?: RuleOn;
}

const RULE = /^\s*([A-Za-z_|][A-Za-z0-9_@|.-]*)\s*(>=|<=|≥|≤|>|<)\s*(.*?)\s*$/;
const BASELINE = /^baseline(?:\s*([+*-])\s*(.+))?$/;

/**
 * Parses `metric op bound`: metric names are case-insensitive (`IoU@10` is
 * `iou@10`), operators `>=`, `<=`, `>`, `<` (or ≥, ≤), bounds a plain number
 * (core/formats/strictNumber.ts) or `baseline[+x|-x|*x]`.
 * @throws {RangeError} saying what is wrong with the rule.
 * @example parseRule('rank_shift<=baseline+2') // { text, metric: 'rank_shift', op: '<=', bound: { kind: 'baseline', op: '+', value: 2 } }
 */
export function parseRule(text: string, on?: RuleOn): Rule {
  const m = RULE.exec(text);
  if (!m) throw new RangeError(`rule "${text}": expected METRIC>=X, METRIC<=X, METRIC>X or METRIC<X (X a number or baseline, baseline+d, baseline-d, baseline*f)`);
  const op = (m[2] === '≥' ? '>=' : m[2] === '≤' ? '<=' : m[2]) as RuleOperator;
  const value = strictNumber(m[3]);
  const rest = { text, metric: m[1].toLowerCase(), op, ...(on ? { on } : {}) };
  if (value !== undefined) return { ...rest, bound: { kind: 'number', value } };
  const b = BASELINE.exec(m[3]);
  if (b) {
    if (b[1] === undefined) return { ...rest, bound: { kind: 'baseline', op: '+', value: 0 } };
    const x = strictNumber(b[2].trim());
    if (x !== undefined) return { ...rest, bound: { kind: 'baseline', op: b[1] as '+' | '-' | '*', value: x } };
  }
  throw new RangeError(`rule "${text}": the right side "${m[3]}" is not a number or baseline[+d|-d|*f]`);
}

/**
 * The rules of a rules file (parsed JSON): an array of rule strings or of
 * `{ "require": "…", "on"?: "ci-lower" }`, or an object `{ "on"?: …,
 * "require": [ … ] }` whose `on` applies to every rule without its own.
 * @throws {RangeError} for any other shape, or a rule parseRule refuses.
 */
export function rulesOf(value: unknown): Rule[] {
  const onOf = (v: unknown, at: string): RuleOn | undefined => {
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || !RULE_ON.includes(v as RuleOn)) throw new RangeError(`${at}: "on" must be one of ${RULE_ON.join(', ')}`);
    return v as RuleOn;
  };
  let list: unknown = value;
  let on: RuleOn | undefined;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    const unknown = Object.keys(o).filter((k) => k !== 'require' && k !== 'on');
    if (unknown.length > 0) throw new RangeError(`unknown key "${unknown[0]}": a rules file has "require" and "on"`);
    on = onOf(o.on, 'the rules file');
    list = o.require;
  }
  if (!Array.isArray(list)) throw new RangeError('expected an array of rules, or { "require": [rules], "on": … }');
  return list.map((item, i) => {
    if (typeof item === 'string') return parseRule(item, on);
    if (typeof item === 'object' && item !== null && typeof (item as { require?: unknown }).require === 'string') {
      const o = item as { require: string; on?: unknown };
      return parseRule(o.require, onOf(o.on, `rule ${i + 1}`) ?? on);
    }
    throw new RangeError(`rule ${i + 1}: expected a string or { "require": "…", "on": … }`);
  });
}

/** One rule on one row. */
export interface RuleOutcome {
  readonly rule: string;
  readonly metric: string;
  readonly on: RuleOn;
  /** `run · model`, and the task. */
  readonly row: string;
  readonly task: string;
  /** The number the rule read (NaN: undefined). */
  readonly value: number;
  /** The number it was held against. */
  readonly threshold: number;
  /** The baseline's point estimate, for a `baseline` rule. */
  readonly baseline?: number;
  readonly pass: boolean;
}

export interface CheckOutcome {
  readonly outcomes: readonly RuleOutcome[];
  readonly passed: number;
  readonly failed: number;
  readonly pass: boolean;
}

function holds(op: RuleOperator, value: number, threshold: number): boolean {
  switch (op) {
    case '>=':
      return value >= threshold;
    case '<=':
      return value <= threshold;
    case '>':
      return value > threshold;
    case '<':
      return value < threshold;
  }
}

/**
 * Evaluates every rule on every row of run `run` of `data` that reports the
 * rule's metric (an undefined value fails). `baselineRun` names the run a
 * `baseline` bound reads.
 * @throws {RangeError} for a metric no row of the run reports (listing those it does), a
 *   `baseline` rule without a baseline run, or a row without a matching baseline row or value.
 * @example checkRules(data, [parseRule('iou@10>=0.8')], { run: 0, on: 'ci-lower' }).pass
 */
export function checkRules(data: ComparedRows, rules: readonly Rule[], options: { readonly run: number; readonly on: RuleOn; readonly baselineRun?: number }): CheckOutcome {
  const rows = data.rows.map((r, i) => ({ r, i })).filter(({ r }) => r.run === options.run);
  const reported = reportedMetrics(rows.map(({ r }) => r));
  const outcomes: RuleOutcome[] = [];
  for (const rule of rules) {
    if (!reported.includes(rule.metric)) {
      throw new RangeError(`rule "${rule.text}": no metric "${rule.metric}" in the results; they report ${reported.join(', ') || 'none'}`);
    }
    if (rule.bound.kind === 'baseline' && options.baselineRun === undefined) throw new RangeError(`rule "${rule.text}" reads the baseline: give --baseline FILE`);
    const on = rule.on ?? options.on;
    for (const { r, i } of rows) {
      const c = r.values[rule.metric];
      if (!c) continue;
      const value = on === 'point' ? c.mean : on === 'ci-lower' ? c.ci[0] : c.ci[1];
      let threshold: number;
      let baseline: number | undefined;
      if (rule.bound.kind === 'number') threshold = rule.bound.value;
      else {
        const b = baselineRowOf(data, options.baselineRun!, i);
        if (typeof b === 'string') throw new RangeError(`rule "${rule.text}" on ${rowLabel(data.runs, data.rows, i)}: ${b}`);
        const v = data.rows[b].values[rule.metric];
        if (!v) throw new RangeError(`rule "${rule.text}": the baseline's ${rowLabel(data.runs, data.rows, b)} does not report "${rule.metric}"`);
        baseline = v.mean;
        const { op, value: x } = rule.bound;
        threshold = op === '+' ? baseline + x : op === '-' ? baseline - x : baseline * x;
      }
      const pass = !Number.isNaN(value) && !Number.isNaN(threshold) && holds(rule.op, value, threshold);
      outcomes.push({ rule: rule.text, metric: rule.metric, on, row: rowLabel(data.runs, data.rows, i), task: r.task, value, threshold, ...(baseline === undefined ? {} : { baseline }), pass });
    }
  }
  const failed = outcomes.filter((o) => !o.pass).length;
  return { outcomes, passed: outcomes.length - failed, failed, pass: failed === 0 };
}
