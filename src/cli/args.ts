import { strictNumber } from '../core/formats/strictNumber.ts';
import { InputError } from './errors.ts';

/** Parsed command line: positional words and `--name value` / `--flag` options. */
export interface ParsedArgs {
  readonly positional: string[];
  readonly options: ReadonlyMap<string, string | true>;
  /**
   * Every value of each option, in order, for repeatable options
   * (`--model a --model b`); `options` keeps the last one. Absent on
   * hand-built ParsedArgs, where `options` is used instead.
   */
  readonly repeated?: ReadonlyMap<string, readonly (string | true)[]>;
}

/**
 * Splits argv into positional words and options. `--name=value` and
 * `--name value` both work; an option followed by another option (or by
 * nothing) is a boolean flag.
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  const repeated = new Map<string, (string | true)[]>();
  const set = (name: string, value: string | true) => {
    options.set(name, value);
    const list = repeated.get(name);
    if (list) list.push(value);
    else repeated.set(name, [value]);
  };
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (!word.startsWith('--')) {
      positional.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    if (eq > 0) {
      set(word.slice(2, eq), word.slice(eq + 1));
    } else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) {
      set(word.slice(2), argv[++i]);
    } else {
      set(word.slice(2), true);
    }
  }
  return { positional, options, repeated };
}

/** A string option, or `fallback` when absent. @throws {InputError} when given as a bare flag. */
export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.options.get(name);
  if (value === true) throw new InputError(`--${name} needs a value`);
  return value;
}

/**
 * `--format json|table`: the output's form; without it a table on a terminal (when stdout is
 * not sent to `--out`), JSON otherwise (`compare`, `check`). @throws {InputError} for another value.
 */
export function outputFormat(args: ParsedArgs, isTerminal: boolean | undefined): 'json' | 'table' {
  const format = stringOption(args, 'format') ?? (isTerminal && !args.options.has('out') ? 'table' : 'json');
  if (format !== 'json' && format !== 'table') throw new InputError(`--format must be json or table, got "${format}"`);
  return format;
}

/** A required string option. @throws {InputError} when missing. */
export function requiredOption(args: ParsedArgs, name: string): string {
  const value = stringOption(args, name);
  if (value === undefined) throw new InputError(`missing --${name}`);
  return value;
}

/** A numeric option, read by strictNumber's rule (`0x10`, `1e`, `Infinity` refused). @throws {InputError} when not a finite number. */
export function numberOption(args: ParsedArgs, name: string, fallback: number): number {
  const value = stringOption(args, name);
  if (value === undefined) return fallback;
  const n = strictNumber(value);
  if (n === undefined) throw new InputError(`--${name} must be a number, got "${value}"`);
  return n;
}

/** An integer option ≥ min, or `fallback` when absent. @throws {InputError} otherwise. */
export function integerOption(args: ParsedArgs, name: string, fallback: number, min: number): number {
  const value = stringOption(args, name);
  if (value === undefined) return fallback;
  const n = strictNumber(value);
  if (n === undefined || !Number.isInteger(n) || n < min) throw new InputError(`--${name} must be an integer ≥ ${min}, got "${value}"`);
  return n;
}

/** `--seed S`: any integer (negative too), `fallback` when absent. @throws {InputError} otherwise. */
export function seedOption(args: ParsedArgs, fallback = 0): number {
  const value = stringOption(args, 'seed');
  if (value === undefined) return fallback;
  const n = strictNumber(value);
  if (n === undefined || !Number.isInteger(n)) throw new InputError(`--seed must be an integer, got "${value}"`);
  return n;
}

/** A comma-separated list of positive integers, e.g. `--k 10,100`. */
export function intListOption(args: ParsedArgs, name: string, fallback: number[]): number[] {
  const value = stringOption(args, name);
  if (value === undefined) return fallback;
  const list = value.split(',').map((s) => strictNumber(s.trim()) ?? NaN);
  if (list.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new InputError(`--${name} must be positive integers separated by commas, got "${value}"`);
  }
  return list;
}

/**
 * All values of a repeatable option, each split on commas, empty items
 * dropped: `--model a,b --model c` gives ['a', 'b', 'c']. [] when absent.
 * @throws {InputError} when one occurrence is a bare flag.
 */
export function listOption(args: ParsedArgs, name: string): string[] {
  const values = args.repeated?.get(name) ?? (args.options.has(name) ? [args.options.get(name)!] : []);
  return values.flatMap((v) => {
    if (v === true) throw new InputError(`--${name} needs a value`);
    return v.split(',').map((s) => s.trim()).filter((s) => s !== '');
  });
}

/** `--device`: only `cpu` in Node. @throws {InputError} for anything else. */
export function deviceOption(args: ParsedArgs): 'cpu';
export function deviceOption(args: ParsedArgs, wasmAllowed: true): 'cpu' | 'wasm';
export function deviceOption(args: ParsedArgs, wasmAllowed = false): 'cpu' | 'wasm' {
  const device = stringOption(args, 'device') ?? 'cpu';
  if (device === 'wasm' && wasmAllowed) return device;
  if (device !== 'cpu') {
    throw new InputError(`--device must be cpu in Node (WebGPU and WASM are the browser's${wasmAllowed ? '' : '; an LLM screener alone, --model llm:DIR, also runs on --device wasm'}), got "${device}"`);
  }
  return device;
}

/**
 * `--scores NAME=FILE` (repeatable; or `option`, e.g. `--vectors`): an outside system's file, read through `read`.
 * @throws {InputError} for a value without `NAME=`, or a name given twice.
 */
export async function scoresOption(
  args: ParsedArgs,
  read: (path: string) => Promise<string>,
  option = 'scores',
  digest?: (path: string) => Promise<string>,
): Promise<{ name: string; file: string; text: string; sha256?: string }[]> {
  const values = args.repeated?.get(option) ?? (args.options.has(option) ? [args.options.get(option)!] : []);
  const out: { name: string; file: string; text: string; sha256?: string }[] = [];
  for (const v of values) {
    if (v === true) throw new InputError(`--${option} needs a value: NAME=FILE`);
    const at = v.indexOf('=');
    if (at <= 0 || at === v.length - 1) throw new InputError(`--${option} must be NAME=FILE (the name the results give the system), got "${v}"`);
    const name = v.slice(0, at).trim();
    if (out.some((s) => s.name === name)) throw new InputError(`--${option} names "${name}" twice`);
    const file = v.slice(at + 1).trim();
    out.push({ name, file, text: await read(file), sha256: await digest?.(file) });
  }
  return out;
}
