import type { ParsedArgs } from '../args.ts';
import { stringOption } from '../args.ts';
import { InputError } from '../errors.ts';
import type { CiOptions } from '../../core/audit/eval/ciReport.ts';

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
  const resamples = Number(b);
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new InputError(`--bootstrap must be a positive integer, got "${b}"`);
  }
  const seed = s === undefined ? 0 : Number(s);
  if (!Number.isInteger(seed)) throw new InputError(`--seed must be an integer, got "${s}"`);
  return { resamples, seed };
}
