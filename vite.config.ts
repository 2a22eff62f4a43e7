import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { cp, mkdir, copyFile } from 'node:fs/promises';
import { join, normalize, resolve } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pkg from './package.json' with { type: 'json' };

/**
 * Headers that make the page cross-origin isolated, so ONNX Runtime can use
 * threaded WASM (SharedArrayBuffer). Sent by the dev and preview servers; the
 * static build also carries a service worker that adds them (public/coi-sw.js).
 */
export const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** ONNX Runtime files the site serves itself at /ort/ (never from a CDN). */
// The asyncify build carries the WebGPU execution provider; the plain one runs WASM-only sessions
// (src/models/onnxEnv.ts says why both).
const ORT_FILES = ['ort-wasm-simd-threaded.asyncify.mjs', 'ort-wasm-simd-threaded.asyncify.wasm', 'ort-wasm-simd-threaded.mjs', 'ort-wasm-simd-threaded.wasm'];
const ORT_DIST = resolve('node_modules/onnxruntime-web/dist');

/**
 * Serves the bundled datasets (datasets/) and ONNX Runtime's WASM files (from
 * node_modules) during dev, and copies both into dist/ on build, so the site
 * works offline from a single static folder.
 */
function bundledFiles(): Plugin {
  const devMounts: Mount[] = [
    ['/datasets/', resolve('datasets')],
    ['/ort/', ORT_DIST, ORT_FILES],
  ];
  return {
    name: 'fairground-bundled-files',
    configureServer(server) {
      server.middlewares.use(serveMounts(devMounts));
    },
    // Vite's preview server would send .gz files with Content-Encoding: gzip,
    // so fetch() would unzip them and their SHA-256 would no longer match the
    // manifest. Serve the dataset shards as the plain bytes they are.
    configurePreviewServer(server) {
      server.middlewares.use(serveMounts([['/datasets/', resolve(server.config.build.outDir, 'datasets')]]));
    },
    async writeBundle(options) {
      const out = options.dir ?? 'dist';
      await cp('datasets', join(out, 'datasets'), { recursive: true });
      await mkdir(join(out, 'ort'), { recursive: true });
      for (const f of ORT_FILES) await copyFile(join(ORT_DIST, f), join(out, 'ort', f));
    },
  };
}

type Mount = [prefix: string, dir: string, files?: string[]];

/** Serves files under URL prefixes from folders, with the isolation headers and no content encoding. */
function serveMounts(mounts: Mount[]) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const url = decodeURIComponent((req.url ?? '').split('?')[0]);
    for (const [prefix, dir, files] of mounts) {
      if (!url.startsWith(prefix)) continue;
      const rel = normalize(url.slice(prefix.length));
      if (rel.startsWith('..') || (files && !files.includes(rel))) break;
      const path = join(dir, rel);
      if (!existsSync(path) || !statSync(path).isFile()) break;
      res.setHeader('Content-Type', contentType(path));
      res.setHeader('Content-Length', statSync(path).size);
      res.setHeader('Cache-Control', 'no-cache');
      for (const [k, v] of Object.entries(isolationHeaders)) res.setHeader(k, v);
      createReadStream(path).pipe(res);
      return;
    }
    next();
  };
}

function contentType(path: string): string {
  if (path.endsWith('.json')) return 'application/json';
  if (path.endsWith('.mjs') || path.endsWith('.js')) return 'text/javascript';
  if (path.endsWith('.wasm')) return 'application/wasm';
  if (path.endsWith('.md')) return 'text/markdown; charset=utf-8';
  if (path.endsWith('.gz')) return 'application/gzip';
  if (path.endsWith('.tsv') || path.endsWith('.jsonl')) return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}

export default defineConfig({
  plugins: [svelte(), bundledFiles()],
  define: { __FAIRGROUND_VERSION__: JSON.stringify(pkg.version) },
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders, port: 4173, strictPort: false },
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@huggingface/transformers', 'onnxruntime-web'] },
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
});
