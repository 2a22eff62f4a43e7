/**
 * The command line as each command declares it, parsed by Node's own
 * argument parser (`node:util` parseArgs, strict): an unknown or misspelt
 * option is an error with a suggestion (`unknown option --thresold (did you
 * mean --threshold?)`), a value-taking option without its value says so,
 * and `--seed -5` reads as a negative number (Node's parser would call it
 * ambiguous).
 */
import { parseArgs as nodeParseArgs, type ParseArgsConfig } from 'node:util';
import type { ParsedArgs } from './args.ts';
import { InputError } from './errors.ts';

/** What an input path must be: a readable regular file, a readable folder, or either. */
export type InputKind = 'file' | 'folder' | 'file-or-folder';

/** One option: a value (`string`, repeatable with `multiple`) or a flag (`boolean`). */
export interface OptionRule {
  readonly type: 'string' | 'boolean';
  readonly multiple?: boolean;
  /**
   * The value names an input the command reads: main checks it before the command runs
   * (it exists, is readable, is a file or folder as declared, and is not a FIFO or device).
   */
  readonly input?: InputKind;
  /** The value is `NAME=PATH` (`--scores bm25=run.tsv`): the path is what follows the first `=`. */
  readonly named?: boolean;
  /** Values with this prefix are not paths (`--dataset hf:owner/name`). */
  readonly notPathPrefix?: string;
}

/** The options a command takes. */
export type OptionSpec = Readonly<Record<string, OptionRule>>;

/** The input paths of the parsed options, each with the option that gave it and what it must be. */
export function inputPaths(args: ParsedArgs, spec: OptionSpec): { option: string; path: string; kind: InputKind }[] {
  const out: { option: string; path: string; kind: InputKind }[] = [];
  for (const [option, rule] of Object.entries(spec)) {
    if (!rule.input) continue;
    const values = args.repeated?.get(option) ?? (args.options.has(option) ? [args.options.get(option)!] : []);
    for (const value of values) {
      if (value === true || value === '') continue;
      if (rule.notPathPrefix && value.startsWith(rule.notPathPrefix)) continue;
      const at = rule.named ? value.indexOf('=') : -1;
      // A named value without `=` is the command's own error to report (it says what the form is).
      if (rule.named && at <= 0) continue;
      const path = rule.named ? value.slice(at + 1).trim() : value;
      if (path !== '') out.push({ option, path, kind: rule.input });
    }
  }
  return out;
}

/** What every command takes. */
export const GLOBAL_OPTIONS: OptionSpec = Object.freeze({ out: { type: 'string' }, help: { type: 'boolean' }, version: { type: 'boolean' } });

/** Edit distance (insert, delete, substitute, swap two neighbours). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The declared option nearest to `name` (at most 2 edits, or a prefix), if any.
 * @example suggestOption('thresold', ['threshold', 'k']) // 'threshold'
 */
export function suggestOption(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const k of known) {
    const d = k.startsWith(name) || name.startsWith(k) ? Math.min(1, distance(name, k)) : distance(name, k);
    if (d <= 2 && (!best || d < best.d)) best = { name: k, d };
  }
  return best?.name;
}

/**
 * `--name -5` → `--name=-5` for value-taking options, so a negative number is a value, not an option.
 * @throws {InputError} for a word after a flag (`--exclude-small yes`): flags take no value.
 */
function joinNegativeValues(argv: readonly string[], spec: OptionSpec): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    const name = word.startsWith('--') && !word.includes('=') ? word.slice(2) : undefined;
    const next = argv[i + 1];
    if (name !== undefined && spec[name]?.type === 'string' && /^-\d/.test(next ?? '')) out.push(`${word}=${argv[++i]}`);
    else if (name !== undefined && spec[name]?.type === 'boolean' && next !== undefined && !next.startsWith('-')) throw new InputError(`--${name} takes no value, got "${next}"`);
    else out.push(word);
  }
  return out;
}

/**
 * Parses a command's arguments against its declared options (and the global ones).
 * @throws {InputError} for an unknown option (with the nearest known one), a missing value, or a value given to a flag.
 */
export function parseCommandArgs(argv: readonly string[], spec: OptionSpec): ParsedArgs {
  const all: OptionSpec = { ...GLOBAL_OPTIONS, ...spec };
  let parsed: ReturnType<typeof nodeParseArgs>;
  try {
    const options: ParseArgsConfig['options'] = Object.fromEntries(Object.entries(all).map(([name, r]) => [name, r.multiple ? { type: r.type, multiple: true } : { type: r.type }]));
    parsed = nodeParseArgs({ args: joinNegativeValues(argv, all), options, strict: true, allowPositionals: true });
  } catch (e) {
    const message = (e as Error).message;
    const name = /'--?([^' <]+)/.exec(message)?.[1] ?? '';
    const code = (e as { code?: string }).code;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const near = suggestOption(name, Object.keys(all));
      throw new InputError(`unknown option --${name}${near ? ` (did you mean --${near}?)` : ''}; see --help`);
    }
    if (/argument missing/.test(message)) throw new InputError(`--${name} needs a value`);
    if (/does not take an argument/.test(message)) throw new InputError(`--${name} takes no value`);
    throw new InputError(message.split('\n')[0]);
  }
  if (parsed.positionals.length > 0) throw new InputError(`unexpected argument "${parsed.positionals[0]}": every input is given by an option (see --help)`);
  const options = new Map<string, string | true>();
  const repeated = new Map<string, (string | true)[]>();
  for (const [name, value] of Object.entries(parsed.values)) {
    const list = (Array.isArray(value) ? value : [value]).map((v) => (v === true ? true : String(v)));
    const kept = list.filter((v): v is string | true => v !== (false as unknown));
    if (kept.length === 0) continue;
    options.set(name, kept[kept.length - 1]);
    repeated.set(name, kept);
  }
  return { positional: parsed.positionals, options, repeated };
}
