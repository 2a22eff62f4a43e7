import * as Comlink from 'comlink';
import type { ProbeApi } from '../../workers/probe.worker.ts';
import type { DeviceProbe } from '../core/models/device.ts';

let once: Promise<DeviceProbe> | undefined;

/**
 * Probes the device once per page, in a short-lived worker, and caches the
 * answer: every later model run uses the same result.
 */
export function probeDevice(): Promise<DeviceProbe> {
  once ??= (async () => {
    const worker = new Worker(new URL('../../workers/probe.worker.ts', import.meta.url), { type: 'module' });
    const api = Comlink.wrap<ProbeApi>(worker);
    try {
      return await api.probe();
    } finally {
      api[Comlink.releaseProxy]();
      worker.terminate();
    }
  })();
  return once;
}
