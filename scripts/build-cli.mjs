// Bundles the headless CLI (src/cli/fairground.ts) into dist-cli/fairground.js.
import { build } from 'esbuild';
import { readFile, chmod } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
const outfile = 'dist-cli/fairground.js';
await build({
  entryPoints: ['src/cli/fairground.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outfile,
  banner: { js: '#!/usr/bin/env node' },
  define: { __FAIRGROUND_VERSION__: JSON.stringify(pkg.version) },
  external: ['@huggingface/transformers', 'onnxruntime-node', 'onnxruntime-web', 'sharp', 'pdfjs-dist', 'mammoth'],
  logLevel: 'warning',
});
await chmod(outfile, 0o755);
console.log(`built ${outfile}`);
