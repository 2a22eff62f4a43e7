import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPlan } from '../../../../src/app/runs/browserPlan.ts';

describe('browserPlan', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("browserPlan(config) takes the config's bootstrap and seed and records this browser as the environment", () => {
    vi.stubGlobal('navigator', { userAgent: 'TestBrowser/1.0' });
    expect(browserPlan({ bootstrap: 200, seed: 7 })).toStrictEqual({ bootstrap: 200, seed: 7, environment: { runtime: 'browser', userAgent: 'TestBrowser/1.0' } });
  });

  it('browserPlan leaves the user agent undefined where there is no navigator', () => {
    vi.stubGlobal('navigator', undefined);
    expect(browserPlan({ bootstrap: 0, seed: 0 }).environment).toStrictEqual({ runtime: 'browser', userAgent: undefined });
  });
});
