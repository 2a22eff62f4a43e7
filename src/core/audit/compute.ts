/**
 * What the compute worker does (workers/compute.worker.ts exposes it as
 * is): the audits' number crunching — metrics and bootstraps — off the main
 * thread. Node calls the same functions in-thread.
 */
import { auditModelJob, type ModelAuditJob } from './modelAudit.ts';
import { scorePredictionFiles } from './multiTask.ts';
import { screeningAudit } from './screeningAudit.ts';
import { runOutcomesAudit } from './outcomes/outcomesInput.ts';

/** auditModelJob with its callbacks as separate arguments (Comlink proxies top-level functions only). */
function auditModel(job: ModelAuditJob, onSubsetDone?: (done: number) => void, onQueries?: (subsetIndex: number, done: number, total: number) => void) {
  return auditModelJob(job, onSubsetDone, undefined, { onQueries });
}

export const computeApi = Object.freeze({ auditModel, screeningAudit, scorePredictionFiles, outcomesAudit: runOutcomesAudit });
export type ComputeApi = typeof computeApi;
