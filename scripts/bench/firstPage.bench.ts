/**
 * The first page: what index.html loads before any route, and how soon Home is usable.
 *
 * 1. Size: the files the built page loads by itself (index.html's scripts, modulepreload links
 *    and stylesheets, plus every chunk its entry statically imports, from Vite's manifest; see
 *    scripts/lib/firstPage.mjs), each gzipped here (zlib level 9, as Vite reports), summed.
 * 2. Time: headless Chromium (the WASM path's flags) on dist/ served like `npm start` (COOP/COEP,
 *    the CSP header); per run a fresh context (empty cache and storage) opens `/`, and an init
 *    script records performance.now() (ms after navigation start) at the first DOM change after
 *    which Home's main heading is present and the first nav link takes focus. One warm-up, then
 *    RUNS runs; the median.
 *
 * Run: npm run bench -- firstPage   (BENCH_NO_BUILD=1 skips the stale-build check)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfStale, launch, serve } from './browser/chromium.ts';
import { emitSection, machine, machineMarkdown } from './lib/section.ts';
import { initialFiles, type Manifest } from '../lib/firstPage.mjs';

const m0 = machine();
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
/** The issue's bounds (issue 34): a bench line, not a test. */
const MAX_INITIAL_GZIP_KB = 150;
const MAX_HOME_MS = 1000;
const failures: string[] = [];

const buildMs = buildIfStale();
const dist = 'dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const files = initialFiles(html, manifest).map((file) => {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const kb = (bytes: number) => bytes / 1000;
const totalGzip = files.reduce((s, f) => s + f.gzip, 0);
const totalRaw = files.reduce((s, f) => s + f.raw, 0);
const jsCss = files.filter((f) => /\.(m?js|css)$/.test(f.file));
console.log(files.map((f) => `  ${f.file}: ${kb(f.raw).toFixed(1)} kB, ${kb(f.gzip).toFixed(1)} kB gzip`).join('\n'));
if (kb(totalGzip) > MAX_INITIAL_GZIP_KB) failures.push(`initial JS + CSS ${kb(totalGzip).toFixed(1)} kB gzip > ${MAX_INITIAL_GZIP_KB} kB`);

/** Runs in the page before its scripts: when Home is usable, in ms after navigation start. */
const PROBE = `(() => {
  const check = () => {
    if (window.__homeInteractive !== undefined) return;
    const h1 = document.querySelector('main h1');
    const link = document.querySelector('nav a[href]');
    if (!h1 || !link) return;
    const before = document.activeElement;
    link.focus();
    if (document.activeElement !== link) return;
    link.blur();
    if (before instanceof HTMLElement) before.focus();
    window.__homeInteractive = performance.now();
    window.__homeResources = performance.getEntriesByType('resource').map((e) => e.name);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;

const site = await serve();
const browser = await launch('wasm');
const times: number[] = [];
let fetchedBefore: string[] = [];
try {
  for (let i = 0; i <= RUNS; i++) {
    const context = await browser.newContext();
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(site.url);
    await page.waitForFunction(() => (window as unknown as { __homeInteractive?: number }).__homeInteractive !== undefined, null, { timeout: 30_000 });
    const [ms, resources] = await page.evaluate(() => {
      const w = window as unknown as { __homeInteractive: number; __homeResources: string[] };
      return [w.__homeInteractive, w.__homeResources] as const;
    });
    if (errors.length) failures.push(`run ${i}: page errors: ${errors.join(' | ').slice(0, 300)}`);
    if (i > 0) times.push(ms);
    fetchedBefore = resources.map((r) => new URL(r).pathname.replace(/^\//, '')).filter((p) => /\.(m?js|css)$/.test(p));
    console.log(`  ${i === 0 ? 'warm-up' : `run ${i}`}: Home interactive at ${ms.toFixed(0)} ms`);
    await context.close();
  }
} finally {
  await browser.close();
  await site.close();
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted.length % 2 ? sorted[sorted.length >> 1] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
if (median > MAX_HOME_MS) failures.push(`Home interactive at ${median.toFixed(0)} ms (median) > ${MAX_HOME_MS} ms`);
const unexpected = fetchedBefore.filter((p) => !files.some((f) => f.file === p));
if (unexpected.length) failures.push(`fetched before Home was interactive but not counted as initial: ${unexpected.join(', ')}`);

const section = `## First page: initial JS + CSS and Home interactive (headless Chromium)

${machineMarkdown(m0, 'npm run bench -- firstPage', { Chromium: browser.version() })}
- File: \`scripts/bench/firstPage.bench.ts\`${buildMs !== undefined ? `\n- The site was rebuilt first (dist/ was stale): ${(buildMs / 1000).toFixed(0)} s, not counted.` : ''}

**Size**: the files \`dist/index.html\` loads before any route — its scripts, modulepreload links and
stylesheets and the chunks its entry statically imports (Vite's manifest, \`scripts/lib/firstPage.mjs\`) —
each gzipped here at zlib level 9. Every view but Home is its own chunk, loaded by the router when its
route opens or when the pointer or focus reaches its nav link.

| File | kB | kB gzip |
| --- | ---: | ---: |
${files.map((f) => `| \`${f.file}\` | ${kb(f.raw).toFixed(1)} | ${kb(f.gzip).toFixed(1)} |`).join('\n')}
| **total** (${jsCss.length} JS/CSS files) | **${kb(totalRaw).toFixed(1)}** | **${kb(totalGzip).toFixed(1)}** (bound ${MAX_INITIAL_GZIP_KB}) |

**Time**: a fresh context per run (cold cache, empty storage) on \`dist/\` served by Vite preview with
COOP/COEP and the CSP header; ms from navigation start until Home's main heading is in the page and the
first nav link takes focus (a MutationObserver in an init script). ${RUNS} runs after one warm-up.

| Home interactive, median ms | runs (ms) | bound |
| ---: | --- | ---: |
| ${median.toFixed(0)} | ${times.map((t) => t.toFixed(0)).join(', ')} | ${MAX_HOME_MS} |

JS/CSS fetched by the page before Home was interactive (last run): ${fetchedBefore.map((p) => `\`${p}\``).join(', ') || 'none'}.
${failures.length ? `\n**Checks failed:** ${failures.join('; ')}\n` : ''}`;
emitSection(section);
if (failures.length) {
  console.error(failures.join('\n'));
  process.exit(1);
}
