/**
 * Compute worker: metrics and bootstraps off the main thread. Thin on
 * purpose: the API is src/app/runs/computeApi.ts.
 */
import * as Comlink from 'comlink';
import { computeApi } from '../src/app/runs/computeApi.ts';

export type { ComputeApi, ScoringInput } from '../src/app/runs/computeApi.ts';
Comlink.expose(computeApi);
