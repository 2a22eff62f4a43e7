/**
 * Compute worker: the audits' metrics and bootstraps off the main thread.
 * Thin on purpose: the API is src/core/audit/run/compute.ts; this adapter adds
 * the WebGPU device dense models are scored on where the page has an adapter
 * (src/gpu/webgpuDense.ts, refined to the CPU path's ranks by core). Comlink passes
 * only an error's name and message across, so a FormatError's file and line
 * are put into its message here.
 */
import * as Comlink from 'comlink';
import { computeApi, receivedJob, type ComputeApi as CoreComputeApi } from '../src/core/audit/run/index.ts';
import { checkDenseScoring, auditModelJob, wantsDenseDevice, type SubsetVectors } from '../src/core/audit/retrieval/index.ts';
import { FormatError, formatErrorLine } from '../src/core/formats/formatError.ts';
import { openWebGpuDense, type WebGpuDense } from '../src/gpu/webgpuDense.ts';

/** The worker's WebGPU device for dense scoring, opened on the first dense model (undefined: no adapter; the CPU scores). */
let gpu: Promise<WebGpuDense | undefined> | undefined;

const exposed: CoreComputeApi & { checkDenseScoring: typeof checkDense } = {
  ...computeApi,
  // core's auditModel (the job's held inputs restored), on this worker's WebGPU device where it has one
  async auditModel(job, onSubsetDone, onQueries, inputs) {
    const full = receivedJob(job, inputs);
    // The audit runs in a task of its own, after the message that brought the job has been handled.
    // Run inside its handler, it kept that MessageEvent alive to its end, and with it Chromium's
    // serialized copy of the job (~262 MiB at 1,000,000 documents); after it, the copy goes at the
    // worker's next full collection (BENCHMARKS.md, "Issue 34's goals on another machine").
    await nextTask();
    // The device is opened for the first job with a subset large enough to pay for it (core: denseDevice.ts).
    const denseDots = wantsDenseDevice(full) ? await (gpu ??= openWebGpuDense()) : undefined;
    return auditModelJob(full, onSubsetDone, undefined, { onQueries, denseDots, pause: pauseEvery(PAUSE_MS) });
  },
  checkDenseScoring: checkDense,
  async scorePredictionFiles(files) {
    try {
      return await computeApi.scorePredictionFiles(files);
    } catch (e) {
      throw e instanceof FormatError ? new Error(formatErrorLine(e)) : e;
    }
  },
};

/** How often a long audit gives this worker's event loop a task (auditModelJob's `pause`). */
const PAUSE_MS = 100;

/** A message this worker sends itself: each resolves the oldest `nextTask` waiting. */
const selfChannel = new MessageChannel();
const waiting: (() => void)[] = [];
selfChannel.port1.onmessage = () => waiting.shift()?.();

/**
 * Resolves in a task of its own, after the task that called it has ended: a message to itself (a
 * timer set from a timer's task is held back 4 ms after a few in a row).
 */
function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    selfChannel.port2.postMessage(undefined);
  });
}

/** A pause that yields a task (`nextTask`) when `ms` have passed since the last, else returns at once. */
function pauseEvery(ms: number): () => Promise<void> | undefined {
  let last = performance.now();
  return () => {
    const now = performance.now();
    if (now - last < ms) return undefined;
    last = now;
    return nextTask();
  };
}

/** CPU against WebGPU dense scoring on the same vectors (core/audit/retrieval/denseCheck.ts); undefined without an adapter. */
async function checkDense(vectors: SubsetVectors, dim: number, twinOf: Int32Array) {
  const device = await (gpu ??= openWebGpuDense());
  return device ? checkDenseScoring(vectors, dim, twinOf, device) : undefined;
}

/** What the page's remote of this worker offers. */
export type ComputeApi = typeof exposed;

Comlink.expose(exposed);
