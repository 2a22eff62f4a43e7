import { probeDevice } from '../../models/deviceProbe.ts';
import type { DeviceProbe } from '../../core/models/device.ts';

/** The device probe's answer, for the badge and for every model run. */
export class DeviceState {
  probe = $state<DeviceProbe | undefined>(undefined);
  error = $state<string | undefined>(undefined);

  async start(): Promise<DeviceProbe> {
    try {
      const p = await probeDevice();
      this.probe = p;
      return p;
    } catch (e) {
      this.error = e instanceof Error ? e.message : String(e);
      const fallback: DeviceProbe = { kind: 'wasm', reason: `probe failed: ${this.error}` };
      this.probe = fallback;
      return fallback;
    }
  }
}

export const deviceState = new DeviceState();
