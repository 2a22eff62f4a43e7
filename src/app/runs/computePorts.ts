/**
 * The compute ports of browser runs: the compute worker, with each model's
 * vectors transferred (not copied) and progress called back through a proxy.
 */
import * as Comlink from 'comlink';
import type { ComputeApi } from '../../../workers/compute.worker.ts';
import { sendJob, CancelledError, type HeldState, type RetrievalCompute, type ScreeningCompute } from '../../core/audit/run/index.ts';
import type { ModelScoring } from '../../core/audit/retrieval/index.ts';

/** The distinct buffers of a model's vectors (none for texts). */
function buffersOf(scoring: ModelScoring): ArrayBuffer[] {
  if (scoring.kind !== 'dense') return [];
  const arrays = [scoring.corpus, ...scoring.queries, ...Object.values(scoring.twins)];
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}

/** What each compute worker holds of a run's inputs (core/audit/run/heldInputs.ts), by its remote. */
const heldBy = new WeakMap<object, HeldState<object, object>>();

/**
 * The retrieval compute port. A call in flight when `signal` aborts rejects
 * at once with CancelledError and `stop` ends the worker (its synchronous
 * kernels cannot be interrupted; the next call starts a fresh one).
 */
export function retrievalCompute(remote: () => Comlink.Remote<ComputeApi>, signal?: AbortSignal, stop?: () => void): RetrievalCompute {
  return {
    auditModel: (job, onSubsetDone, onQueries) => {
      const worker = remote();
      let state = heldBy.get(worker);
      if (!state) heldBy.set(worker, (state = {}));
      // A run's subsets and a lexical model's texts go to a worker once (core/audit/run/heldInputs.ts).
      const { sent, inputs } = sendJob(state, job);
      const call = worker.auditModel(Comlink.transfer(sent, buffersOf(sent.scoring)), onSubsetDone && Comlink.proxy(onSubsetDone), onQueries && Comlink.proxy(onQueries), inputs);
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
    },
  };
}

export function screeningCompute(remote: Comlink.Remote<ComputeApi>): ScreeningCompute {
  return { screeningAudit: (parts, models, options, header) => remote.screeningAudit(parts, models, options, header) };
}
