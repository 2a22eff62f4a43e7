/**
 * The compute ports of browser runs: the compute worker, with each model's
 * vectors transferred (not copied) and progress called back through a proxy.
 */
import * as Comlink from 'comlink';
import type { ComputeApi } from '../../../workers/compute.worker.ts';
import type { ModelScoring } from '../../core/audit/modelAudit.ts';
import type { RetrievalCompute } from '../../core/audit/run/retrievalRun.ts';
import type { ScreeningCompute } from '../../core/audit/run/screeningRun.ts';

/** The distinct buffers of a model's vectors (none for texts). */
function buffersOf(scoring: ModelScoring): ArrayBuffer[] {
  if (scoring.kind !== 'dense') return [];
  const arrays = [scoring.corpus, ...scoring.queries, ...Object.values(scoring.twins)];
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}

export function retrievalCompute(remote: Comlink.Remote<ComputeApi>): RetrievalCompute {
  return {
    auditModel: (job, onSubsetDone) => remote.auditModel(Comlink.transfer(job, buffersOf(job.scoring)), onSubsetDone && Comlink.proxy(onSubsetDone)),
  };
}

export function screeningCompute(remote: Comlink.Remote<ComputeApi>): ScreeningCompute {
  return { screeningAudit: (parts, models, options, header) => remote.screeningAudit(parts, models, options, header) };
}
