import type { Command } from '../command.ts';
import { retrievalCommand } from './retrieval.ts';
import { classificationCommand } from './classification.ts';
import { twinsCommand } from './twins.ts';
import { consistencyCommand } from './consistency.ts';
import { screeningBiasCommand } from './screeningBias.ts';
import { tasksCommand } from './tasks.ts';
import { outcomesCommand } from './outcomes.ts';
import { correspondenceCommand } from './correspondence.ts';
import { agreementCommand } from './agreement.ts';
import { exposureCommand } from './exposure.ts';

/**
 * The `fairground eval <kind>` commands (DESIGN.md, "Headless command line").
 * Each lives in its own file; add new ones here.
 */
export const evalCommands: readonly Command[] = [
  retrievalCommand,
  classificationCommand,
  twinsCommand,
  consistencyCommand,
  screeningBiasCommand,
  tasksCommand,
  outcomesCommand,
  correspondenceCommand,
  agreementCommand,
  exposureCommand,
];
