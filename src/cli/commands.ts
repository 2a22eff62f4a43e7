import type { Command } from './command.ts';
import { runCommand } from './run.ts';
import { paretoCommand } from './pareto.ts';
import { exportForScoringCommand } from './exportForScoring.ts';
import { makeDatasetCommand } from './makeDataset.ts';
import { checkCommand } from './compare/check.ts';
import { compareCommand } from './compare/compare.ts';
import { reportCommand } from './report.ts';

/** Top-level commands other than `eval` (run, export-for-scoring, make-dataset, pareto, compare, check, report). Add new ones here. */
export const topCommands: readonly Command[] = [runCommand, exportForScoringCommand, makeDatasetCommand, paretoCommand, compareCommand, checkCommand, reportCommand];
