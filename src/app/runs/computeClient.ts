import * as Comlink from 'comlink';
import type { ComputeApi } from '../../../workers/compute.worker.ts';

/** The page's compute workers (metrics and bootstraps), by index; an index may be empty. */
const pool: { worker: Worker; remote: Comlink.Remote<ComputeApi> }[] = [];

/**
 * Compute worker `index` of the page, started on first use: 0 is the one the views use; a
 * retrieval run audits on 0, 1, … at once (core/audit/run/lanes.ts).
 */
export function computeWorker(index = 0): Comlink.Remote<ComputeApi> {
  if (!pool[index]) {
    const worker = new Worker(new URL('../../../workers/compute.worker.ts', import.meta.url), { type: 'module' });
    pool[index] = { worker, remote: Comlink.wrap<ComputeApi>(worker) };
  }
  return pool[index].remote;
}

/**
 * Ends compute worker `index` (the next use starts another): all it held goes at once, where a
 * worker that waits would keep what came to it through messages until it next collects.
 */
export function endComputeWorker(index: number): void {
  pool[index]?.worker.terminate();
  delete pool[index];
}

/** Ends every compute worker mid-call (a cancelled run); the next use starts fresh ones. */
export function stopComputeWorker(): void {
  for (const w of pool) w?.worker.terminate();
  pool.length = 0;
}
