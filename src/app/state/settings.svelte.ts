/**
 * Settings kept in this browser (localStorage): the Hub address models
 * download from, the device/dtype override and the Run form's audit kind.
 * One owner, read by the Models view, the Run view and the runs.
 */
import { DEFAULT_HUB_HOST } from '../../core/models/modelSource.ts';
import { DEVICE_OVERRIDE_KEY, parseDeviceOverride, type DeviceOverride } from '../settings/deviceOverride.ts';

export const HUB_HOST_KEY = 'fairground.hubHost';
export const AUDIT_KIND_KEY = 'fairground.runAudit';

/** The audit kinds of the Run form. */
export type RunAuditKind = 'retrieval' | 'screening';

/** A stored audit kind, or the retrieval audit for anything else. */
export function parseAuditKind(value: string | null): RunAuditKind {
  return value === 'screening' ? 'screening' : 'retrieval';
}

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** Whether `value` is an http(s) URL. */
export function isHttpAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export class SettingsState {
  hubHost = $state(storage()?.getItem(HUB_HOST_KEY) ?? DEFAULT_HUB_HOST);
  override = $state.raw<DeviceOverride>(parseDeviceOverride(storage()?.getItem(DEVICE_OVERRIDE_KEY) ?? null));
  /** The audit the Run form was last on (issue 48: it forgot it on every visit). */
  auditKind = $state<RunAuditKind>(parseAuditKind(storage()?.getItem(AUDIT_KIND_KEY) ?? null));

  /** Saves the Hub address. @returns false (nothing saved) when it is not an http(s) URL. */
  setHubHost(value: string): boolean {
    const v = value.trim();
    if (!isHttpAddress(v)) return false;
    this.hubHost = v;
    storage()?.setItem(HUB_HOST_KEY, v);
    return true;
  }

  setAuditKind(kind: RunAuditKind): void {
    this.auditKind = kind;
    storage()?.setItem(AUDIT_KIND_KEY, kind);
  }

  setOverride(o: DeviceOverride): void {
    this.override = { device: o.device, dtype: o.dtype };
    storage()?.setItem(DEVICE_OVERRIDE_KEY, JSON.stringify(this.override));
  }
}

export const settings = new SettingsState();
