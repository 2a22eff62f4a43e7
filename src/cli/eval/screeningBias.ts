import type { Command } from '../command.ts';
import { integerOption, requiredOption } from '../args.ts';
import { InputError } from '../errors.ts';
import { parseScreeningScores } from '../../core/formats/screeningScores.ts';
import { evalScreeningBias } from '../../core/audit/eval/index.ts';
import { CI_OPTIONS, ciOptions } from './bootstrapOption.ts';
import { parseInput } from './parseInput.ts';

/**
 * Reads `--reference gender=male,ethnicity=white`.
 * @throws {InputError} when missing or malformed.
 */
export function parseReference(text: string): Record<string, string> {
  const reference: Record<string, string> = {};
  for (const part of text.split(',')) {
    const [attribute, group, extra] = part.split('=').map((s) => s.trim());
    if (!attribute || !group || extra !== undefined) throw new InputError(`--reference must look like gender=male,ethnicity=white, got "${text}"`);
    reference[attribute] = group;
  }
  return reference;
}

/**
 * `fairground eval screening-bias`: counterfactual bias of a decision model
 * (METRICS.md §4). Output: `effects`, one
 * `{attribute, group, signal, delta_score, delta_rank, excl@k, n_cvs}` per
 * non-reference group, and `noise_floor`, the same for each noise
 * perturbation (attribute `noise`, against the original) and each implicit
 * group's second name (kind `second-name`, against its first name). With
 * --bootstrap, numbers become {mean, ci} (resampling CVs, paired) and each
 * effect gets `p` (paired bootstrap of ΔScore) and `q` (Benjamini–Hochberg
 * over the effects of this model; the noise floor is not in the family).
 */
export const screeningBiasCommand: Command = {
  name: 'screening-bias',
  options: { scores: { type: 'string', input: 'file' }, reference: { type: 'string' }, k: { type: 'string' }, ...CI_OPTIONS },
  usage: 'eval screening-bias --scores F --reference gender=male,ethnicity=white [--k 5] [--bootstrap B --seed S]',
  summary: 'Delta score, delta rank and Excl@k of counterfactual CV variants, beside the noise floor',
  async run(args, io) {
    const file = requiredOption(args, 'scores');
    const reference = parseReference(requiredOption(args, 'reference'));
    const k = integerOption(args, 'k', 5, 1);
    const ci = ciOptions(args);
    const pools = await parseInput(io, file, (text) => parseScreeningScores(text, reference));
    return evalScreeningBias(pools, { reference, k }, ci);
  },
};
