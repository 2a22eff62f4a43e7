import * as Comlink from 'comlink';
import type { ComputeApi } from '../../../workers/compute.worker.ts';

let remote: Comlink.Remote<ComputeApi> | undefined;
let worker: Worker | undefined;

/** The page's compute worker (metrics and bootstraps), started on first use. */
export function computeWorker(): Comlink.Remote<ComputeApi> {
  if (!remote) {
    worker = new Worker(new URL('../../../workers/compute.worker.ts', import.meta.url), { type: 'module' });
    remote = Comlink.wrap<ComputeApi>(worker);
  }
  return remote;
}

/** Ends the compute worker mid-call (a cancelled run); the next computeWorker() starts a fresh one. */
export function stopComputeWorker(): void {
  worker?.terminate();
  worker = undefined;
  remote = undefined;
}
