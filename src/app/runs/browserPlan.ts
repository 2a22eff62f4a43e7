/**
 * What a browser run's plan takes from its RunConfig the same way whatever the audit
 * (retrievalRun.ts, screeningRun.ts): the bootstrap resamples and seed, and this browser as the
 * environment its results record (the CLI's is nodeEnvironment()).
 */
import type { RunEnvironment } from '../../core/audit/run/index.ts';

export interface BrowserPlanParts {
  readonly bootstrap: number;
  readonly seed: number;
  readonly environment: RunEnvironment;
}

/** The bootstrap, seed and environment of a browser run described by `config`. */
export function browserPlan(config: { readonly bootstrap: number; readonly seed: number }): BrowserPlanParts {
  return { bootstrap: config.bootstrap, seed: config.seed, environment: { runtime: 'browser', userAgent: globalThis.navigator?.userAgent } };
}
