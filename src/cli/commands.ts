import type { Command } from './command.ts';
import { runCommand } from './run.ts';
import { paretoCommand } from './pareto.ts';
import { exportForScoringCommand } from './exportForScoring.ts';
import { makeDatasetCommand } from './makeDataset.ts';

/** Top-level commands other than `eval` (run, export-for-scoring, make-dataset, pareto). Add new ones here. */
export const topCommands: readonly Command[] = [runCommand, exportForScoringCommand, makeDatasetCommand, paretoCommand];
