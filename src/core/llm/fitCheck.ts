/**
 * "Will it run here?" before anything downloads (issue 49): for an LLM picked in the Run form, the
 * weights the run would load (selectDevice, as the runner chooses them), their download size, the
 * estimated memory (llmFit) against this device's limits as the probe read them, and one sentence.
 */
import { selectDevice, type Device, type DeviceProbe, type Dtype } from '../models/device.ts';
import type { DecisionModelEntry } from '../models/modelSpec.ts';
import { llmFit, WASM_LIMIT_MB, type DeviceLimits } from './memoryEstimate.ts';

/** What the Run form says about one LLM on this device. `fits` is undefined when it cannot be told. */
export interface LlmFitCheck {
  readonly device: Device;
  readonly dtype: Dtype;
  /** The dtype's download, MB (undefined when the model's sizes are unknown: a typed Hub id). */
  readonly downloadMb: number | undefined;
  /** Estimated memory to run a screening prompt, MB (undefined without the model's shapes or size). */
  readonly memoryMb: number | undefined;
  readonly fits: boolean | undefined;
  /** The verdict in words: what fits, why not and what would, or what is unknown. */
  readonly verdict: string;
}

/**
 * The limits a model meets on `device` given the probe: WASM's 4 GiB address space, or the WebGPU
 * adapter's `shader-f16` and largest buffers (Infinity for a limit the probe did not read).
 * @example deviceLimits({ kind: 'wasm', reason: 'no adapter' }, 'wasm') // { kind: 'wasm' }
 */
export function deviceLimits(probe: DeviceProbe, device: Device): DeviceLimits {
  if (device === 'wasm' || probe.kind === 'wasm') return { kind: 'wasm' };
  return { kind: 'webgpu', shaderF16: probe.shaderF16, maxBufferSize: probe.maxBufferSize ?? Infinity, maxStorageBufferBindingSize: probe.maxStorageBufferBindingSize ?? Infinity };
}

const mb = (x: number) => `${Math.round(x).toLocaleString('en-US')} MB`;

/** The limits, in words, for the verdict. */
function limitsText(limits: DeviceLimits): string {
  if (limits.kind === 'wasm') return `WASM addresses at most ${mb(WASM_LIMIT_MB)}`;
  const cap = Math.min(limits.maxBufferSize, limits.maxStorageBufferBindingSize);
  const buffer = Number.isFinite(cap) ? `largest GPU buffer ${mb(cap / 2 ** 20)}` : 'largest GPU buffer not reported';
  return `WebGPU: ${buffer}, shader-f16 ${limits.shaderF16 ? 'yes' : 'no'}; WebGPU cannot report free GPU memory`;
}

/**
 * Whether `entry` (an LLM) will run on this device with the weights asked for (`dtype`, else the
 * device's default among those it ships) on `device` (WASM when asked, else what the probe allows).
 * @example llmFitCheck({ sizeMb: { q4: 400 }, architecture: qwen05 }, { kind: 'wasm', reason: '' }).verdict // 'fits: about 595 MB of memory for q4 on wasm (WASM addresses at most 4,096 MB)'
 */
export function llmFitCheck(entry: Pick<DecisionModelEntry, 'sizeMb' | 'architecture'>, probe: DeviceProbe, asked: { readonly device?: Device; readonly dtype?: Dtype } = {}): LlmFitCheck {
  const { device, dtype } = selectDevice(probe, asked, Object.keys(entry.sizeMb) as Dtype[]);
  const downloadMb = entry.sizeMb[dtype];
  const limits = deviceLimits(probe, device);
  if (downloadMb === undefined) {
    return { device, dtype, downloadMb, memoryMb: undefined, fits: undefined, verdict: `size and memory unknown until it downloads (${dtype} on ${device}; ${limitsText(limits)})` };
  }
  if (!entry.architecture) {
    return { device, dtype, downloadMb, memoryMb: undefined, fits: undefined, verdict: `memory unknown (its shapes are not known here): the ${dtype} weights alone are ${mb(downloadMb)} (${limitsText(limits)})` };
  }
  const v = llmFit(entry.architecture, downloadMb, dtype, limits);
  if (!v.fits) return { device, dtype, downloadMb, memoryMb: v.memoryMb, fits: false, verdict: `will not run here: ${v.reason}` };
  return { device, dtype, downloadMb, memoryMb: v.memoryMb, fits: true, verdict: `fits: about ${mb(v.memoryMb)} of memory for ${dtype} on ${device} (${limitsText(limits)})` };
}
