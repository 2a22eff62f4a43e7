import { describe, expect, it } from 'vitest';
import { describeProbe, selectDevice, type DeviceProbe } from '../../../src/core/models/device.ts';

const gpu: DeviceProbe = { kind: 'webgpu', vendor: 'google', architecture: 'swiftshader', description: '', shaderF16: false };
const gpuF16: DeviceProbe = { ...gpu, shaderF16: true };
const noGpu: DeviceProbe = { kind: 'wasm', reason: 'no WebGPU adapter found' };

describe('selectDevice(probe, override, supported)', () => {
  it('picks webgpu with fp32 when an adapter exists', () => {
    expect(selectDevice(gpu)).toEqual({ device: 'webgpu', dtype: 'fp32' });
  });
  it('picks wasm with q8 when there is no adapter', () => {
    expect(selectDevice(noGpu)).toEqual({ device: 'wasm', dtype: 'q8' });
  });
  it('ignores a webgpu override without an adapter', () => {
    expect(selectDevice(noGpu, { device: 'webgpu' })).toEqual({ device: 'wasm', dtype: 'q8' });
  });
  it('lets the user choose wasm on a webgpu machine', () => {
    expect(selectDevice(gpu, { device: 'wasm' })).toEqual({ device: 'wasm', dtype: 'q8' });
  });
  it('gives fp16 only where shader-f16 is available', () => {
    expect(selectDevice(gpu, { dtype: 'fp16' }).dtype).toBe('fp32');
    expect(selectDevice(gpuF16, { dtype: 'fp16' }).dtype).toBe('fp16');
  });
  it('falls back to a dtype the model ships', () => {
    expect(selectDevice(noGpu, {}, ['fp32'])).toEqual({ device: 'wasm', dtype: 'fp32' });
    expect(selectDevice(gpu, {}, ['q8', 'fp16'])).toEqual({ device: 'webgpu', dtype: 'q8' });
  });
});

describe('describeProbe(probe)', () => {
  it('names the adapter vendor and architecture', () => {
    expect(describeProbe(gpu)).toBe('webgpu · google swiftshader');
  });
  it('gives the reason for wasm', () => {
    expect(describeProbe(noGpu)).toBe('wasm · no WebGPU adapter found');
  });
});
