import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { cp, mkdir, copyFile } from 'node:fs/promises';
import { join, normalize, resolve } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pkg from './package.json' with { type: 'json' };
import { CONNECT_ENV, connectOrigins, contentSecurityPolicy, policyMetaTag } from './scripts/lib/csp.mjs';
import { PLOT_STYLE } from './src/present/plots/svg.ts';

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
      // The bundled models too, as a static host serves binary files: as stored, with their length. Vite's
      // preview would gzip a 10 MB .onnx on every request (no MIME type reads as text) and send it
      // chunked, without a length, which transformers.js then reads into a buffer grown chunk by chunk.
      server.middlewares.use(
        serveMounts([
          ['/datasets/', resolve(server.config.build.outDir, 'datasets')],
          ['/models/', resolve(server.config.build.outDir, 'models')],
        ]),
      );
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

/** A CSP source for an inline <style>: 'sha256-' + base64 of the SHA-256 of its text. */
function styleHash(css: string): string {
  return `sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`;
}

/**
 * Writes the site's Content-Security-Policy (scripts/lib/csp.mjs) into the
 * built index.html as its first <meta>, so every static copy of the site
 * carries it: connect-src holds the site, the Hub and its CDN hosts, plus
 * the origins in FAIRGROUND_CONNECT_SRC at build time; style-src allows the
 * plots' one inline <style> by hash. Build only: the dev server's client
 * injects styles and scripts inline (docs/security.md). `npm start` sends the
 * same policy as a header (scripts/lib/serve.mjs).
 */
function securityPolicy(): Plugin {
  return {
    name: 'fairground-security-policy',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const policy = contentSecurityPolicy({ connect: connectOrigins(process.env[CONNECT_ENV]), styleHashes: [styleHash(PLOT_STYLE)], delivery: 'meta' });
        // Right after <meta charset>, before every tag it governs; written by hand to keep the ' quotes readable.
        const charset = /<meta charset="[^"]*"\s*\/?>/;
        if (!charset.test(html)) throw new Error('index.html needs a <meta charset> in its <head>: the policy goes right after it');
        return html.replace(charset, (tag) => `${tag}\n    ${policyMetaTag(policy)}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [svelte(), bundledFiles(), securityPolicy()],
  define: { __FAIRGROUND_VERSION__: JSON.stringify(pkg.version) },
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders, port: 4173, strictPort: false },
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@huggingface/transformers', 'onnxruntime-web'] },
  // The manifest (dist/.vite/manifest.json) maps the page to the chunks it loads first: the first-page bench reads it.
  build: { target: 'es2022', chunkSizeWarningLimit: 4096, manifest: true },
});
