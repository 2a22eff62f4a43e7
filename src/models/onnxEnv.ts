/**
 * Points ONNX Runtime at the WASM files this site serves itself (never a CDN)
 * and sets the thread count. Must run before any model loads.
 */

import type { Device } from '../core/models/device.ts';

/**
 * The ORT builds the site serves at /ort/ (copied from node_modules by
 * vite.config.ts), one per device. Both speak to the same ORT JavaScript API.
 *
 * - `webgpu`: the asyncify build, the only one with the WebGPU execution
 *   provider (27 MB).
 * - `wasm`: the plain SIMD + threads build (14 MB). On the CPU it computes
 *   the same numbers, but its code is about half the size and has no
 *   asyncify instrumentation, so V8 compiles it to optimised code sooner:
 *   measured in headless Chromium on the tiny BERT fixture, a 32 × 128 batch
 *   takes ~25 ms with it from the 3rd run on, while the asyncify build stays
 *   at 100–200 ms for its first few dozen runs (BENCHMARKS.md, "models").
 */
export const ORT_WASM_BUILDS = Object.freeze({
  webgpu: Object.freeze({ mjs: 'ort/ort-wasm-simd-threaded.asyncify.mjs', wasm: 'ort/ort-wasm-simd-threaded.asyncify.wasm' }),
  wasm: Object.freeze({ mjs: 'ort/ort-wasm-simd-threaded.mjs', wasm: 'ort/ort-wasm-simd-threaded.wasm' }),
});

export interface OnnxWasmEnv {
  wasmPaths?: unknown;
  numThreads?: number;
  proxy?: boolean;
}

/**
 * Threads for WASM: without cross-origin isolation (no SharedArrayBuffer) 1;
 * else `requested` capped at the logical cores, or by default ONNX Runtime
 * Web's own rule, half the cores and at most 4. Half, because the page, the
 * tokenizer and the browser need the others: on this project's 2-core test
 * machine 2 threads ran slower than 1 (BENCHMARKS.md, "models").
 */
export function wasmThreads(isolated: boolean, cores: number, requested?: number): number {
  if (!isolated) return 1;
  const max = Math.max(1, Math.floor(cores || 1));
  return requested ? Math.max(1, Math.min(requested, max)) : Math.min(4, Math.ceil(max / 2));
}

/**
 * Configures ONNX Runtime's WASM backend for a page or worker served from
 * `base` (an absolute URL), with the build for `device`. A worker runs one
 * device for its life (a fallback gets a fresh worker), so the build never
 * changes under a loaded runtime.
 */
export function configureOnnxWasm(wasm: OnnxWasmEnv, base: string, threads: number, device: Device): void {
  wasm.wasmPaths = onnxRuntimeFiles(base, device);
  wasm.numThreads = threads;
  wasm.proxy = false;
}

/**
 * The absolute URLs of the runtime's files for `device` on a site served from `base`: its glue
 * module and its WebAssembly binary, for a worker to fetch while the model's own files download
 * (workers/embed.worker.ts). ONNX Runtime asks for them only when its first session is created,
 * that is once the model file is in, so the 14 MB binary came after the model on the critical
 * path of every load (measured in the demo's worker: the model in at 1.57 s, the glue and binary
 * asked for then, in at 2.34 and 2.74 s, under the load of the audits beside it).
 * @example onnxRuntimeFiles('https://example.org/app/', 'wasm') // { mjs: 'https://example.org/app/ort/ort-wasm-simd-threaded.mjs', wasm: '…/ort-wasm-simd-threaded.wasm' }
 */
export function onnxRuntimeFiles(base: string, device: Device): { readonly mjs: string; readonly wasm: string } {
  const files = ORT_WASM_BUILDS[device];
  return { mjs: new URL(files.mjs, base).href, wasm: new URL(files.wasm, base).href };
}

/** ONNX Runtime's WebGPU device as an env object holds it (a promise once it is being made). */
type WithWebGpu = { readonly webgpu?: { readonly device?: Promise<{ destroy(): void }> | { destroy(): void } } } | undefined;

/**
 * Destroys the WebGPU device ONNX Runtime is using — the first found among `envs` (transformers.js's
 * `env.backends.onnx`, ONNX Runtime's own `env`) — as a real device loss would. The workers' test
 * hook for the WASM fallback. False when no device was made.
 */
export async function destroyWebGpuDevice(...envs: readonly unknown[]): Promise<boolean> {
  for (const e of envs) {
    const device = await (e as WithWebGpu)?.webgpu?.device;
    if (!device) continue;
    device.destroy();
    return true;
  }
  return false;
}
