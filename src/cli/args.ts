import { InputError } from './errors.ts';

/** Parsed command line: positional words and `--name value` / `--flag` options. */
export interface ParsedArgs {
  readonly positional: string[];
  readonly options: ReadonlyMap<string, string | true>;
}

/**
 * Splits argv into positional words and options. `--name=value` and
 * `--name value` both work; an option followed by another option (or by
 * nothing) is a boolean flag.
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (!word.startsWith('--')) {
      positional.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    if (eq > 0) {
      options.set(word.slice(2, eq), word.slice(eq + 1));
    } else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) {
      options.set(word.slice(2), argv[++i]);
    } else {
      options.set(word.slice(2), true);
    }
  }
  return { positional, options };
}

/** A string option, or `fallback` when absent. @throws {InputError} when given as a bare flag. */
export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.options.get(name);
  if (value === true) throw new InputError(`--${name} needs a value`);
  return value;
}

/** A required string option. @throws {InputError} when missing. */
export function requiredOption(args: ParsedArgs, name: string): string {
  const value = stringOption(args, name);
  if (value === undefined) throw new InputError(`missing --${name}`);
  return value;
}

/** A numeric option. @throws {InputError} when not a finite number. */
export function numberOption(args: ParsedArgs, name: string, fallback: number): number {
  const value = stringOption(args, name);
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new InputError(`--${name} must be a number, got "${value}"`);
  return n;
}

/** A comma-separated list of positive integers, e.g. `--k 10,100`. */
export function intListOption(args: ParsedArgs, name: string, fallback: number[]): number[] {
  const value = stringOption(args, name);
  if (value === undefined) return fallback;
  const list = value.split(',').map((s) => Number(s.trim()));
  if (list.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new InputError(`--${name} must be positive integers separated by commas, got "${value}"`);
  }
  return list;
}
