/**
 * The test runs' temporary files in one folder of their own, removed when the run ends (vitest's
 * globalSetup; test/e2e/run.mjs does the same for the e2e files): tests that write files under
 * os.tmpdir() and leave them (fixtures, exports, score shards) no longer pile up in /tmp run after
 * run — about 200 MB a run of `npm test` before. TMPDIR is what os.tmpdir() reads, in the
 * runner and in every worker and child process it starts (tsx's cache stays where it was:
 * test/scratchDir.mjs).
 */
import { makeScratchTmp } from './scratchDir.mjs';

/** Set while a run's folder is in place: each Vitest project runs the global setup, the first one makes the folder. */
const MARK = 'FAIRGROUND_TEST_TMPDIR';

export default function setup(): () => void {
  if (process.env[MARK]) return () => undefined;
  const before = process.env.TMPDIR;
  const { dir, remove } = makeScratchTmp('fairground-unit-');
  process.env.TMPDIR = dir;
  process.env[MARK] = dir;
  return () => {
    delete process.env[MARK];
    remove();
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  };
}
