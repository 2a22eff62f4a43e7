/**
 * Whether an LLM will run before anything is downloaded (issue 49): an
 * estimate of the memory its weights and a screening prompt's key/value cache
 * need, and the device limits it must fit.
 *
 * - Weights: the download size of the dtype (the ONNX file is the weights).
 * - Key/value cache of `contextTokens` (default 4,096: a 2,000-character job
 *   and a 6,000-character CV with the template, in a typical BPE, with room
 *   for a generated answer): 2 (key and value) × layers × kvHeads × headDim ×
 *   tokens × bytes, 2 bytes for f16 dtypes (fp16, q4f16), else 4.
 * - 20% over both for activations and the runtime's own buffers.
 *
 * Limits: WASM addresses at most 4 GiB (32-bit memory); WebGPU's largest
 * single buffer (`maxBufferSize`, and `maxStorageBufferBindingSize` for a
 * buffer a shader binds) must hold the largest weight tensor, the embedding
 * table: vocab × hidden × bytes per weight (4 fp32, 2 fp16, 1 q8, ½ q4).
 */
import type { Dtype } from '../models/device.ts';
import type { LlmArchitecture } from '../models/modelSpec.ts';

export const DEFAULT_CONTEXT_TOKENS = 4096;
const MB = 1024 * 1024;
/** WASM's 32-bit address space. */
export const WASM_LIMIT_MB = 4096;

const WEIGHT_BYTES: Record<Dtype, number> = { fp32: 4, fp16: 2, q8: 1, int8: 1, uint8: 1, q4: 0.5, q4f16: 0.5 };

/** Bytes of one cached key or value element for a dtype. */
function cacheBytes(dtype: Dtype): number {
  return dtype === 'fp16' || dtype === 'q4f16' ? 2 : 4;
}

/**
 * The key/value cache of `tokens` tokens, MB.
 * @example kvCacheMb({ layers: 24, kvHeads: 2, headDim: 64, vocab: 151936, hidden: 896 }, 'q8', 4096) // 96
 */
export function kvCacheMb(a: LlmArchitecture, dtype: Dtype, tokens = DEFAULT_CONTEXT_TOKENS): number {
  return (2 * a.layers * a.kvHeads * a.headDim * tokens * cacheBytes(dtype)) / MB;
}

/** The estimated memory to run a screening prompt, MB: (weights + cache) × 1.2. */
export function llmMemoryMb(a: LlmArchitecture, weightsMb: number, dtype: Dtype, tokens = DEFAULT_CONTEXT_TOKENS): number {
  return 1.2 * (weightsMb + kvCacheMb(a, dtype, tokens));
}

/** The largest weight tensor (the embedding table), MB. */
export function largestTensorMb(a: LlmArchitecture, dtype: Dtype): number {
  return (a.vocab * a.hidden * WEIGHT_BYTES[dtype]) / MB;
}

/** A device's limits, as the probe reads them. */
export type DeviceLimits =
  | { readonly kind: 'wasm' }
  | { readonly kind: 'webgpu'; readonly maxBufferSize: number; readonly maxStorageBufferBindingSize: number; readonly shaderF16: boolean };

export type FitVerdict = { readonly fits: true; readonly memoryMb: number } | { readonly fits: false; readonly memoryMb: number; readonly reason: string };

const mb = (x: number) => `${Math.round(x).toLocaleString('en-US')} MB`;

/**
 * Whether a model's dtype fits the device, and if not why, in words that say what would fit.
 * @example llmFit(qwen05, 1000, 'fp32', { kind: 'wasm' }).fits // true (≈ 1,300 MB < 4,096 MB)
 */
export function llmFit(a: LlmArchitecture, weightsMb: number, dtype: Dtype, limits: DeviceLimits, tokens = DEFAULT_CONTEXT_TOKENS): FitVerdict {
  const memoryMb = llmMemoryMb(a, weightsMb, dtype, tokens);
  if (limits.kind === 'wasm') {
    if (memoryMb > WASM_LIMIT_MB) return { fits: false, memoryMb, reason: `needs about ${mb(memoryMb)}, more than the ${mb(WASM_LIMIT_MB)} WASM can address: pick a smaller dtype (q4, q8) or a smaller model, or a browser with WebGPU` };
    return { fits: true, memoryMb };
  }
  if ((dtype === 'fp16' || dtype === 'q4f16') && !limits.shaderF16) return { fits: false, memoryMb, reason: `${dtype} needs the GPU feature shader-f16, which this device lacks: pick fp32, q8 or q4` };
  const largest = largestTensorMb(a, dtype) * MB;
  const cap = Math.min(limits.maxBufferSize, limits.maxStorageBufferBindingSize);
  if (largest > cap) return { fits: false, memoryMb, reason: `its largest weight (${mb(largest / MB)}) is larger than this GPU's largest buffer (${mb(cap / MB)}): pick a smaller dtype` };
  return { fits: true, memoryMb };
}
