/**
 * What a screening model costs to run, as a user pays it: the price of
 * 1,000 calls (one call = one job–CV pair scored), from a price the user
 * enters in one of three forms. Pure arithmetic over the measured latency;
 * the price is the user's, never a default.
 */
import type { ScreeningLatency } from './results.ts';

/** A price as a vendor or a cloud bill states it. */
export type Price =
  /** A flat price per 1,000 calls (e.g. an API's list price). */
  | { readonly kind: 'per-1000-calls'; readonly amount: number }
  /** A price per token, with the tokens one call reads and writes (prompt + CV + job + answer). */
  | { readonly kind: 'per-token'; readonly amount: number; readonly tokensPerCall: number }
  /** A price per device-hour (a GPU or VM), charged for the measured time per pair. */
  | { readonly kind: 'per-device-hour'; readonly amount: number };

/**
 * Cost of 1,000 calls:
 * - per-1000-calls: the amount;
 * - per-token: amount × tokensPerCall × 1000;
 * - per-device-hour: amount × 1000 × mean_ms_per_pair / 3,600,000 (the measured time per pair,
 *   all calls included — batching is what makes a device-hour cheap per pair).
 * NaN when the price is not a finite number ≥ 0 or the time per pair is unknown.
 * @example costPer1000Calls({ kind: 'per-device-hour', amount: 2.5 }, { mean_ms_per_pair: 36 } as ScreeningLatency) // 0.025
 */
export function costPer1000Calls(price: Price, latency: Pick<ScreeningLatency, 'mean_ms_per_pair'>): number {
  if (!(Number.isFinite(price.amount) && price.amount >= 0)) return NaN;
  switch (price.kind) {
    case 'per-1000-calls':
      return price.amount;
    case 'per-token':
      return Number.isFinite(price.tokensPerCall) && price.tokensPerCall >= 0 ? price.amount * price.tokensPerCall * 1000 : NaN;
    case 'per-device-hour':
      return Number.isFinite(latency.mean_ms_per_pair) ? (price.amount * 1000 * latency.mean_ms_per_pair) / 3_600_000 : NaN;
  }
}
