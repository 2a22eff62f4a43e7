import { describe, expect, it } from 'vitest';
import { deviceLimits, llmFitCheck } from '../../../../src/core/llm/fitCheck.ts';
import { decoderKvShape, isCausalLmConfig, llmArchitectureOf } from '../../../../src/core/llm/causalLmConfig.ts';
import type { DeviceProbe } from '../../../../src/core/models/device.ts';

// Qwen2.5-0.5B-Instruct's shapes (its config.json: 24 layers, 14 heads, 2 KV heads, hidden 896).
const qwen05 = { layers: 24, kvHeads: 2, headDim: 64, vocab: 151936, hidden: 896 };
const wasm: DeviceProbe = { kind: 'wasm', reason: 'no adapter' };
const MiB = 2 ** 20;
const gpu = (o: { f16: boolean; buffer?: number }): DeviceProbe => ({ kind: 'webgpu', vendor: '', architecture: '', description: '', shaderF16: o.f16, ...(o.buffer !== undefined ? { maxBufferSize: 4 * o.buffer, maxStorageBufferBindingSize: o.buffer } : {}) });

describe('isCausalLmConfig(config)', () => {
  it('is true for an `architectures` entry ending in ForCausalLM, false otherwise', () => {
    expect(isCausalLmConfig({ architectures: ['LlamaForCausalLM'] })).toBe(true);
    expect(isCausalLmConfig({ architectures: ['BertModel', 'Qwen2ForCausalLM'] })).toBe(true);
    expect(isCausalLmConfig({ architectures: ['BertForSequenceClassification'] })).toBe(false);
    expect(isCausalLmConfig({ model_type: 'llama' })).toBe(false);
    expect(isCausalLmConfig({ architectures: 'LlamaForCausalLM' })).toBe(false);
    expect(isCausalLmConfig(null)).toBe(false);
  });
  it('takes GPT-2\'s older class name too, but no encoder-decoder LM head', () => {
    expect(isCausalLmConfig({ architectures: ['GPT2LMHeadModel'] })).toBe(true);
    expect(isCausalLmConfig({ architectures: ['T5WithLMHeadModel'] })).toBe(false);
  });
});

describe('llmArchitectureOf(config)', () => {
  it('reads the shapes as transformers does: KV heads default to the heads, head size to hidden / heads', () => {
    expect(llmArchitectureOf({ num_hidden_layers: 24, num_attention_heads: 14, num_key_value_heads: 2, hidden_size: 896, vocab_size: 151936 })).toEqual(qwen05);
    // no num_key_value_heads: multi-head attention, 32 / 2 = 16 per head
    expect(llmArchitectureOf({ num_hidden_layers: 3, num_attention_heads: 2, hidden_size: 32, vocab_size: 1981 })).toEqual({ layers: 3, kvHeads: 2, headDim: 16, vocab: 1981, hidden: 32 });
    // an explicit head_dim wins (planted-llm: hidden 32, 2 heads of 32)
    expect(llmArchitectureOf({ num_hidden_layers: 3, num_attention_heads: 2, num_key_value_heads: 2, head_dim: 32, hidden_size: 32, vocab_size: 1981 })?.headDim).toBe(32);
  });
  it('returns undefined when a shape is missing or not a positive whole number', () => {
    expect(llmArchitectureOf({ num_hidden_layers: 3, num_attention_heads: 2, hidden_size: 32 })).toBeUndefined();
    expect(llmArchitectureOf({ num_hidden_layers: 3, num_attention_heads: 3, hidden_size: 32, vocab_size: 10 })).toBeUndefined(); // 32 / 3 is no head size
    expect(llmArchitectureOf('config')).toBeUndefined();
  });
  it('reads the families\' other field names: GPT-2 (n_layer, n_head, n_embd), MPT (n_layers, n_heads, d_model), GPT-BigCode multi-query', () => {
    // distilgpt2's config.json: 6 layers, 12 heads, 768 wide: heads of 64
    expect(llmArchitectureOf({ architectures: ['GPT2LMHeadModel'], n_layer: 6, n_head: 12, n_embd: 768, vocab_size: 50257 })).toEqual({ layers: 6, kvHeads: 12, headDim: 64, vocab: 50257, hidden: 768 });
    expect(decoderKvShape({ n_layers: 4, n_heads: 8, d_model: 256 })).toEqual({ layers: 4, heads: 8, kvHeads: 8, headDim: 32, hidden: 256 });
    expect(decoderKvShape({ n_layer: 2, n_head: 4, n_embd: 64, multi_query: true })?.kvHeads).toBe(1);
    // the transformers names win where both are given
    expect(decoderKvShape({ num_hidden_layers: 3, n_layer: 9, num_attention_heads: 2, hidden_size: 32 })?.layers).toBe(3);
  });
});

describe('deviceLimits(probe, device)', () => {
  it('is WASM for WASM (asked, or no adapter), else the adapter\'s limits, Infinity where not read', () => {
    expect(deviceLimits(gpu({ f16: true, buffer: 128 * MiB }), 'wasm')).toEqual({ kind: 'wasm' });
    expect(deviceLimits(wasm, 'webgpu')).toEqual({ kind: 'wasm' });
    expect(deviceLimits(gpu({ f16: true, buffer: 128 * MiB }), 'webgpu')).toEqual({ kind: 'webgpu', shaderF16: true, maxBufferSize: 512 * MiB, maxStorageBufferBindingSize: 128 * MiB });
    expect(deviceLimits(gpu({ f16: false }), 'webgpu')).toEqual({ kind: 'webgpu', shaderF16: false, maxBufferSize: Infinity, maxStorageBufferBindingSize: Infinity });
  });
});

describe('llmFitCheck(entry, probe, asked)', () => {
  // Memory by hand: KV cache 2·24·2·64·4096 tokens·4 bytes = 96 MiB (f32 cache for q4 and q8), ×1.2 over weights + cache.
  it('fits q4 (400 MB) on WASM: 1.2 × (400 + 96) = 595 MB, with the limit said', () => {
    const c = llmFitCheck({ sizeMb: { q4: 400 }, architecture: qwen05 }, wasm);
    expect(c).toMatchObject({ device: 'wasm', dtype: 'q4', downloadMb: 400, fits: true });
    expect(c.memoryMb).toBeCloseTo(595.2, 9);
    expect(c.verdict).toBe('fits: about 595 MB of memory for q4 on wasm (WASM addresses at most 4,096 MB)');
  });
  it('takes the dtype as the runner would: the device default (q8 on WASM) among those shipped, an asked one when shipped', () => {
    const sizes = { fp32: 2072, q8: 544, q4: 337 };
    expect(llmFitCheck({ sizeMb: sizes, architecture: qwen05 }, wasm).dtype).toBe('q8');
    expect(llmFitCheck({ sizeMb: sizes, architecture: qwen05 }, wasm, { dtype: 'q4' }).dtype).toBe('q4');
    // WASM asked on a WebGPU machine
    expect(llmFitCheck({ sizeMb: sizes, architecture: qwen05 }, gpu({ f16: true }), { device: 'wasm' }).device).toBe('wasm');
  });
  it('refuses what WASM cannot address (1.2 × (3,400 + 96) = 4,195 MB > 4,096 MB) and says what would fit', () => {
    const c = llmFitCheck({ sizeMb: { fp32: 3400 }, architecture: qwen05 }, wasm, { dtype: 'fp32' });
    expect(c.fits).toBe(false);
    expect(c.verdict).toMatch(/^will not run here: needs about 4,195 MB, more than the 4,096 MB WASM can address: pick a smaller dtype/);
  });
  it('refuses q4f16 on a GPU without shader-f16 (a model that ships only q4f16 keeps it), and an embedding table over the largest buffer', () => {
    const phi = llmFitCheck({ sizeMb: { q4f16: 2500 }, architecture: qwen05 }, gpu({ f16: false }), { dtype: 'q4f16' });
    expect(phi).toMatchObject({ dtype: 'q4f16', fits: false });
    expect(phi.verdict).toMatch(/shader-f16/);
    // fp32 embedding table 151936·896·4 B = 519 MiB > a 128 MiB binding
    const big = llmFitCheck({ sizeMb: { fp32: 2072 }, architecture: qwen05 }, gpu({ f16: true, buffer: 128 * MiB }), { dtype: 'fp32' });
    expect(big.fits).toBe(false);
    expect(big.verdict).toMatch(/largest weight \(519 MB\) is larger than this GPU's largest buffer \(128 MB\)/);
    const ok = llmFitCheck({ sizeMb: { fp32: 2072 }, architecture: qwen05 }, gpu({ f16: true, buffer: 1024 * MiB }), { dtype: 'fp32' });
    expect(ok.fits).toBe(true);
    expect(ok.verdict).toMatch(/largest GPU buffer 1,024 MB, shader-f16 yes/);
  });
  it('cannot tell without sizes (a typed Hub id) or without shapes, and says so', () => {
    expect(llmFitCheck({ sizeMb: {} }, wasm)).toMatchObject({ dtype: 'q8', downloadMb: undefined, fits: undefined });
    expect(llmFitCheck({ sizeMb: {} }, wasm).verdict).toMatch(/^size and memory unknown until it downloads/);
    const noShapes = llmFitCheck({ sizeMb: { q8: 544 } }, wasm);
    expect(noShapes).toMatchObject({ downloadMb: 544, memoryMb: undefined, fits: undefined });
    expect(noShapes.verdict).toMatch(/the q8 weights alone are 544 MB/);
  });
});
