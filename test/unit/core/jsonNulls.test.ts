import { describe, expect, it } from 'vitest';
import { withoutNulls } from '../../../src/core/jsonNulls.ts';
import { withNulls } from '../../../src/cli/eval/jsonNulls.ts';

describe('withoutNulls(value)', () => {
  it('turns every null back into undefined, at any depth, and undoes withNulls', () => {
    expect(withoutNulls({ a: null, b: [1, null], c: { d: 'x' } })).toEqual({ a: undefined, b: [1, undefined], c: { d: 'x' } });
    const core = { mean: undefined, ci: [0.1, undefined], n: 3 };
    expect(withoutNulls(JSON.parse(JSON.stringify(withNulls(core))))).toEqual(core);
  });
});
