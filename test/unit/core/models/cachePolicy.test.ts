import { describe, expect, it } from 'vitest';
import { cachePlan } from '../../../../src/core/models/cachePolicy.ts';

describe('cachePlan: the embedding cache where it pays', () => {
  it('keeps the cache on while a cost is unmeasured', () => {
    expect(cachePlan({})).toEqual({ lookup: true, write: true, why: undefined });
    expect(cachePlan({ lookupMs: 0.05, hitRate: 0 })).toMatchObject({ lookup: true, write: true }); // no text computed yet
    expect(cachePlan({ modelMs: 0.08, lookupMs: 0.05, hitRate: 0 })).toMatchObject({ lookup: false, write: true }); // nothing written yet
  });
  it('a transformer (2 ms a text): looks up at any hit rate above l/m and stores every vector', () => {
    // h·m > l ⇔ h > 0.05/2 = 2.5%; w < m − l ⇔ 0.2 < 1.95
    expect(cachePlan({ modelMs: 2, lookupMs: 0.05, hitRate: 0.03, writeMs: 0.2 })).toEqual({ lookup: true, write: true, why: undefined });
    expect(cachePlan({ modelMs: 2, lookupMs: 0.05, hitRate: 0.02, writeMs: 0.2 })).toMatchObject({ lookup: false, write: true });
  });
  it('a static model (GloVe as measured: m 0.079, l 0.092, w 0.201 ms) leaves the cache after the first part, and says why', () => {
    const p = cachePlan({ modelMs: 0.079, lookupMs: 0.092, hitRate: 0, writeMs: 0.201 });
    expect(p).toMatchObject({ lookup: false, write: false });
    expect(p.why).toBe('cache not looked up: 0% hits × 0.079 ms of model a text saves less than the 0.092 ms a look-up costs; not stored: storing a vector costs 0.201 ms, more than the 0.000 ms a later look-up could save');
  });
  it('a re-run with every text cached keeps looking up (h·m = 0.079 > l = 0.05)', () => {
    expect(cachePlan({ modelMs: 0.079, lookupMs: 0.05, hitRate: 1, writeMs: 0.2 })).toMatchObject({ lookup: true, write: false });
  });
  it('before any write is measured, writes only while a look-up is cheaper than the model (else no write can pay)', () => {
    expect(cachePlan({ modelMs: 0.079, lookupMs: 0.092, hitRate: 0 })).toEqual({
      lookup: false,
      write: false,
      why: 'cache not looked up: 0% hits × 0.079 ms of model a text saves less than the 0.092 ms a look-up costs; not stored: a later look-up (0.092 ms) would cost more than the model',
    });
    expect(cachePlan({ modelMs: 2, lookupMs: 0.092, hitRate: 0 })).toMatchObject({ lookup: false, write: true });
    expect(cachePlan({ modelMs: 0.05, lookupMs: 0.05, hitRate: 1 })).toMatchObject({ lookup: false, write: false });
  });
  it('the boundaries are strict: equal costs leave the part off', () => {
    expect(cachePlan({ modelMs: 1, lookupMs: 0.5, hitRate: 0.5, writeMs: 0.5 })).toMatchObject({ lookup: false, write: false });
  });
});
