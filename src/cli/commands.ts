import type { Command } from './command.ts';

/** Top-level commands other than `eval` (run, pareto). Add new ones here. */
export const topCommands: readonly Command[] = [];
