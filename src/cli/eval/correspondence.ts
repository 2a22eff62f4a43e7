import type { Command } from '../command.ts';
import { integerOption, requiredOption, seedOption } from '../args.ts';
import { leaderboardCorrespondence } from '../../core/audit/tasks/index.ts';
import { parseLeaderboard } from '../../core/formats/leaderboard.ts';
import { parseInput } from './parseInput.ts';
import { withNulls } from './jsonNulls.ts';

/**
 * `fairground eval correspondence`: how two leaderboards of the same systems
 * agree (core/audit/tasks/correspondence.ts): Spearman ρ (average
 * ranks), direction agreement over system pairs (ties in the denominator)
 * and the permutation p-value of ρ (exact for ≤ 8 systems, else seeded
 * Monte Carlo with --resamples, --seed).
 */
export const correspondenceCommand: Command = {
  name: 'correspondence',
  options: { a: { type: 'string', input: 'file' }, b: { type: 'string', input: 'file' }, seed: { type: 'string' }, resamples: { type: 'string' } },
  usage: 'eval correspondence --a F --b F [--seed S] [--resamples N]',
  summary: "Spearman ρ, direction agreement and the permutation p-value of two leaderboards ({system: score} JSON)",
  async run(args, io) {
    const a = await parseInput(io, requiredOption(args, 'a'), parseLeaderboard);
    const b = await parseInput(io, requiredOption(args, 'b'), parseLeaderboard);
    return withNulls(leaderboardCorrespondence(a, b, seedOption(args), integerOption(args, 'resamples', 10000, 1)));
  },
};
