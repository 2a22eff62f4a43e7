/**
 * The site's Content-Security-Policy (docs/security.md): the built page
 * carries it as a <meta>, the server as a header; the demo audit, the plots
 * and threaded ONNX Runtime run under it without one violation, and an
 * injected inline script or handler is refused.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { e2e, hubOrigins, hubUrl, ONE_PATH } from './browser.ts';
import { pageViolations, recordPageViolations, settleReports, siteWithReports, type ReportingSite } from './siteWithReports.ts';
import { retrievalPayload } from '../unit/core/permalink/fixtures.ts';

const reference = JSON.parse(readFileSync('test/fixtures/models/reference.json', 'utf8')) as { embed: { model: string; items: { text: string }[] } };
const tinyEntry = {
  kind: 'embedding', id: reference.embed.model, label: 'tiny', revision: 'main', paramsM: 0.1, sizeMb: { fp32: 0.25 },
  languages: ['en'], license: 'MIT', source: 'hub', pooling: 'mean', normalize: true, queryPrefix: '', documentPrefix: '', maxLength: 128, dimensions: 32,
};

/** The page's scripting API (src/app/automation.ts), as far as these tests use it. */
interface Automation {
  results(runId: string): Promise<unknown>;
  embed(request: unknown): Promise<{ vectors: number[][]; device: string }>;
}

/** `promise`, or a rejection with `message` after `ms`: a load whose thread was refused never settles. */
async function within<T>(ms: number, promise: Promise<T>, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** A site of its own (with a report collector), closed after `body`. */
async function withSite(options: Parameters<typeof siteWithReports>[0], body: (site: ReportingSite) => Promise<void>): Promise<void> {
  const site = await siteWithReports(options);
  try {
    await body(site);
  } finally {
    await site.close();
  }
}

async function allViolations(page: Page, site: ReportingSite) {
  await settleReports();
  return [...(await pageViolations(page)), ...site.reports];
}

/** Injects what an HTML-injection bug would: an inline <script>, an inline handler and a string timer. */
async function injectInlineCode(page: Page): Promise<{ script: unknown; handler: unknown; timer: unknown }> {
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineScript = 1';
    document.body.append(s);
    const div = document.createElement('div');
    div.innerHTML = '<img src="data:," onload="window.__inlineHandler = 1" onerror="window.__inlineHandler = 1">';
    document.body.append(div);
    // A string passed to setTimeout is eval: refused without 'unsafe-eval'.
    (window.setTimeout as unknown as (code: string, ms: number) => void)('window.__stringTimer = 1', 0);
  });
  await page.waitForTimeout(500);
  return page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    return { script: w.__inlineScript, handler: w.__inlineHandler, timer: w.__stringTimer };
  });
}

e2e('the built page carries the policy as a <meta> tag, and the server sends it as a header', async ({ page, baseUrl }) => {
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(readFileSync('dist/index.html', 'utf8'))?.[1];
  assert.ok(meta, 'dist/index.html has the meta tag');
  for (const rule of ["script-src 'self' 'wasm-unsafe-eval' blob:", "worker-src 'self' blob:", "connect-src 'self' https://huggingface.co https://*.huggingface.co https://*.hf.co", "object-src 'none'", "font-src 'self'"]) {
    assert.ok(meta.includes(rule), `the meta policy holds ${rule}`);
  }
  assert.ok(!/unsafe-inline|unsafe-eval'|\*(?!\.)/.test(meta.replace("'wasm-unsafe-eval'", '')), `no unsafe-inline, unsafe-eval or bare wildcard: ${meta}`);
  const response = await page.goto(baseUrl);
  const header = response?.headers()['content-security-policy'] ?? '';
  assert.ok(header.includes(`connect-src 'self' https://huggingface.co https://*.huggingface.co https://*.hf.co ${hubOrigins().join(' ')}`), `the header lets the page reach the (mock) Hub it was configured with, and its CDN: ${header}`);
  assert.ok(header.includes("frame-ancestors 'none'"), 'the header also forbids framing (a <meta> cannot)');
  const worker = await page.request.get(new URL('coi-sw.js', baseUrl).href);
  assert.equal(worker.headers()['content-security-policy'], header, 'every response carries the policy, worker scripts included');
}, { devices: ONE_PATH });

e2e('the demo audit runs under the policy without a single violation, in the page or its workers', async ({ page, context, device }) => {
  await withSite({ connect: hubOrigins() }, async (site) => {
    await recordPageViolations(context);
    await page.goto(site.url);
    await page.getByTestId('demo-run').click();
    await page.getByTestId('run-progress').waitFor({ timeout: 60_000 });
    await page.getByTestId('results-table').waitFor({ timeout: 400_000 });
    assert.ok((await page.locator('[data-testid="pareto-plot"] svg [data-point]').count()) >= 3, `[${device}] the Pareto plot is drawn`);
    // The policy must not push WebGPU into its WASM fallback (a refused eval in the WebGPU build would).
    const runId = /#\/results\/(run-[\w-]+)/.exec(page.url())?.[1];
    const results = (await page.evaluate((id) => (window as unknown as { fairground: Automation }).fairground.results(id), runId!)) as { subsets: { models: { model: { id: string; device: string } }[] }[] };
    const glove = results.subsets[0].models.find((m) => m.model.id === 'fairground-glove-100d');
    assert.equal(glove?.model.device, device, `GloVe ran on ${device}`);
    await page.waitForFunction(() => (document.querySelector('[data-testid="permalink-input"]') as HTMLInputElement | null)?.value.includes('#r='), undefined, { timeout: 60_000 });
    // The plots' inline <style> is allowed by its hash: its rules are in force.
    const sheets = await page.evaluate(() => [...document.querySelectorAll('svg.fg-plot style')].map((s) => (s as HTMLStyleElement).sheet?.cssRules.length ?? 0));
    assert.ok(sheets.length > 0 && sheets.every((n) => n > 0), `every plot's <style> applies: ${sheets.join(', ')}`);
    assert.deepEqual(await allViolations(page, site), [], 'no violation');
  });
}, { timeout: 900_000 });

e2e('threaded ONNX Runtime (its glue and threads are blob: modules) and a Hub model load under the policy', async ({ page, context }) => {
  await withSite({ connect: hubOrigins() }, async (site) => {
    await recordPageViolations(context);
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await page.goto(site.url);
    await page.waitForFunction(() => 'fairground' in window);
    const source = { kind: 'hub', id: reference.embed.model, revision: 'main', host: hubUrl() };
    const request = { entry: tinyEntry, source, texts: reference.embed.items.map((i) => i.text), dtype: 'fp32', device: 'wasm', threads: 2 };
    const r = await within(120_000, page.evaluate((req) => (window as unknown as { fairground: Automation }).fairground.embed(req), request), 'the embed never finished: a blocked thread waits forever');
    assert.equal(r.vectors.length, reference.embed.items.length);
    assert.ok(workers.some((u) => u.startsWith('blob:')), `ONNX Runtime started a thread from a blob: URL: ${workers.join(', ')}`);
    assert.deepEqual(await allViolations(page, site), [], 'no violation');
  });
}, { timeout: 300_000 });

e2e('an injected inline script, inline handler or string timer is refused and reported', async ({ page, context }) => {
  await withSite({}, async (site) => {
    await recordPageViolations(context);
    await page.goto(site.url);
    await page.getByTestId('demo-run').waitFor();
    assert.deepEqual(await injectInlineCode(page), { script: undefined, handler: undefined, timer: undefined }, 'none of the injected code ran');
    const directives = (await allViolations(page, site)).filter((v) => v.where === 'page').map((v) => v.directive).sort();
    assert.deepEqual([...new Set(directives)], ['script-src', 'script-src-attr', 'script-src-elem'], 'each attempt was refused by the policy');
  });
}, { devices: ONE_PATH });

e2e('on a static host the <meta> policy alone refuses inline code, and shared results draw under it', async ({ page, context }) => {
  await withSite({ cspHeader: false }, async (site) => {
    await recordPageViolations(context);
    const response = await page.goto(`${site.url}#r=${deflateRawSync(Buffer.from(JSON.stringify(retrievalPayload()))).toString('base64url')}`);
    assert.equal(response?.headers()['content-security-policy'], undefined, 'no header: the <meta> is the only policy');
    await page.getByTestId('shared-result').waitFor({ timeout: 20_000 });
    await page.getByTestId('pareto-plot').locator('svg').waitFor();
    assert.deepEqual(await allViolations(page, site), [], 'the page and its plots draw without a violation');
    assert.deepEqual(await injectInlineCode(page), { script: undefined, handler: undefined, timer: undefined }, 'none of the injected code ran');
  });
}, { devices: ONE_PATH });

e2e('a dataset URL on a host the policy does not list says why, and how to allow it, before any request', async ({ page, baseUrl, requests }) => {
  await page.goto(`${baseUrl}#/datasets`);
  await page.getByLabel('Dataset URL').fill('https://data.example.org/my-dataset/');
  await page.getByLabel('Dataset URL').press('Enter');
  const banner = page.getByTestId('error-banner');
  await banner.waitFor();
  const text = (await banner.textContent()) ?? '';
  assert.match(text, /Content-Security-Policy lets it connect only to 'self'/);
  assert.match(text, /FAIRGROUND_CONNECT_SRC="https:\/\/data\.example\.org"/);
  assert.ok(!requests.some((u) => u.includes('data.example.org')), 'nothing was requested from the host');
}, { devices: ONE_PATH });
