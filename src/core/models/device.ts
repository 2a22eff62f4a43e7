/**
 * Device and dtype selection: pure functions of the probe result
 * (DESIGN.md, "Models"). No I/O here; the probe itself runs in
 * workers/probe.worker.ts.
 */

/** What the one-time probe of `navigator.gpu.requestAdapter()` found. */
export type DeviceProbe =
  | {
      readonly kind: 'webgpu';
      readonly vendor: string;
      readonly architecture: string;
      readonly description: string;
      /** The adapter supports `shader-f16`, so fp16 weights can run on it. */
      readonly shaderF16: boolean;
      /** The adapter's largest buffer and largest storage-buffer binding, bytes (an LLM's largest weight must fit both: core/llm/fitCheck.ts); absent when not read. */
      readonly maxBufferSize?: number;
      readonly maxStorageBufferBindingSize?: number;
    }
  | { readonly kind: 'wasm'; readonly reason: string };

export type Device = 'webgpu' | 'wasm';
export type Dtype = 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4' | 'q4f16';

/** Default dtype per device: fp32 on WebGPU (fp16 only with shader-f16), q8 on WASM. */
const DEFAULT_DTYPE = Object.freeze({ webgpu: 'fp32', wasm: 'q8' } as const satisfies Record<Device, Dtype>);

/** The device a probe result allows: WebGPU when an adapter exists, else WASM. */
export function deviceOf(probe: DeviceProbe): Device {
  return probe.kind;
}

export interface DeviceChoice {
  readonly device: Device;
  readonly dtype: Dtype;
}

/**
 * Chooses the device and dtype for a model run.
 * - No adapter: always WASM, whatever the override asks (the override is ignored, not an error).
 * - `override.device` picks WASM on a WebGPU machine.
 * - `override.dtype` wins, except fp16 on WebGPU without shader-f16, which falls back to fp32.
 * - `supported` (the dtypes a model ships) narrows the choice: when the preferred dtype is
 *   missing, the first supported one in the order fp32, q8, fp16, int8, uint8, q4, q4f16 is used (an f16 dtype only with shader-f16 on WebGPU).
 */
export function selectDevice(
  probe: DeviceProbe,
  override: { device?: Device; dtype?: Dtype } = {},
  supported?: readonly Dtype[],
): DeviceChoice {
  const device: Device = probe.kind === 'wasm' ? 'wasm' : (override.device ?? 'webgpu');
  let dtype: Dtype = override.dtype ?? DEFAULT_DTYPE[device];
  const noF16 = (d: Dtype) => (d === 'fp16' || d === 'q4f16') && device === 'webgpu' && !(probe.kind === 'webgpu' && probe.shaderF16);
  if (noF16(dtype)) dtype = 'fp32';
  if (supported && supported.length > 0 && !supported.includes(dtype)) {
    const order: Dtype[] = ['fp32', 'q8', 'fp16', 'int8', 'uint8', 'q4', 'q4f16'];
    dtype = order.find((d) => supported.includes(d) && !noF16(d)) ?? supported[0];
  }
  return { device, dtype };
}

/** The badge text for a probe: `webgpu · vendor architecture` or `wasm · reason`. */
export function describeProbe(probe: DeviceProbe): string {
  if (probe.kind === 'webgpu') {
    const detail = [probe.vendor, probe.architecture].filter((s) => s !== '').join(' ');
    return detail ? `webgpu · ${detail}` : 'webgpu';
  }
  return `wasm · ${probe.reason}`;
}
