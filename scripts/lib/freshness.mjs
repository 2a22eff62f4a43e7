// Is dist/ older than the sources it is built from? Used by `npm start` and
// the e2e harness to build only when needed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// scripts/lib: vite.config.ts builds the Content-Security-Policy from scripts/lib/csp.mjs.
const SOURCES = ['src', 'workers', 'public', 'datasets', 'index.html', 'vite.config.ts', 'svelte.config.js', 'package.json', 'scripts/lib'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** True when dist/ (site) or dist-cli/ is missing or older than any source. */
export function buildIsStale(root = '.') {
  const marks = [join(root, 'dist/index.html'), join(root, 'dist-cli/fairground.js')];
  if (!marks.every(existsSync)) return true;
  const built = Math.min(...marks.map((m) => statSync(m).mtimeMs));
  return SOURCES.some((s) => newestMtime(join(root, s)) > built);
}
