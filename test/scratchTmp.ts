/**
 * The test runs' temporary files in one folder of their own, removed when the run ends (vitest's
 * globalSetup; test/e2e/run.mjs does the same for the e2e files): tests that write files under
 * os.tmpdir() and leave them (fixtures, exports, score shards) no longer pile up in /tmp run after
 * run — about 200 MB a run of `npm test` before. TMPDIR is what os.tmpdir() reads, in the
 * runner and in every worker and child process it starts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Set while a run's folder is in place: each Vitest project runs the global setup, the first one makes the folder. */
const MARK = 'FAIRGROUND_TEST_TMPDIR';

export default function setup(): () => void {
  if (process.env[MARK]) return () => undefined;
  const before = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), 'fairground-unit-'));
  process.env.TMPDIR = dir;
  process.env[MARK] = dir;
  return () => {
    delete process.env[MARK];
    rmSync(dir, { recursive: true, force: true });
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  };
}
