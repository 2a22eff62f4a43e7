/**
 * The e2e harness's browser side: Debian's Chromium through playwright-core,
 * launched once per device path. Every e2e test runs on both paths:
 * `webgpu` (--enable-unsafe-webgpu: SwiftShader gives a real adapter) and
 * `wasm` (no adapter: the WASM fallback).
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { BASE_FLAGS, WEBGPU_FLAGS, chromiumPath } from './chromium.ts';

export { chromiumPath };

export type DevicePath = 'webgpu' | 'wasm';
export const DEVICE_PATHS: readonly DevicePath[] = ['webgpu', 'wasm'];
/**
 * The one path of a check whose page runs no model on the device, or runs one only on the way to
 * what it checks (an import, a report, a permalink, a layout, accessibility): the device paths
 * themselves are checked by the demo, embed, hub, models, LLM, NER, screening, CSP and shell
 * checks, on both. Halves those checks' share of `npm test`.
 */
export const ONE_PATH: readonly DevicePath[] = ['wasm'];

/** The paths this run checks: both, or those FAIRGROUND_E2E_DEVICES names (`wasm`, `webgpu`; a developer's knob, never set by npm test). */
function devicePaths(): readonly DevicePath[] {
  const only = process.env.FAIRGROUND_E2E_DEVICES?.split(',').map((d) => d.trim());
  return only ? DEVICE_PATHS.filter((d) => only.includes(d)) : DEVICE_PATHS;
}

/** Where to write a Playwright trace of each check (FAIRGROUND_E2E_TRACE=DIR; read with scripts/e2eTraceActions.mjs). */
const traceDir = process.env.FAIRGROUND_E2E_TRACE;

/** The site under test, started by test/e2e/run.mjs. */
export function baseUrl(): string {
  const url = process.env.FAIRGROUND_BASE_URL;
  if (!url) throw new Error('FAIRGROUND_BASE_URL is not set: run the e2e tests through `npm run test:e2e`.');
  return url;
}

/** The mock Hugging Face Hub started by test/e2e/run.mjs (fixture models). */
export function hubUrl(): string {
  const url = process.env.FAIRGROUND_HUB_URL;
  if (!url) throw new Error('FAIRGROUND_HUB_URL is not set: run the e2e tests through `npm run test:e2e`.');
  return url;
}

/** The mock Hub's CDN (test/e2e/mockHubCdn.mjs), a second origin its LFS files are redirected to. */
export function hubCdnUrl(): string {
  const url = process.env.FAIRGROUND_HUB_CDN_URL;
  if (!url) throw new Error('FAIRGROUND_HUB_CDN_URL is not set: run the e2e tests through `npm run test:e2e`.');
  return url;
}

/** The origins a page talks to for the (mock) Hub: the Hub and its CDN. */
export function hubOrigins(): string[] {
  return [new URL(hubUrl()).origin, new URL(hubCdnUrl()).origin];
}

const browsers = new Map<DevicePath, Promise<Browser>>();

function browserFor(path: DevicePath): Promise<Browser> {
  let b = browsers.get(path);
  if (!b) {
    b = chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: [...BASE_FLAGS, ...(path === 'webgpu' ? WEBGPU_FLAGS : [])],
    });
    browsers.set(path, b);
  }
  return b;
}

after(async () => {
  for (const b of browsers.values()) await (await b).close();
});

/** What a test gets: a fresh context and page, and what the page did. */
export interface E2eContext {
  readonly device: DevicePath;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly baseUrl: string;
  /** Console errors and uncaught page errors seen so far. */
  readonly errors: string[];
  /** Every URL the page requested. */
  readonly requests: string[];
  /** Opens another fresh context (empty storage) on the same browser. */
  newContext(): Promise<BrowserContext>;
}

/**
 * Declares one e2e test that runs on both device paths, named
 * `title [webgpu]` and `title [wasm]`; `devices` limits it to some (a
 * check of a page that runs no model in a worker says nothing more on the
 * second path, and costs the suite its time).
 */
export function e2e(title: string, body: (t: E2eContext) => Promise<void>, options: { timeout?: number; devices?: readonly DevicePath[] } = {}): void {
  for (const device of devicePaths()) {
    if (options.devices && !options.devices.includes(device)) continue;
    test(`${title} [${device}]`, { timeout: options.timeout ?? 120_000 }, async () => {
      const browser = await browserFor(device);
      const contexts: BrowserContext[] = [];
      const newContext = async () => {
        const c = await browser.newContext();
        contexts.push(c);
        return c;
      };
      const context = await newContext();
      if (traceDir) await context.tracing.start({ snapshots: false, screenshots: false });
      const page = await context.newPage();
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      context.on('request', (r) => requests.push(r.url()));
      try {
        await body({ device, browser, context, page, baseUrl: baseUrl(), errors, requests, newContext });
      } finally {
        if (traceDir) await context.tracing.stop({ path: `${traceDir}/${title.replace(/[^\w]+/g, '-').slice(0, 60)}-${device}.zip` }).catch(() => undefined);
        for (const c of contexts) await c.close();
      }
    });
  }
}

/** Requests that left the page's origin (data:, blob: and the origin itself are fine). */
export function foreignRequests(requests: readonly string[], origin: string): string[] {
  return requests.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== origin);
}

/**
 * Fails, with the banner's text, when `banner` is shown. The text is read only when a banner is
 * there: a message built in advance (`assert.equal(n, 0, \`${await banner.textContent()}\`)`)
 * waits out Playwright's 30 s timeout for a banner that is not there, on every passing run.
 */
export async function assertNoBanner(banner: Locator, what: string): Promise<void> {
  if ((await banner.count()) === 0) return;
  assert.fail(`${what}: ${(await banner.first().textContent()) ?? ''}`);
}
