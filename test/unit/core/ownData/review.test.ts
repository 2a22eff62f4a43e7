import { describe, expect, it } from 'vitest';
import { acceptAll, acceptedVariants, decisionsJson, parseDecisions, reviewCounts, reviewState, type ReviewDecision } from '../../../../src/core/ownData/review.ts';
import type { Variant } from '../../../../src/core/counterfactual/variant.ts';

const variant = (id: string, kind: Variant['kind']): Variant => ({
  id, of: 'cv1', kind, attribute: kind === 'noise' ? 'noise' : 'gender', group: kind === 'noise' ? 'typos' : 'female',
  signal: kind === 'noise' ? 'noise' : kind === 'explicit' ? 'explicit' : 'implicit', from: 'base', text: `text of ${id}`, edits: [{ offset: 0, before: 'a', after: 'b' }],
});
const vs = [variant('v1', 'names'), variant('v2', 'names'), variant('v3', 'explicit'), variant('v4', 'noise')];

describe('review', () => {
  const decisions = new Map<string, ReviewDecision>([
    ['v1', { state: 'accepted' }],
    ['v2', { state: 'rejected' }],
    ['v3', { state: 'edited', text: 'Gender: Female\nmine' }],
  ]);

  it('reviewCounts(variants, decisions) counts each state, pending where there is no decision', () => {
    expect(reviewCounts(vs, decisions)).toEqual({ generated: 4, accepted: 1, rejected: 1, edited: 1, pending: 1 });
    expect(reviewCounts(vs, decisions, 'names')).toEqual({ generated: 2, accepted: 1, rejected: 1, edited: 0, pending: 0 });
    expect(reviewState(decisions, 'v4')).toBe('pending');
  });

  it('acceptedVariants keeps accepted ones as generated and edited ones with the text the reviewer wrote (no edit list)', () => {
    const kept = acceptedVariants(vs, decisions);
    expect(kept.map((v) => v.id)).toEqual(['v1', 'v3']);
    expect(kept[0]).toBe(vs[0]);
    expect(kept[1]).toMatchObject({ id: 'v3', text: 'Gender: Female\nmine', edits: [] });
  });

  it('acceptAll leaves the variants of held CVs pending (they wait for a name), but accepts their neutral bases', () => {
    const base = { ...variant('cv1.neutral', 'neutral'), of: 'cv1' };
    const other = { ...variant('v9', 'names'), of: 'cv2' };
    expect([...acceptAll([base, ...vs, other], new Map(), undefined, new Set(['cv1']))].map(([id]) => id)).toEqual(['cv1.neutral', 'v9']);
  });

  it('acceptAll accepts the pending variants of one kind (or all), never overriding a decision', () => {
    expect([...acceptAll(vs, new Map([['v2', { state: 'rejected' }]]), 'names')]).toEqual([['v2', { state: 'rejected' }], ['v1', { state: 'accepted' }]]);
    expect(reviewCounts(vs, acceptAll(vs, decisions))).toEqual({ generated: 4, accepted: 2, rejected: 1, edited: 1, pending: 0 });
  });

  it('decisionsJson and parseDecisions round-trip; a malformed entry is named', () => {
    const json = decisionsJson(decisions);
    expect(json).toEqual({ v1: 'accepted', v2: 'rejected', v3: { edited: 'Gender: Female\nmine' } });
    expect(parseDecisions(JSON.parse(JSON.stringify(json)))).toEqual(decisions);
    expect(() => parseDecisions({ v1: 'maybe' })).toThrow('decisions["v1"]: expected "accepted", "rejected" or {"edited": "<text>"}');
    expect(() => parseDecisions([])).toThrow(/expected a JSON object/);
  });
});
