import { integerOption, seedOption, stringOption, type ParsedArgs } from '../args.ts';
import { InputError } from '../errors.ts';
import type { OptionSpec } from '../strictArgs.ts';
import type { CiOptions } from '../../core/audit/common/index.ts';

/** The options ciOptions reads, for a command's option spec (`options: { …, ...CI_OPTIONS }`). */
export const CI_OPTIONS: OptionSpec = Object.freeze({ bootstrap: { type: 'string' }, seed: { type: 'string' } });

/**
 * Reads `--bootstrap B` (a positive integer) and `--seed S` (an integer,
 * default 0). undefined when --bootstrap is absent.
 * @throws {InputError} for a malformed B or S, or --seed without --bootstrap.
 */
export function ciOptions(args: ParsedArgs): CiOptions | undefined {
  const b = stringOption(args, 'bootstrap');
  const s = stringOption(args, 'seed');
  if (b === undefined) {
    if (s !== undefined) throw new InputError('--seed needs --bootstrap B');
    return undefined;
  }
  return { resamples: integerOption(args, 'bootstrap', 0, 1), seed: seedOption(args) };
}
