import * as Comlink from 'comlink';
import type { ComputeApi } from '../../../workers/compute.worker.ts';

let remote: Comlink.Remote<ComputeApi> | undefined;

/** The page's compute worker (metrics and bootstraps), started on first use. */
export function computeWorker(): Comlink.Remote<ComputeApi> {
  remote ??= Comlink.wrap<ComputeApi>(new Worker(new URL('../../../workers/compute.worker.ts', import.meta.url), { type: 'module' }));
  return remote;
}
