/**
 * What the run-progress view is told (issue 48): no ETA off the first units of work (the first one
 * read "85 s left" for a run of about 5 s), and a query counter that names its query set.
 */
import { describe, expect, it } from 'vitest';
import { etaOf, queryProgressMessage } from '../../../../../src/core/audit/run/progress.ts';
import { ETA_MIN, etaSeconds } from '../../../../../src/core/models/loadProgress.ts';

describe('etaOf(done, total, elapsedMs): seconds left at the rate so far, once the rate means something', () => {
  it('25 of 100 in 5 s: 75 more at 0.2 s each = 15 s', () => {
    expect(etaOf(25, 100, 5000)).toBe(15);
  });
  it('the first unit of 60 after 1.4 s (a warm-up): no ETA — it would have said 59 × 1.4 = 82.6 s', () => {
    expect(etaOf(1, 60, 1400)).toBeUndefined();
  });
  it('a tenth done but under 2 s elapsed: none; 2 s and a tenth: (90 × 2000 / 10) / 1000 = 18 s', () => {
    expect(etaOf(50, 100, 1999)).toBeUndefined();
    expect(etaOf(9, 100, 10_000)).toBeUndefined();
    expect(etaOf(10, 100, 2000)).toBe(18);
    expect(ETA_MIN).toEqual({ elapsedMs: 2000, share: 0.1 });
  });
  it('nothing done, no time, or no total: none; all done: 0', () => {
    expect(etaOf(0, 100, 5000)).toBeUndefined();
    expect(etaOf(10, 100, 0)).toBeUndefined();
    expect(etaSeconds(0, 0, 5000)).toBeUndefined();
    expect(etaSeconds(100, 100, 5000)).toBe(0);
  });
});

describe('queryProgressMessage(subsets, index, done, of)', () => {
  const sets = [{ task: 'briefs', twinsTask: 'gender-briefs' }, { task: 'short', twinsTask: '' }];
  it('names the set and its place: the counter of the second set is not read as the first restarting', () => {
    expect(queryProgressMessage(sets, 0, 40, 40)).toBe('query set 1 of 2 (briefs · gender-briefs): query 40 of 40');
    expect(queryProgressMessage(sets, 1, 3, 1200)).toBe('query set 2 of 2 (short): query 3 of 1,200');
  });
  it('one set: its name alone', () => {
    expect(queryProgressMessage(sets.slice(0, 1), 0, 7, 40)).toBe('briefs · gender-briefs: query 7 of 40');
  });
});
