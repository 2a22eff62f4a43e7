import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configureOnnxWasm, destroyWebGpuDevice, ORT_WASM_BUILDS, wasmThreads, onnxRuntimeFiles } from '../../../src/models/onnxEnv.ts';

describe('wasmThreads', () => {
  it('wasmThreads(false, …) is 1: no SharedArrayBuffer without cross-origin isolation', () => {
    expect(wasmThreads(false, 16)).toBe(1);
    expect(wasmThreads(false, 16, 8)).toBe(1);
  });

  it('wasmThreads(true, cores) defaults to half the cores, at least 1 and at most 4 (ONNX Runtime Web’s rule)', () => {
    expect([1, 2, 3, 4, 6, 8, 16, 64].map((c) => wasmThreads(true, c))).toEqual([1, 1, 2, 2, 3, 4, 4, 4]);
    expect(wasmThreads(true, 0)).toBe(1);
  });

  it('wasmThreads(true, cores, requested) takes the request, capped at the cores', () => {
    expect(wasmThreads(true, 2, 2)).toBe(2);
    expect(wasmThreads(true, 2, 8)).toBe(2);
    expect(wasmThreads(true, 8, 1)).toBe(1);
  });
});

describe('configureOnnxWasm', () => {
  it('points WASM-only workers at the plain build and WebGPU workers at the asyncify build, on the site itself', () => {
    const wasm: Record<string, unknown> = {};
    configureOnnxWasm(wasm, 'https://example.org/app/', 2, 'wasm');
    expect(wasm).toEqual({
      wasmPaths: { mjs: 'https://example.org/app/ort/ort-wasm-simd-threaded.mjs', wasm: 'https://example.org/app/ort/ort-wasm-simd-threaded.wasm' },
      numThreads: 2,
      proxy: false,
    });
    configureOnnxWasm(wasm, 'https://example.org/app/', 1, 'webgpu');
    expect(wasm.wasmPaths).toEqual({
      mjs: 'https://example.org/app/ort/ort-wasm-simd-threaded.asyncify.mjs',
      wasm: 'https://example.org/app/ort/ort-wasm-simd-threaded.asyncify.wasm',
    });
  });

  it('every build it names ships with onnxruntime-web (vite.config.ts copies them to /ort/)', () => {
    for (const build of Object.values(ORT_WASM_BUILDS)) {
      for (const file of [build.mjs, build.wasm]) expect(existsSync(`node_modules/onnxruntime-web/dist/${file.replace(/^ort\//, '')}`), file).toBe(true);
    }
  });
});

describe('onnxRuntimeFiles(base, device)', () => {
  it('gives the absolute URLs of the build the device runs, under the site (its @example)', () => {
    expect(onnxRuntimeFiles('https://example.org/app/', 'wasm')).toEqual({ mjs: 'https://example.org/app/ort/ort-wasm-simd-threaded.mjs', wasm: 'https://example.org/app/ort/ort-wasm-simd-threaded.wasm' });
    expect(onnxRuntimeFiles('https://example.org/', 'webgpu').wasm).toBe('https://example.org/ort/ort-wasm-simd-threaded.asyncify.wasm');
  });
});

describe('destroyWebGpuDevice(...envs): the workers’ device-loss hook', () => {
  it('destroys the first device found, awaiting one being made; false when there is none', async () => {
    const destroyed: string[] = [];
    const device = (name: string) => ({ destroy: () => void destroyed.push(name) });
    expect(await destroyWebGpuDevice({}, { webgpu: {} })).toBe(false);
    expect(await destroyWebGpuDevice({ webgpu: {} }, { webgpu: { device: Promise.resolve(device('ort')) } })).toBe(true);
    expect(await destroyWebGpuDevice({ webgpu: { device: device('transformers') } }, { webgpu: { device: device('ort') } })).toBe(true);
    expect(destroyed).toEqual(['ort', 'transformers']);
  });
});
