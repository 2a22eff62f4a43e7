/**
 * Bytes structured-cloned between threads during the demo audit, this tree
 * against a base revision (default 8b97fca, before the one audit engine), in
 * one run, on each device path.
 *
 * What is counted: every postMessage in the page (to a worker or a
 * MessagePort) and in every worker (back to the page, or on a MessagePort),
 * by an estimate of its structured-clone size — typed-array bytes not in the
 * transfer list, string code units (1 byte each when Latin-1, else 2), 8 per
 * number — with transferred buffers counted apart. Worker-side counting
 * starts when Playwright sees the worker (its first few load messages may be
 * missed), the same for both trees.
 *
 * Run: npm run bench -- threadBytes   (BENCH_BASE_REV=<rev> to compare another revision)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page, Worker } from 'playwright-core';
import { preview } from 'vite';
import { buildIfStale, launch, type DevicePath } from './browser/chromium.ts';
import { emitSection, machine, machineMarkdown } from './lib/section.ts';

const m0 = machine();
const BASE = process.env.BENCH_BASE_REV ?? '8b97fca';
const PATHS: readonly DevicePath[] = ['webgpu', 'wasm'];
const root = process.cwd();

/** The counter, as source: it patches postMessage where it runs and keeps totals on globalThis.__cloned. */
const COUNTER = `(() => {
  if (globalThis.__cloned) return;
  const totals = (globalThis.__cloned = { cloned: 0, transferred: 0, messages: 0 });
  const inWorker = typeof DedicatedWorkerGlobalScope !== 'undefined';
  const id = Math.random().toString(36).slice(2);
  // A worker may be gone before the bench reads it: it reports its totals on the console after each message.
  const report = () => inWorker && console.debug('__cloned', id, JSON.stringify(totals));
  const size = (v, moved, seen) => {
    if (v === null || v === undefined) return 1;
    const t = typeof v;
    if (t === 'string') return /^[\\u0000-\\u00ff]*$/.test(v) ? v.length : 2 * v.length;
    if (t === 'number' || t === 'bigint') return 8;
    if (t === 'boolean') return 1;
    if (t !== 'object') return 0;
    if (seen.has(v)) return 0;
    seen.add(v);
    if (ArrayBuffer.isView(v)) return moved.has(v.buffer) ? (totals.transferred += v.byteLength, 0) : v.byteLength;
    if (v instanceof ArrayBuffer) return moved.has(v) ? (totals.transferred += v.byteLength, 0) : v.byteLength;
    if (typeof MessagePort !== 'undefined' && v instanceof MessagePort) return 0;
    let n = 0;
    if (v instanceof Map) { for (const [k, x] of v) n += size(k, moved, seen) + size(x, moved, seen); return n; }
    if (v instanceof Set) { for (const x of v) n += size(x, moved, seen); return n; }
    for (const k of Object.keys(v)) n += k.length + size(v[k], moved, seen);
    return n;
  };
  const wrap = (proto) => {
    if (!proto || !proto.postMessage) return;
    const original = proto.postMessage;
    proto.postMessage = function (message, transfer) {
      const list = Array.isArray(transfer) ? transfer : transfer && transfer.transfer ? transfer.transfer : [];
      totals.cloned += size(message, new Set(list), new Set());
      totals.messages++;
      const out = original.apply(this, arguments);
      report();
      return out;
    };
  };
  if (typeof Worker !== 'undefined') wrap(Worker.prototype);
  if (typeof MessagePort !== 'undefined') wrap(MessagePort.prototype);
  if (inWorker) {
    const original = self.postMessage.bind(self);
    self.postMessage = (message, transfer) => {
      const list = Array.isArray(transfer) ? transfer : transfer && transfer.transfer ? transfer.transfer : [];
      totals.cloned += size(message, new Set(list), new Set());
      totals.messages++;
      const out = original(message, transfer);
      report();
      return out;
    };
  }
})()`;

interface Count {
  cloned: number;
  transferred: number;
  messages: number;
}

/** A worktree of `rev` with its site built, in a temporary folder. */
function buildBase(rev: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fairground-base-'));
  execFileSync('git', ['worktree', 'add', '--detach', dir, rev], { stdio: 'inherit' });
  symlinkSync(resolve(root, 'node_modules'), join(dir, 'node_modules'));
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: dir, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`building ${rev} failed`);
  return dir;
}

async function serveDir(dir: string) {
  const server = await preview({ root: dir, configFile: join(dir, 'vite.config.ts'), preview: { port: 0, host: 'localhost' }, logLevel: 'warn' });
  const address = server.httpServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://localhost:${port}/`, close: () => new Promise<void>((r) => server.httpServer.close(() => r())) };
}

/** One demo audit on a fresh browser; the bytes counted in the page and in every worker. */
async function measure(url: string, path: DevicePath): Promise<{ page: Count; workers: Count; seconds: number }> {
  const browser = await launch(path);
  try {
    const context = await browser.newContext();
    await context.addInitScript(COUNTER);
    const page: Page = await context.newPage();
    const byWorker = new Map<string, Count>();
    page.on('worker', (w: Worker) => {
      w.on('console', (msg) => {
        const m = /^__cloned (\w+) (.+)$/.exec(msg.text());
        if (m) byWorker.set(m[1], JSON.parse(m[2]) as Count);
      });
      void w.evaluate(COUNTER).catch(() => undefined);
    });
    await page.goto(url);
    const button = page.getByTestId('demo-run');
    await button.waitFor();
    await page.waitForFunction(() => !(document.querySelector('[data-testid="demo-run"]') as HTMLButtonElement | null)?.disabled);
    const t0 = performance.now();
    await button.click();
    await page.waitForFunction(() => /#\/results\/run-/.test(location.hash) && document.querySelector('[data-testid="results-table"]') !== null, null, { timeout: 600_000, polling: 200 });
    const seconds = (performance.now() - t0) / 1000;
    const read = (x: Page) => x.evaluate(() => (globalThis as unknown as { __cloned?: Count }).__cloned ?? { cloned: 0, transferred: 0, messages: 0 }).catch(() => ({ cloned: 0, transferred: 0, messages: 0 }));
    const inPage = await read(page);
    const sum: Count = { cloned: 0, transferred: 0, messages: 0 };
    for (const c of byWorker.values()) {
      sum.cloned += c.cloned;
      sum.transferred += c.transferred;
      sum.messages += c.messages;
    }
    return { page: inPage, workers: sum, seconds };
  } finally {
    await browser.close();
  }
}

buildIfStale();
const baseDir = buildBase(BASE);
const rows: string[] = [];
const failures: string[] = [];
try {
  const sites = { [BASE]: await serveDir(baseDir), 'this tree': await serveDir(root) };
  try {
    for (const path of PATHS) {
      const counts: Record<string, Awaited<ReturnType<typeof measure>>> = {};
      for (const [name, site] of Object.entries(sites)) {
        counts[name] = await measure(site.url, path);
        const c = counts[name];
        console.log(`  ${path} ${name}: page ${c.page.cloned} B cloned (${c.page.messages} msgs), workers ${c.workers.cloned} B cloned, ${(c.page.transferred + c.workers.transferred)} B transferred, ${c.seconds.toFixed(1)} s`);
      }
      const mb = (n: number) => (n / 1e6).toFixed(2);
      const [before, after] = [counts[BASE], counts['this tree']];
      const total = (c: typeof before) => c.page.cloned + c.workers.cloned;
      rows.push(
        `| ${path} | ${mb(before.page.cloned)} / ${mb(before.workers.cloned)} | ${mb(after.page.cloned)} / ${mb(after.workers.cloned)} | ${(total(after) / total(before)).toFixed(2)} | ${mb(before.page.transferred + before.workers.transferred)} → ${mb(after.page.transferred + after.workers.transferred)} |`,
      );
    }
  } finally {
    for (const s of Object.values(sites)) await s.close();
  }
} catch (e) {
  failures.push((e as Error).message.split('\n')[0]);
  console.error(e);
} finally {
  execFileSync('git', ['worktree', 'remove', '--force', baseDir]);
  if (existsSync(baseDir)) rmSync(baseDir, { recursive: true, force: true });
}

emitSection(`## Bytes structured-cloned between threads in the demo audit

${machineMarkdown(m0, 'npm run bench -- threadBytes', { base: BASE })}

The demo audit (freelance-twins, both query sets, GloVe 100d + BM25 + TF-IDF, B = 1,000) on a fresh
browser, run once with the site of ${BASE} and once with this tree. Cloned bytes are estimated from
the messages' values (typed-array bytes not transferred, string code units, 8 per number), in the
page and in every worker; transferred buffers are counted apart.

| path | cloned MB before (page / workers) | cloned MB after (page / workers) | after ÷ before | transferred MB before → after |
| --- | --- | --- | --- | --- |
${rows.join('\n')}
${failures.length ? `\nFailures: ${failures.join('; ')}\n` : ''}`);
if (failures.length) process.exit(1);
