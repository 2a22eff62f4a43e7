import type { Command } from './command.ts';
import { runCommand } from './run.ts';
import { paretoCommand } from './pareto.ts';

/** Top-level commands other than `eval` (run, pareto). Add new ones here. */
export const topCommands: readonly Command[] = [runCommand, paretoCommand];
