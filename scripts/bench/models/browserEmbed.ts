/**
 * The browser side: headless Chromium on the built site (dist/, served with
 * COOP/COEP by scripts/lib/serve.mjs), driving window.fairground.embed, the
 * same EmbeddingRunner and worker the views use.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import type { BenchModel } from './benchModels.ts';

export interface BrowserEmbedResult {
  readonly vectors: number[][];
  readonly device: string;
  readonly dtype: string;
  /** `lookup` or `onnxruntime` (EmbeddingResult.engine). */
  readonly engine?: string;
  readonly computed: number;
  readonly cached: number;
  readonly fallbacks: string[];
  /** Whole call (cache look-up, load, embedding, cache write). */
  readonly ms: number;
  /** Until the model was ready (undefined when all came from the cache). */
  readonly loadMs: number | undefined;
  /** After the model was ready: batches only. */
  readonly embedMs: number;
  /** When each batch finished, ms after ready. */
  readonly batchEnds: number[];
  /** Inside the worker, summed over the call's batches. */
  readonly timings?: { batches: number; tokenizeMs: number; runMs: number; poolMs: number };
  /** With `bareRunBatch`: one batch through the pipeline against ORT's bare session.run on its tokens, medians in the model worker. */
  readonly bare?: { pipelineMs: number; sessionMs: number };
}

export interface EmbedCall {
  readonly texts: readonly string[];
  readonly threads?: number;
  readonly batchSize: number;
  readonly useCache?: boolean;
  readonly device?: 'wasm';
  readonly bareRunBatch?: number;
}

export async function launch(webgpu: boolean): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', ...(webgpu ? ['--enable-unsafe-webgpu'] : [])],
  });
}

/** A fresh context (empty IndexedDB) with the site open and the scripting API ready. */
export async function openSite(browser: Browser, siteUrl: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(siteUrl);
  await page.waitForFunction(() => 'fairground' in window);
  return page;
}

export async function pageFacts(page: Page): Promise<{ isolated: boolean; cores: number; probe: string }> {
  return page.evaluate(async () => ({
    isolated: globalThis.crossOriginIsolated === true,
    cores: navigator.hardwareConcurrency,
    probe: ((await (window as unknown as { fairground: { probe(): Promise<{ kind: string }> } }).fairground.probe()) as { kind: string }).kind,
  }));
}

export async function browserEmbed(page: Page, m: BenchModel, hubUrl: string, call: EmbedCall): Promise<BrowserEmbedResult> {
  const source = m.sourceKind === 'bundled' ? { kind: 'bundled', id: m.id } : { kind: 'hub', id: m.id, revision: 'main', host: hubUrl };
  return page.evaluate(
    (req) => (window as unknown as { fairground: { embed(r: unknown): Promise<BrowserEmbedResult> } }).fairground.embed(req),
    { entry: m.entry, source, texts: call.texts, dtype: 'fp32', batchSize: call.batchSize, threads: call.threads, useCache: call.useCache ?? false, device: call.device, bareRunBatch: call.bareRunBatch },
  );
}
