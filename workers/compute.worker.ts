/**
 * Compute worker: the audits' metrics and bootstraps off the main thread.
 * Thin on purpose: the API is src/core/audit/compute.ts. Comlink passes
 * only an error's name and message across, so a FormatError's file and line
 * are put into its message here.
 */
import * as Comlink from 'comlink';
import { computeApi, type ComputeApi } from '../src/core/audit/compute.ts';
import { FormatError, formatErrorLine } from '../src/core/formats/formatError.ts';

export type { ComputeApi } from '../src/core/audit/compute.ts';

const exposed: ComputeApi = {
  ...computeApi,
  async scorePredictionFiles(files) {
    try {
      return await computeApi.scorePredictionFiles(files);
    } catch (e) {
      throw e instanceof FormatError ? new Error(formatErrorLine(e)) : e;
    }
  },
};
Comlink.expose(exposed);
