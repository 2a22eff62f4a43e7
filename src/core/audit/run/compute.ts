/**
 * What the compute worker does (workers/compute.worker.ts exposes it as
 * is): the audits' number crunching — metrics and bootstraps — off the main
 * thread. Node calls the same functions in-thread.
 */
import { receiveJob, receiveTextSlice, type HeldInputs, type HeldState } from './heldInputs.ts';
import { auditModelJob, type ModelAuditJob } from '../retrieval/index.ts';
import { scorePredictionFiles } from '../tasks/index.ts';
import { screeningAudit } from '../screening/index.ts';
import { runOutcomesAudit } from '../outcomes/index.ts';

/** The run's inputs this realm (one compute worker) holds from earlier jobs (heldInputs.ts). */
const held: HeldState<ModelAuditJob['subsets'], readonly string[]> = {};

/**
 * The whole job from one sent with `inputs` (heldInputs.ts `receiveJob`), against what this realm
 * holds: the compute worker's auditModel and this API's both take their jobs through it.
 * @throws {Error} when the job names an input this realm does not hold.
 */
export function receivedJob(job: ModelAuditJob, inputs?: HeldInputs): ModelAuditJob {
  return receiveJob(held, job, inputs);
}

/** auditModelJob with its callbacks as separate arguments (Comlink proxies top-level functions only), the job's held inputs restored. */
function auditModel(job: ModelAuditJob, onSubsetDone?: (done: number) => void, onQueries?: (subsetIndex: number, done: number, total: number) => void, inputs?: HeldInputs) {
  return auditModelJob(receivedJob(job, inputs), onSubsetDone, undefined, { onQueries });
}

/** A slice of a job's texts sent ahead of it (heldInputs.ts `slicedJob`), held in this realm for the job. */
function holdTextSlice(id: number, index: number, texts: readonly string[]): void {
  receiveTextSlice(held, id, index, texts);
}

export const computeApi = Object.freeze({ auditModel, holdTextSlice, screeningAudit, scorePredictionFiles, outcomesAudit: runOutcomesAudit });
export type ComputeApi = typeof computeApi;
