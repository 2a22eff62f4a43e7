// `npm run bench`: runs every scripts/bench/*.bench.ts, one after another, each
// in its own process (`node --expose-gc --import tsx FILE`, from the repository
// root), and writes the Markdown section each one emits into BENCHMARKS.md
// between its own markers (see lib/sections.mjs). Other sections are kept.
//
//   npm run bench                 all benchmarks
//   npm run bench -- metrics      only those whose name contains "metrics"
//   npm run bench -- --no-write   run, print, leave BENCHMARKS.md alone
//
// Protocol for a bench file NAME.bench.ts: it receives BENCH_NAME and
// BENCH_SECTION_DIR in its environment and writes its section body (Markdown
// starting with a `##` heading) to $BENCH_SECTION_DIR/NAME.md (lib/section.ts
// does this). A bench that exits non-zero has its section written anyway when
// it produced one (so a failed check is recorded), and the runner exits 1.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_HEADER, replaceSection } from './lib/sections.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = join(benchDir, '..', '..');
const target = join(root, 'BENCHMARKS.md');

const args = process.argv.slice(2);
const write = !args.includes('--no-write');
const filters = args.filter((a) => !a.startsWith('--'));

const files = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()
  .filter((f) => filters.length === 0 || filters.some((w) => f.includes(w)));
if (files.length === 0) {
  console.error(`no benchmark matches ${filters.join(', ') || '*.bench.ts'} in ${relative(root, benchDir)}`);
  process.exit(1);
}

const sectionDir = mkdtempSync(join(tmpdir(), 'fairground-bench-'));
const failed = [];
try {
  for (const file of files) {
    const name = basename(file, '.bench.ts');
    console.log(`\n=== bench ${name} (${relative(root, join(benchDir, file))}) ===`);
    const t0 = performance.now();
    const res = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(benchDir, file)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BENCH_NAME: name, BENCH_SECTION_DIR: sectionDir },
    });
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    const ok = res.status === 0;
    if (!ok) failed.push(name);
    console.log(`=== ${name}: ${ok ? 'done' : `FAILED (exit ${res.status ?? res.signal})`} in ${seconds} s ===`);
    const sectionFile = join(sectionDir, `${name}.md`);
    if (write && existsSync(sectionFile)) {
      // Read the file just before writing, so edits made meanwhile are kept.
      const current = existsSync(target) ? readFileSync(target, 'utf8') : DEFAULT_HEADER;
      writeFileSync(target, replaceSection(current, name, readFileSync(sectionFile, 'utf8')));
      console.log(`=== wrote section "${name}" of ${relative(root, target)} ===`);
    } else if (write) {
      console.log(`=== ${name} emitted no section; ${relative(root, target)} unchanged for it ===`);
    }
  }
} finally {
  rmSync(sectionDir, { recursive: true, force: true });
}
if (failed.length > 0) {
  console.error(`\nbenchmarks failed: ${failed.join(', ')}`);
  process.exit(1);
}
