import { describe, expect, it } from 'vitest';
import { atLinkPrecision, linkNumber, linkReach, linkReachText } from '../../../../src/core/share/index.ts';

describe('linkNumber(x)', () => {
  it('keeps integers and rounds others to three decimals as toFixed does', () => {
    expect(linkNumber(0.41591141614)).toBe(0.416);
    expect(linkNumber(46.6879761904762)).toBe(46.688);
    expect(linkNumber(240)).toBe(240);
    expect(linkNumber(-0.0004)).toBe(0);
    expect(Object.is(linkNumber(-0.0004), -0)).toBe(false);
    expect(linkNumber(Number.NaN)).toBeNaN();
  });

  it('keeps a mean inside its CI (rounding is monotone)', () => {
    expect(atLinkPrecision({ mean: 0.38149, ci: [0.38144, 0.38151], n: 3 })).toEqual({ mean: 0.381, ci: [0.381, 0.382], n: 3 });
  });
});

describe('linkReach(length)', () => {
  it('says where a link of that length can go', () => {
    expect([linkReach(2000), linkReach(2001), linkReach(4000), linkReach(4001)]).toEqual(['email', 'ticket', 'ticket', 'long']);
    expect(linkReachText(1800)).toBe('1,800 characters: short enough for an e-mail (at most 2,000), a chat message or a ticket.');
  });
});
