/**
 * The compute ports of browser runs: the compute worker, with each model's
 * vectors transferred (not copied) and progress called back through a proxy.
 */
import * as Comlink from 'comlink';
import type { ComputeApi } from '../../../workers/compute.worker.ts';
import { heldShare, sendJob, slicedJob, CancelledError, type HeldState, type RetrievalCompute, type ScreeningCompute } from '../../core/audit/run/index.ts';
import type { ModelAuditJob, ModelResult, ModelScoring } from '../../core/audit/retrieval/index.ts';

/** A model's vector arrays: corpus, queries, twins (none for texts or scores). */
function vectorArraysOf(scoring: ModelScoring): Float32Array[] {
  return scoring.kind === 'dense' ? [scoring.corpus, ...scoring.queries, ...Object.values(scoring.twins)] : [];
}

/** The distinct buffers of a model's vectors to transfer (a SharedArrayBuffer is shared, not transferred). */
function buffersOf(scoring: ModelScoring): ArrayBuffer[] {
  return [...new Set(vectorArraysOf(scoring).map((a) => a.buffer).filter((b): b is ArrayBuffer => b instanceof ArrayBuffer))];
}

/** Bytes of a job's vectors (0 for a model without). */
function vectorBytes(job: ModelAuditJob): number {
  return vectorArraysOf(job.scoring).reduce((bytes, a) => bytes + a.byteLength, 0);
}

/**
 * Vectors from this many bytes on are audited on a worker of their own, ended after the job
 * (`retrievalLanes`). A worker holds what came to it through a message (a SharedArrayBuffer, a
 * transferred buffer) until its next full collection, and a worker that goes on to another audit
 * may not make one for a long while: at 1,000,000 documents GloVe's 440 MB stayed 34 s into
 * TF-IDF's audit on the same worker, at the run's memory peak (BENCHMARKS.md, "Issue 34:
 * 1,000,000 documents under 2.5 GB in every run"). Smaller vectors are not worth a worker's start.
 */
export const OWN_WORKER_VECTOR_BYTES = 64 * 2 ** 20;

/** What each compute worker holds of a run's inputs (core/audit/run/heldInputs.ts), by its remote. */
const heldBy = new WeakMap<object, HeldState<object, object>>();

/**
 * The retrieval compute ports of a run: `count` lanes over as many compute workers (`remote(i)`,
 * started on first use). Each job goes to an idle worker, the one that already holds the most of
 * its inputs (core `heldShare`): BM25, then TF-IDF at 1,000,000 documents run on the worker that
 * was sent the texts for BM25, where a free lane might have sent them again (a ~260 MiB serialized
 * copy and a second copy of the strings). A dense job of OWN_WORKER_VECTOR_BYTES or more goes to a
 * worker other than the first that holds no texts, where there is one, and `end(i)` ends that
 * worker after it, so its vectors go when its audit does. The run's pipeline has at most `count`
 * audits in flight, so an idle worker is always there. A call in flight when `signal` aborts
 * rejects at once with CancelledError and `stop` ends the workers (their synchronous kernels
 * cannot be interrupted; the next call starts fresh ones).
 */
export function retrievalLanes(count: number, remote: (index: number) => Comlink.Remote<ComputeApi>, signal?: AbortSignal, stop?: () => void, end?: (index: number) => void): RetrievalCompute[] {
  const workers: (Comlink.Remote<ComputeApi> | undefined)[] = new Array(Math.max(1, count)).fill(undefined);
  const busy = workers.map(() => false);
  /** The lane for `job`, and whether its worker is ended after it. */
  const pick = (job: ModelAuditJob): { i: number; ends: boolean } => {
    if (end && vectorBytes(job) >= OWN_WORKER_VECTOR_BYTES) {
      const own = workers.findIndex((w, i) => i > 0 && !busy[i] && !(w && heldBy.get(w)?.corpus));
      if (own > 0) return { i: own, ends: true };
    }
    let best = -1;
    let bestShare = -1;
    workers.forEach((w, i) => {
      const share = w ? heldShare(heldBy.get(w), job) : 0;
      if (!busy[i] && share > bestShare) (best = i), (bestShare = share);
    });
    return { i: best >= 0 ? best : 0, ends: false };
  };
  const port: RetrievalCompute = {
    auditModel: async (job, onSubsetDone, onQueries) => {
      const { i, ends } = pick(job);
      busy[i] = true;
      try {
        return await auditOn((workers[i] ??= remote(i)), job, onSubsetDone, onQueries, signal, stop);
      } finally {
        if (ends) {
          end!(i);
          workers[i] = undefined;
        }
        busy[i] = false;
      }
    },
  };
  return workers.map(() => port);
}

/** One job on one compute worker, its inputs sent once (core/audit/run/heldInputs.ts). */
function auditOn(worker: Comlink.Remote<ComputeApi>, job: ModelAuditJob, onSubsetDone: ((done: number) => void) | undefined, onQueries: ((subset: number, done: number, total: number) => void) | undefined, signal?: AbortSignal, stop?: () => void): Promise<ModelResult[]> {
  let state = heldBy.get(worker);
  if (!state) heldBy.set(worker, (state = {}));
  const made = sendJob(state, job);
  // Many texts go ahead in slices, one message each, and the job names them (heldInputs.ts `slicedJob`).
  const sliced = slicedJob(made.sent, made.inputs);
  const { sent, inputs } = sliced ?? made;
  const call = (async () => {
    for (const [index, texts] of (sliced?.slices ?? []).entries()) await worker.holdTextSlice(sliced!.corpusId, index, texts);
    return worker.auditModel(Comlink.transfer(sent, buffersOf(sent.scoring)), onSubsetDone && Comlink.proxy(onSubsetDone), onQueries && Comlink.proxy(onQueries), inputs);
  })();
  // After a failed call what the worker holds is not known: the next job sends everything.
  call.catch(() => heldBy.delete(worker));
  if (!signal) return call;
  return new Promise((resolve, reject) => {
    const abort = () => {
      stop?.();
      reject(new CancelledError());
    };
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    call.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

export function screeningCompute(remote: Comlink.Remote<ComputeApi>): ScreeningCompute {
  return { screeningAudit: (parts, models, options, header) => remote.screeningAudit(parts, models, options, header) };
}
