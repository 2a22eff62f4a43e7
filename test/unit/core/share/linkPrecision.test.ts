import { describe, expect, it } from 'vitest';
import { atLinkPrecision, linkNumber, linkReach, linkReachText } from '../../../../src/core/share/index.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';

describe('linkNumber(x)', () => {
  it('keeps integers and rounds others to seven significant digits as toPrecision does', () => {
    expect(linkNumber(0.41591141614)).toBe(0.4159114);
    expect(linkNumber(46.6879761904762)).toBe(46.68798);
    expect(linkNumber(0.0373831775700934)).toBe(0.03738318);
    expect(linkNumber(240)).toBe(240);
    expect(Object.is(linkNumber(-1e-20), -0)).toBe(false);
    expect(linkNumber(Number.NaN)).toBeNaN();
  });

  it('keeps a number whole when its rounding ends in 5, a tie of a coarser precision (the multi-task e2e’s 64.210 shown as 64.211)', () => {
    expect(linkNumber(64.21049997)).toBe(64.21049997);
    expect(linkNumber(64.21050003)).toBe(64.21050003);
    expect(linkNumber(0.12345499999)).toBe(0.12345499999);
  });

  it('shows what the views show for 100,000 seeded numbers: three decimals of a statistic, two of a percentage', () => {
    const rng = createRng(7);
    for (let i = 0; i < 100_000; i++) {
      const scale = [1, 10, 100, 0.01][i % 4];
      const x = rng.next() * scale * (i % 3 === 0 ? -1 : 1);
      const ties = [Math.round(x * 1e4) / 1e4 + 5e-5 * Math.sign(x), x];
      for (const v of ties) {
        expect(linkNumber(v).toFixed(3), `${v}`).toBe(v.toFixed(3));
        expect((100 * linkNumber(v)).toFixed(2), `${v}`).toBe((100 * v).toFixed(2));
      }
    }
  });

  it('keeps a mean inside its CI (rounding is monotone)', () => {
    expect(atLinkPrecision({ mean: 0.38149999, ci: [0.381499941, 0.38150001], n: 3 })).toEqual({ mean: 0.38149999, ci: [0.3814999, 0.38150001], n: 3 });
  });
});

describe('linkReach(length)', () => {
  it('says where a link of that length can go', () => {
    expect([linkReach(2000), linkReach(2001), linkReach(4000), linkReach(4001)]).toEqual(['email', 'ticket', 'ticket', 'long']);
    expect(linkReachText(1800)).toBe('1,800 characters: short enough for an e-mail (at most 2,000), a chat message or a ticket.');
  });
});
