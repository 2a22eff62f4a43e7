/**
 * Time to results of the demo audit in headless Chromium, on each device
 * path: `webgpu` (--enable-unsafe-webgpu; in headless Chromium on a machine
 * without a GPU this is SwiftShader, a CPU emulation of a GPU: it shows the
 * path works, not a GPU's speed) and `wasm` (no flag: the WASM fallback).
 *
 * Per path, one fresh browser and context (empty storage): the home page,
 * `demo-run` clicked, time until `[data-testid="results-table"]` is shown
 * (the first run imports the bundled dataset, loads the models, embeds and
 * scores). Then, in the same context, the home page again and a second
 * demo run (dataset already imported, embeddings cached).
 *
 * Run: npm run bench -- demo   (BENCH_NO_BUILD=1 skips the stale-build check)
 *
 * Beside an earlier commit: BENCH_DEMO_BEFORE=<git ref> builds that commit's site in a git worktree
 * (fairground-demo-before/ in the OS's temporary folder, outside this checkout so that no test or
 * linter finds it; this checkout's node_modules linked in), serves it beside this one and
 * times first demo runs on the WASM path alternately, BENCH_DEMO_PAIRS pairs (default 3), each in
 * a fresh context (empty storage, cold HTTP cache): the ratio of the medians is the speed-up,
 * measured in one run on one machine.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildIfStale, launch, serve, type DevicePath } from './browser/chromium.ts';
import { emitSection, machine, machineMarkdown } from './lib/section.ts';

const m0 = machine();
const PATHS: readonly DevicePath[] = ['webgpu', 'wasm'];
const TIMEOUT_MS = 400_000;
const failures: string[] = [];
let chromiumVersion = 'unknown';

const buildMs = buildIfStale();
const site = await serve();
console.log(`site ${site.url}`);

/** page.goto, retried a few times: another process may be rebuilding dist/ under the preview server. */
async function open(page: Page, url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url);
      return;
    } catch (e) {
      if (attempt >= 4) throw e;
      console.log(`  goto failed (${(e as Error).message.split('\n')[0]}); retrying in 10 s`);
      await new Promise((r) => setTimeout(r, 10_000));
    }
  }
}

/** When each stage was first seen, ms after the click: the import, then each model's statuses. */
type Stages = Record<string, number>;

/**
 * Starts a 25 ms sampler in the page that notes when the import progress shows and when each
 * model of the run progress (RunProgress: li[data-model][data-status]) first enters a status.
 */
async function sampleStages(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __stages: Record<string, number>; __stagesT0: number; __stagesTimer?: number };
    w.__stages = {};
    w.__stagesT0 = performance.now();
    if (w.__stagesTimer) clearInterval(w.__stagesTimer);
    const seen = (key: string) => (w.__stages[key] ??= performance.now() - w.__stagesT0);
    w.__stagesTimer = window.setInterval(() => {
      if (document.querySelector('[data-testid="import-progress"]')) seen('import');
      if (document.querySelector('[data-testid="run-progress"]')) seen('run');
      for (const li of document.querySelectorAll<HTMLElement>('[data-testid="run-progress"] li[data-model]')) seen(`${li.dataset.model}:${li.dataset.status ?? '?'}`);
      if (document.querySelector('[data-testid="results-table"]')) seen('results');
    }, 25);
  });
}

/** Clicks demo-run on the home page; seconds until the results table shows, the run id and the stages seen. */
async function demo(page: Page, previous?: string, url = site.url): Promise<{ seconds: number; runId: string; stages: Stages }> {
  await open(page, url);
  const button = page.getByTestId('demo-run');
  await button.waitFor();
  await page.waitForFunction(() => !(document.querySelector('[data-testid="demo-run"]') as HTMLButtonElement | null)?.disabled);
  await sampleStages(page);
  const t0 = performance.now();
  await button.click();
  await page.waitForFunction(
    (prev) => {
      const m = /#\/results\/(run-[\w-]+)/.exec(location.hash);
      return m !== null && m[1] !== prev && document.querySelector('[data-testid="results-table"]') !== null;
    },
    previous ?? null,
    { timeout: TIMEOUT_MS, polling: 100 },
  );
  const seconds = (performance.now() - t0) / 1000;
  const runId = /#\/results\/(run-[\w-]+)/.exec(page.url())![1];
  const rows = await page.locator('[data-testid="results-table"] tbody tr').count();
  if (rows !== 3) failures.push(`results table has ${rows} rows, expected 3`);
  const stages = await page.evaluate(() => (window as unknown as { __stages: Record<string, number> }).__stages);
  return { seconds, runId, stages };
}

/**
 * The stages of one demo run in seconds: the import (click → run progress), each model from the
 * run's start to each status it entered (loading, embedding, scoring, done), the results page
 * (run progress gone → table). From the 25 ms samples, so each is ±0.03 s.
 */
function stageLine(st: Stages): string {
  const s = (ms: number | undefined) => (ms === undefined ? '—' : (ms / 1000).toFixed(2));
  const run = st.run;
  const models = [...new Set(Object.keys(st).filter((k) => k.includes(':')).map((k) => k.slice(0, k.lastIndexOf(':'))))];
  const parts = models.map((m) => {
    const at = (status: string) => (st[`${m}:${status}`] === undefined || run === undefined ? undefined : st[`${m}:${status}`] - run);
    return `${m.replace(/^[a-z]+:/, '')}: ${['loading', 'embedding', 'scoring', 'done'].filter((x) => at(x) !== undefined).map((x) => `${x} ${s(at(x))}`).join(', ')}`;
  });
  const doneAt = Math.max(...models.map((m) => st[`${m}:done`] ?? -Infinity));
  return [`click → run start ${s(run)}${st.import === undefined ? ' (no import: already imported)' : ' (with the import)'}`, ...parts, `results page ${s(Number.isFinite(doneAt) ? st.results - doneAt : undefined)}`].join('; ');
}

interface PathResult {
  path: DevicePath;
  adapter: string;
  first?: number;
  second?: number;
  firstStages?: string;
  secondStages?: string;
  error?: string;
}

const results: PathResult[] = [];
try {
  for (const path of PATHS) {
    let browser: Browser | undefined;
    const r: PathResult = { path, adapter: '—' };
    results.push(r);
    try {
      browser = await launch(path);
      chromiumVersion = browser.version();
      const context = await browser.newContext();
      // tsx (esbuild keepNames) wraps named functions in __name(), which the page lacks.
      await context.addInitScript('globalThis.__name ??= (f) => f');
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await open(page, site.url);
      r.adapter = await page.evaluate(async () => {
        const gpu = (navigator as unknown as { gpu?: { requestAdapter(): Promise<{ info?: { vendor?: string; architecture?: string; description?: string } } | null> } }).gpu;
        if (!gpu) return 'no navigator.gpu';
        const a = await gpu.requestAdapter();
        if (!a) return 'no adapter';
        const i = a.info ?? {};
        return [i.vendor, i.architecture, i.description].filter(Boolean).join(' ') || 'adapter (no info)';
      });
      const first = await demo(page);
      r.first = first.seconds;
      r.firstStages = stageLine(first.stages);
      console.log(`  ${path}: first demo ${first.seconds.toFixed(1)} s (adapter: ${r.adapter}); ${r.firstStages}`);
      const second = await demo(page, first.runId);
      r.second = second.seconds;
      r.secondStages = stageLine(second.stages);
      console.log(`  ${path}: second demo ${second.seconds.toFixed(1)} s; ${r.secondStages}`);
      if (errors.length) failures.push(`${path}: page errors: ${errors.join(' | ').slice(0, 300)}`);
    } catch (e) {
      r.error = (e as Error).message.split('\n')[0];
      failures.push(`${path}: ${r.error}`);
      console.error(`  ${path}: ${r.error}`);
    } finally {
      await browser?.close();
    }
  }
} finally {
  await site.close();
}

/** The site of an earlier commit, built in a worktree and served by that commit's own server code. */
async function serveBefore(ref: string): Promise<{ url: string; sha: string; close: () => void }> {
  const dir = join(tmpdir(), 'fairground-demo-before');
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
  if (existsSync(dir)) execFileSync('git', ['worktree', 'remove', '--force', dir]);
  rmSync(dir, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { stdio: 'inherit' });
  symlinkSync(resolve('node_modules'), resolve(dir, 'node_modules'));
  console.log(`building ${sha}'s site in ${dir} …`);
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: dir, stdio: 'inherit' });
  const child = spawn(process.execPath, ['--input-type=module', '-e', "const s = await (await import('./scripts/lib/serve.mjs')).serveSite({ port: 0 }); console.log('URL ' + s.url);"], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /URL (\S+)/.exec(out);
      if (m) ok(m[1]);
    });
    child.on('exit', (code) => fail(new Error(`the earlier site's server exited (${code})`)));
  });
  return {
    url,
    sha,
    close: () => {
      child.kill();
      execFileSync('git', ['worktree', 'remove', '--force', dir]);
    },
  };
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
let beside = '';
if (process.env.BENCH_DEMO_BEFORE) {
  const before = await serveBefore(process.env.BENCH_DEMO_BEFORE);
  const now = await serve();
  const pairs = Number(process.env.BENCH_DEMO_PAIRS ?? 3);
  const times: Record<'before' | 'now', number[]> = { before: [], now: [] };
  const browser = await launch('wasm');
  try {
    for (let i = 0; i < pairs; i++) {
      for (const [which, url] of (i % 2 === 0 ? [['before', before.url], ['now', now.url]] : [['now', now.url], ['before', before.url]]) as ['before' | 'now', string][]) {
        const context = await browser.newContext();
        await context.addInitScript('globalThis.__name ??= (f) => f');
        const page = await context.newPage();
        const r = await demo(page, undefined, url);
        times[which].push(r.seconds);
        console.log(`  wasm, ${which === 'before' ? before.sha : 'this build'}: first demo ${r.seconds.toFixed(1)} s`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    before.close();
    await now.close();
  }
  const fmtAll = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  beside = `

### Beside ${before.sha} (BENCH_DEMO_BEFORE=${process.env.BENCH_DEMO_BEFORE})

Command: \`BENCH_DEMO_BEFORE=${process.env.BENCH_DEMO_BEFORE} BENCH_DEMO_PAIRS=${pairs} npm run bench -- demo\`. The WASM path's first run (cold: fresh context, empty storage),
${pairs} pairs alternating between ${before.sha}'s site (built in a worktree) and this build's, one browser.

| Site | First runs s | Median s |
| --- | --- | ---: |
| ${before.sha} | ${fmtAll(times.before)} | ${median(times.before).toFixed(1)} |
| this build | ${fmtAll(times.now)} | **${median(times.now).toFixed(1)}** |

This build takes **${(median(times.now) / median(times.before)).toFixed(2)}×** ${before.sha}'s time to the results table.`;
}

const fmt = (x: number | undefined) => (x === undefined ? '—' : x.toFixed(1));
const section = `## Demo audit: time to results per device path (headless Chromium)

${machineMarkdown(m0, 'npm run bench -- demo', { Chromium: chromiumVersion })}
- File: \`scripts/bench/demo.bench.ts\`${buildMs !== undefined ? `\n- The site was rebuilt first (dist/ was stale): ${(buildMs / 1000).toFixed(0)} s, not counted.` : ''}

Per path, a fresh Chromium (empty storage) on \`dist/\`: Home's "Run the demo audit" clicked, wall time until
the results table shows the 3 models. The **first run** imports the bundled dataset, loads the models, embeds
and scores; the **second** finds the dataset imported and the embeddings cached. One run each. Without a GPU,
**WebGPU here is SwiftShader**: the row shows the path works, not a GPU's speed.

| Path | Chromium flags beyond the e2e base | WebGPU adapter | First run s (import + models + embed + score) | Second run s (cached) |
| --- | --- | --- | ---: | ---: |
${results.map((r) => `| ${r.path} | ${r.path === 'webgpu' ? '`--enable-unsafe-webgpu`' : '—'} | ${r.adapter} | ${fmt(r.first)} | ${fmt(r.second)} |`).join('\n')}

Stages, s: the import (click → run start), each model's statuses after the run's start (they overlap), the results page.

| Path | Run | Stages |
| --- | --- | --- |
${results.flatMap((r) => [`| ${r.path} | first | ${r.firstStages ?? '—'} |`, `| ${r.path} | second | ${r.secondStages ?? '—'} |`]).join('\n')}
${beside}
${failures.length ? `\n**Checks failed:** ${failures.join('; ')}\n` : ''}`;
emitSection(section);
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
