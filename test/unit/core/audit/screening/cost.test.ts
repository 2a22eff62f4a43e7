import { describe, expect, it } from 'vitest';
import { costPer1000Calls } from '../../../../../src/core/audit/screening/cost.ts';

describe('costPer1000Calls(price, latency)', () => {
  const latency = { mean_ms_per_pair: 36 };

  it('a flat price per 1,000 calls is that price', () => {
    expect(costPer1000Calls({ kind: 'per-1000-calls', amount: 0.8 }, latency)).toBe(0.8);
  });

  it('per token: amount × tokens per call × 1000 ($0.000002 × 1,500 tokens → $3 per 1,000 calls)', () => {
    expect(costPer1000Calls({ kind: 'per-token', amount: 0.000002, tokensPerCall: 1500 }, latency)).toBeCloseTo(3, 12);
  });

  it('per device-hour: 1,000 pairs at 36 ms each are 36 s, a hundredth of an hour: $2.50/h → $0.025', () => {
    expect(costPer1000Calls({ kind: 'per-device-hour', amount: 2.5 }, latency)).toBeCloseTo(0.025, 12);
  });

  it('is NaN for a negative or missing price, a negative token count, or an unknown time per pair', () => {
    expect(costPer1000Calls({ kind: 'per-1000-calls', amount: -1 }, latency)).toBeNaN();
    expect(costPer1000Calls({ kind: 'per-1000-calls', amount: NaN }, latency)).toBeNaN();
    expect(costPer1000Calls({ kind: 'per-token', amount: 1, tokensPerCall: -3 }, latency)).toBeNaN();
    expect(costPer1000Calls({ kind: 'per-device-hour', amount: 2 }, { mean_ms_per_pair: NaN })).toBeNaN();
  });
});
