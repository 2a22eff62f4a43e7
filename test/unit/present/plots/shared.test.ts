import { describe, expect, it } from 'vitest';
import { boxesIntersect, estimateTextWidth, fitText, placeLabels } from '../../../../src/present/plots/labels.ts';
import { formatCount, formatMs, formatPercent, formatValue, formatWithCi } from '../../../../src/present/plots/format.ts';
import { OKABE_ITO, categoryColor, categoryColors } from '../../../../src/present/plots/palette.ts';
import { el, escapeXml } from '../../../../src/present/plots/svg.ts';
import { normaliseNumbers } from './snapshot.ts';

describe('format', () => {
  it('formatWithCi(value, ci) prints 3 decimals and the CI in brackets', () => {
    expect(formatWithCi(0.512, [0.48, 0.55])).toBe('0.512 [0.480, 0.550]');
    expect(formatWithCi(-0.0504, [-0.09, -0.02])).toBe('−0.050 [−0.090, −0.020]');
  });

  it('formatWithCi(value, ci) leaves out a missing or non-finite CI, and prints n/a for a missing value', () => {
    expect(formatWithCi(0.5, null)).toBe('0.500');
    expect(formatWithCi(0.5, [NaN, 1])).toBe('0.500');
    expect(formatWithCi(null)).toBe('n/a');
    expect(formatValue(Infinity)).toBe('n/a');
  });

  it('formatCount, formatPercent and formatMs print integers, one-decimal % and ms', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatMs(6.56)).toBe('6.6 ms');
    expect(formatWithCi(12, [10.5, 13.8], formatMs)).toBe('12.0 ms [10.5 ms, 13.8 ms]');
  });
});

describe('palette', () => {
  it('OKABE_ITO holds the seven Okabe–Ito colours other than black, and categoryColor cycles through them', () => {
    expect([...OKABE_ITO].sort()).toEqual(['#0072B2', '#009E73', '#56B4E9', '#CC79A7', '#D55E00', '#E69F00', '#F0E442']);
    expect(categoryColor(7)).toBe(OKABE_ITO[0]);
    expect(categoryColors(['de', 'en', 'de', 'sv'])).toEqual(new Map([['de', OKABE_ITO[0]], ['en', OKABE_ITO[1]], ['sv', OKABE_ITO[2]]]));
  });
});

describe('svg', () => {
  it('el(tag, attrs, text) escapes text and attributes and skips empty attributes', () => {
    expect(el('text', { x: 1.23456, title: 'a "b" <c>', hidden: false, gone: undefined }, escapeXml('x & y'))).toBe(
      '<text x="1.23" title="a &quot;b&quot; &lt;c&gt;">x &amp; y</text>',
    );
    expect(el('line', { x1: -0.001 })).toBe('<line x1="0"/>');
  });
});

describe('placeLabels', () => {
  const bounds = { x: 0, y: 0, width: 400, height: 300 };

  it('placeLabels(requests) leaves a lone label beside its point, un-nudged', () => {
    const [label] = placeLabels([{ id: 'a', text: 'alpha', anchorX: 100, anchorY: 100 }], bounds);
    expect(label.textAnchor).toBe('start');
    expect(label.box.x).toBeGreaterThan(100);
    expect(label.box.y + label.box.height).toBeLessThanOrEqual(100);
    expect(label.nudged).toBe(false);
  });

  it('placeLabels(requests) nudges labels of coincident points apart so no two boxes intersect', () => {
    const requests = Array.from({ length: 20 }, (_, i) => ({ id: `p${i}`, text: `label number ${i}`, anchorX: 200 + (i % 3), anchorY: 150 + (i % 2) }));
    const placed = placeLabels(requests, bounds);
    expect(placed.map((p) => p.id)).toEqual(requests.map((r) => r.id));
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) expect(boxesIntersect(placed[i].box, placed[j].box), `${i}/${j}`).toBe(false);
    }
    expect(placed.filter((p) => p.nudged).length).toBeGreaterThan(0);
  });

  it('placeLabels(requests) flips a label left when the right side would leave the bounds', () => {
    const [label] = placeLabels([{ id: 'a', text: 'a long label here', anchorX: 390, anchorY: 100 }], bounds);
    expect(label.textAnchor).toBe('end');
    expect(label.box.x + label.box.width).toBeLessThan(390);
  });

  it('placeLabels(requests) keeps a label wider than either side of its point inside the bounds, nudged', () => {
    // A 200 px wide plot, the point at 100: "TF-IDF (character bigrams)" (166 px) fits neither right nor left of it.
    const narrow = { x: 0, y: 0, width: 200, height: 300 };
    const [label] = placeLabels([{ id: 'a', text: 'TF-IDF (character bigrams)', anchorX: 100, anchorY: 150 }], narrow);
    expect(label.box.width).toBeGreaterThan(100);
    expect(label.box.x).toBeGreaterThanOrEqual(0);
    expect(label.box.x + label.box.width).toBeLessThanOrEqual(200);
    expect(label.nudged).toBe(true);
  });

  it('placeLabels(requests, bounds, {sides: "right"}) never flips left', () => {
    const placed = placeLabels([{ id: 'a', text: 'aaa', anchorX: 300, anchorY: 100 }, { id: 'b', text: 'bbb', anchorX: 300, anchorY: 101 }], bounds, { sides: 'right' });
    expect(placed.every((p) => p.textAnchor === 'start')).toBe(true);
    expect(boxesIntersect(placed[0].box, placed[1].box)).toBe(false);
  });

  it('boxesIntersect(a, b) is false for boxes that only touch', () => {
    expect(boxesIntersect({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 10, height: 10 })).toBe(false);
    expect(boxesIntersect({ x: 0, y: 0, width: 10, height: 10 }, { x: 9, y: 9, width: 10, height: 10 })).toBe(true);
    expect(estimateTextWidth('abcd', 10)).toBe(26); // 4 lower-case glyphs × 0.64 em × 10 px, rounded up
  });
});

describe('fitText', () => {
  const long = 'cv-screening #1 · Calibrated similarity (GloVe 100d static)';
  it('keeps a label that fits, whole', () => {
    expect(fitText(long, estimateTextWidth(long))).toBe(long);
  });
  it('cuts a longer one to the longest start that fits, with an ellipsis, no space before it', () => {
    const cut = fitText(long, 200);
    expect(cut.endsWith('…')).toBe(true);
    expect(estimateTextWidth(cut)).toBeLessThanOrEqual(200);
    const start = cut.slice(0, -1);
    expect(long.startsWith(start)).toBe(true);
    expect(start).toBe(start.trimEnd());
    // one more character would not fit
    expect(estimateTextWidth(`${long.slice(0, start.length + 1).trimEnd()}…`)).toBeGreaterThan(200);
  });
});

describe('normaliseNumbers (snapshot helper)', () => {
  it('normaliseNumbers(svg) rounds every number to 3 decimals and leaves colours and words alone', () => {
    expect(normaliseNumbers('<circle cx="10.00049" cy="-0.0001" fill="#0072B2" data-point="m1"/>')).toBe('<circle cx="10.000" cy="0.000" fill="#0072B2" data-point="m1"/>');
    expect(normaliseNumbers('x="1.2344"')).not.toBe(normaliseNumbers('x="1.2356"'));
  });
});
