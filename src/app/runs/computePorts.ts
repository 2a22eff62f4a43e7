/**
 * The compute ports of browser runs: the compute worker, with each model's
 * vectors transferred (not copied) and progress called back through a proxy.
 */
import * as Comlink from 'comlink';
import type { ComputeApi } from '../../../workers/compute.worker.ts';
import type { ModelScoring } from '../../core/audit/modelAudit.ts';
import { CancelledError } from '../../core/audit/run/cancel.ts';
import type { RetrievalCompute } from '../../core/audit/run/retrievalRun.ts';
import type { ScreeningCompute } from '../../core/audit/run/screeningRun.ts';

/** The distinct buffers of a model's vectors (none for texts). */
function buffersOf(scoring: ModelScoring): ArrayBuffer[] {
  if (scoring.kind !== 'dense') return [];
  const arrays = [scoring.corpus, ...scoring.queries, ...Object.values(scoring.twins)];
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}

/**
 * The retrieval compute port. A call in flight when `signal` aborts rejects
 * at once with CancelledError and `stop` ends the worker (its synchronous
 * kernels cannot be interrupted; the next call starts a fresh one).
 */
export function retrievalCompute(remote: () => Comlink.Remote<ComputeApi>, signal?: AbortSignal, stop?: () => void): RetrievalCompute {
  return {
    auditModel: (job, onSubsetDone, onQueries) => {
      const call = remote().auditModel(Comlink.transfer(job, buffersOf(job.scoring)), onSubsetDone && Comlink.proxy(onSubsetDone), onQueries && Comlink.proxy(onQueries));
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
