import { describe, expect, it } from 'vitest';
import { parseHash } from '../../../src/app/router.svelte.ts';

describe('parseHash(hash)', () => {
  it('opens home for an empty or unknown hash', () => {
    expect(parseHash('').route).toBe('home');
    expect(parseHash('#/nowhere').route).toBe('home');
  });
  it('reads the route and its sub-path', () => {
    expect(parseHash('#/learn/ndcg')).toMatchObject({ route: 'learn', rest: 'ndcg' });
  });
  it('reads query parameters after the path', () => {
    const r = parseHash('#/results?metric=ndcg@10');
    expect(r.route).toBe('results');
    expect(r.params.get('metric')).toBe('ndcg@10');
  });
  it('sends a permalink fragment to the results view', () => {
    expect(parseHash('#r=abc').route).toBe('results');
  });
});
