import type { Command } from '../command.ts';

/**
 * The `fairground eval <kind>` commands (DESIGN.md, "Headless command line").
 * Each lives in its own file; add new ones here.
 */
export const evalCommands: readonly Command[] = [];
