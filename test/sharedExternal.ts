/**
 * The shared reference data some tests read (`../shared/external/<name>`, beside the clone): real
 * public datasets that are not in this repository. A newcomer's clone may not have them, so a
 * test that needs one is skipped there, with ONE line saying which tests and why; under
 * `CI=true` its absence is an error instead, so CI can never pass without running them.
 * `FAIRGROUND_SHARED_DIR` points elsewhere (the tests of this helper use it to fake a missing
 * folder). Used by the vitest and the node:test (e2e) suites alike, so it imports neither.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

export interface SharedExternal {
  /** The folder, e.g. `/work/shared/external/beir-dbpedia-entity-subset`. */
  readonly dir: string;
  /** Why the tests that need the folder are skipped (it is absent and CI is not set), else false. */
  readonly skip: string | false;
  /**
   * A path inside the folder.
   * @throws {Error} when the folder is absent (under CI=true: the test fails, saying why).
   */
  path(...parts: string[]): string;
}

/** The shared folder: `FAIRGROUND_SHARED_DIR`, else `../shared` from the working directory (the repository root). */
export function sharedDir(env: Env = process.env): string {
  return resolve(env.FAIRGROUND_SHARED_DIR || '../shared');
}

/**
 * The shared external dataset `name`, for the tests titled `tests`.
 * @param log where the one skip line goes (stderr).
 * @example const beir = sharedExternal('beir-dbpedia-entity-subset', ['imports a plain MTEB folder']);
 *   it.skipIf(beir.skip !== false)('imports a plain MTEB folder', () => read(beir.path('corpus.jsonl')));
 */
export function sharedExternal(
  name: string,
  tests: readonly string[],
  env: Env = process.env,
  log: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
): SharedExternal {
  const dir = join(sharedDir(env), 'external', name);
  const present = existsSync(dir);
  const path = (...parts: string[]) => {
    if (!present) {
      throw new Error(`${dir} is absent: CI=true needs the shared reference data (put it at ../shared or set FAIRGROUND_SHARED_DIR)`);
    }
    return join(dir, ...parts);
  };
  if (present || env.CI === 'true') return { dir, skip: false, path };
  const skip = `skipped ${tests.map((t) => `"${t}"`).join(', ')}: ${dir} is absent (put the shared reference data at ../shared or set FAIRGROUND_SHARED_DIR)`;
  log(skip);
  return { dir, skip, path };
}
