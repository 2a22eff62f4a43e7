/**
 * Points ONNX Runtime at the WASM files this site serves itself (never a CDN)
 * and sets the thread count. Must run before any model loads.
 */

/** The ORT files the site serves at /ort/ (copied from node_modules by vite.config.ts). */
export const ORT_WASM_FILES = Object.freeze({
  mjs: 'ort/ort-wasm-simd-threaded.asyncify.mjs',
  wasm: 'ort/ort-wasm-simd-threaded.asyncify.wasm',
});

export interface OnnxWasmEnv {
  wasmPaths?: unknown;
  numThreads?: number;
  proxy?: boolean;
}

/**
 * Threads for WASM: all logical cores when the page is cross-origin isolated
 * (SharedArrayBuffer available), else 1. `requested` caps it.
 */
export function wasmThreads(isolated: boolean, cores: number, requested?: number): number {
  if (!isolated) return 1;
  const max = Math.max(1, Math.floor(cores || 1));
  return requested ? Math.max(1, Math.min(requested, max)) : max;
}

/** Configures ONNX Runtime's WASM backend for a page or worker served from `base` (an absolute URL). */
export function configureOnnxWasm(wasm: OnnxWasmEnv, base: string, threads: number): void {
  wasm.wasmPaths = {
    mjs: new URL(ORT_WASM_FILES.mjs, base).href,
    wasm: new URL(ORT_WASM_FILES.wasm, base).href,
  };
  wasm.numThreads = threads;
  wasm.proxy = false;
}
