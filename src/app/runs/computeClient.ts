import * as Comlink from 'comlink';
import type { ComputeApi } from '../../../workers/compute.worker.ts';

/** The page's compute workers (metrics and bootstraps), each started on first use; [0] is the one most views use. */
const pool: { worker: Worker; remote: Comlink.Remote<ComputeApi> }[] = [];

function start(i: number): Comlink.Remote<ComputeApi> {
  if (!pool[i]) {
    const worker = new Worker(new URL('../../../workers/compute.worker.ts', import.meta.url), { type: 'module' });
    pool[i] = { worker, remote: Comlink.wrap<ComputeApi>(worker) };
  }
  return pool[i].remote;
}

/** The page's compute worker, started on first use. */
export function computeWorker(): Comlink.Remote<ComputeApi> {
  return start(0);
}

/** `n` compute workers (the first is computeWorker()): a run audits that many models at a time. */
export function computeWorkers(n: number): Comlink.Remote<ComputeApi>[] {
  return Array.from({ length: Math.max(1, n) }, (_, i) => start(i));
}

/** Ends every compute worker mid-call (a cancelled run); the next use starts fresh ones. */
export function stopComputeWorker(): void {
  for (const w of pool) w?.worker.terminate();
  pool.length = 0;
}
