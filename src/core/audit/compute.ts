/**
 * What the compute worker does (workers/compute.worker.ts exposes it as
 * is): the audits' number crunching — metrics and bootstraps — off the main
 * thread. Node calls the same functions in-thread.
 */
import { auditModelJob } from './modelAudit.ts';
import { scorePredictionFiles } from './multiTask.ts';
import { screeningAudit } from './screeningAudit.ts';
import { runOutcomesAudit } from './outcomes/outcomesInput.ts';

export const computeApi = Object.freeze({ auditModel: auditModelJob, screeningAudit, scorePredictionFiles, outcomesAudit: runOutcomesAudit });
export type ComputeApi = typeof computeApi;
