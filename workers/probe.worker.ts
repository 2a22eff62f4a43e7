/**
 * Probes WebGPU once, off the main thread. The app keeps the answer and every
 * model run uses it: WebGPU when an adapter exists, else WASM.
 */
import * as Comlink from 'comlink';
import type { DeviceProbe } from '../src/core/models/device.ts';

interface GpuLike {
  requestAdapter(): Promise<{
    info?: { vendor?: string; architecture?: string; description?: string };
    features: { has(f: string): boolean };
    limits?: { maxBufferSize?: number; maxStorageBufferBindingSize?: number };
  } | null>;
}

async function probe(): Promise<DeviceProbe> {
  const gpu = (self.navigator as Navigator & { gpu?: GpuLike }).gpu;
  if (!gpu) return { kind: 'wasm', reason: 'WebGPU is not available in this browser' };
  try {
    const adapter = await gpu.requestAdapter();
    if (!adapter) return { kind: 'wasm', reason: 'no WebGPU adapter found' };
    const info = adapter.info ?? {};
    return {
      kind: 'webgpu',
      vendor: info.vendor ?? '',
      architecture: info.architecture ?? '',
      description: info.description ?? '',
      shaderF16: adapter.features.has('shader-f16'),
      // ONNX Runtime asks the device for the adapter's own limits, so these are what a model's buffers meet.
      ...(adapter.limits?.maxBufferSize !== undefined ? { maxBufferSize: adapter.limits.maxBufferSize } : {}),
      ...(adapter.limits?.maxStorageBufferBindingSize !== undefined ? { maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize } : {}),
    };
  } catch (error) {
    return { kind: 'wasm', reason: `WebGPU adapter request failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export const probeApi = { probe };
export type ProbeApi = typeof probeApi;
Comlink.expose(probeApi);
