import { describe, expect, it } from 'vitest';
import { atLinkPrecision, linkNumber, linkReach, linkReachText } from '../../../../src/core/share/index.ts';

describe('linkNumber(x)', () => {
  it('keeps integers and rounds others to six significant digits as toPrecision does', () => {
    expect(linkNumber(0.41591141614)).toBe(0.415911);
    expect(linkNumber(46.6879761904762)).toBe(46.688);
    expect(linkNumber(0.0373831775700934)).toBe(0.0373832);
    expect(linkNumber(240)).toBe(240);
    expect(Object.is(linkNumber(-0.0000000000001), -0)).toBe(false);
    expect(linkNumber(Number.NaN)).toBeNaN();
  });

  it('keeps what the views show: three decimals of a statistic, two of a percentage', () => {
    for (const x of [0.41591141614, 0.0373831775700934, 0.12039999, 46.6879761904762, 0.9999994]) {
      expect(linkNumber(x).toFixed(3)).toBe(x.toFixed(3));
      expect((100 * linkNumber(x)).toFixed(2)).toBe((100 * x).toFixed(2));
    }
  });

  it('keeps a mean inside its CI (rounding is monotone)', () => {
    expect(atLinkPrecision({ mean: 0.3814999, ci: [0.38149941, 0.38150001], n: 3 })).toEqual({ mean: 0.3815, ci: [0.381499, 0.3815], n: 3 });
  });
});

describe('linkReach(length)', () => {
  it('says where a link of that length can go', () => {
    expect([linkReach(2000), linkReach(2001), linkReach(4000), linkReach(4001)]).toEqual(['email', 'ticket', 'ticket', 'long']);
    expect(linkReachText(1800)).toBe('1,800 characters: short enough for an e-mail (at most 2,000), a chat message or a ticket.');
  });
});
