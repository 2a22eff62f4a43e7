/**
 * A test run's temporary folder (TMPDIR for the test processes, removed at the end of the run:
 * test/scratchTmp.ts for the unit tests, test/e2e/run.mjs for the e2e files), with tsx's folder
 * linked to the system's: tsx keeps its transform cache in os.tmpdir()/tsx-<euid> (node_modules/tsx),
 * so the processes the tests start with `--import tsx` compile from a warm cache run after run
 * instead of from nothing. Removing the run's folder removes the link, not the cache.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** @param {string} prefix @returns {{ dir: string, remove(): void }} */
export function makeScratchTmp(prefix) {
  const system = tmpdir();
  const dir = mkdtempSync(join(system, prefix));
  const tsx = `tsx-${process.geteuid ? process.geteuid() : userInfo().username}`;
  try {
    mkdirSync(join(system, tsx), { recursive: true });
    symlinkSync(join(system, tsx), join(dir, tsx));
  } catch {
    // no link: tsx makes its folder inside the run's, and compiles from nothing
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
