/**
 * The Models view's device/dtype override, stored in localStorage under
 * `fairground.deviceOverride` as JSON `{"device":"auto"|"wasm","dtype":"auto"|"fp32"|"fp16"|"q8"}`.
 * Pure: parsing and mapping only; the state class reads and writes storage.
 */
import type { Device, Dtype } from '../../core/models/device.ts';

export const DEVICE_OVERRIDE_KEY = 'fairground.deviceOverride';

export const DEVICE_CHOICES = Object.freeze(['auto', 'wasm'] as const);
export const DTYPE_CHOICES = Object.freeze(['auto', 'fp32', 'fp16', 'q8'] as const);

export interface DeviceOverride {
  readonly device: (typeof DEVICE_CHOICES)[number];
  readonly dtype: (typeof DTYPE_CHOICES)[number];
}

export const NO_OVERRIDE: DeviceOverride = Object.freeze({ device: 'auto', dtype: 'auto' });

/**
 * Reads a stored override. Anything missing, malformed or unknown reads as
 * `auto` (one rule: a bad stored value never blocks a run).
 */
export function parseDeviceOverride(raw: string | null): DeviceOverride {
  if (!raw) return NO_OVERRIDE;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return NO_OVERRIDE;
  }
  const o = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const device = DEVICE_CHOICES.find((d) => d === o.device) ?? 'auto';
  const dtype = DTYPE_CHOICES.find((d) => d === o.dtype) ?? 'auto';
  return { device, dtype };
}

/** The `override` an EmbeddingRunner takes: `auto` fields are left out, so selectDevice decides. */
export function runnerOverride(o: DeviceOverride): { device?: Device; dtype?: Dtype } {
  return {
    ...(o.device === 'wasm' ? { device: 'wasm' as const } : {}),
    ...(o.dtype === 'auto' ? {} : { dtype: o.dtype }),
  };
}
