import { describe, expect, it } from 'vitest';
import { renderOutcomesBars, tableOutcomesBars, textAlternativeOutcomesBars, type OutcomesBarsSpec } from '../../../../src/present/plots/outcomesBars.ts';
import { OKABE_ITO } from '../../../../src/present/plots/palette.ts';
import { findAll, hasClass, parseXml, textContent, type XmlElement } from './svgTree.ts';
import { expectSvgSnapshot } from './snapshot.ts';
import { segmentCrossesBox } from '../../../../src/present/plots/segments.ts';
import { lineSegments, textBox } from './collisions.ts';
import { FIGURE_WIDTHS } from './fixtures.ts';

// The Bertrand & Mullainathan (2004) callback rates by race, and a made-up intersection with a
// small category and a missing rate.
const spec: OutcomesBarsSpec = {
  sections: [
    {
      name: 'race',
      threshold: 0.8 * 0.0965,
      bars: [
        { category: 'black', rate: 0.0645, ci: [0.0533, 0.0764], belowFourFifths: true, small: false },
        { category: 'white', rate: 0.0965, ci: [0.0824, 0.1112], belowFourFifths: false, small: false },
      ],
    },
    {
      name: 'gender × race',
      threshold: 0.8 * 0.12,
      bars: [
        { category: 'f × asian', rate: 0.05, ci: [0, 0.2], belowFourFifths: true, small: true },
        { category: 'f × white', rate: 0.12, ci: [0.08, 0.16], belowFourFifths: false, small: false },
        { category: 'm × white', rate: null, belowFourFifths: false, small: false },
      ],
    },
  ],
};

const desc = (root: XmlElement) => textContent(root.children.find((c) => c.name === 'desc')!);

describe('renderOutcomesBars', () => {
  const svg = renderOutcomesBars(spec);
  const root = parseXml(svg);

  it('renderOutcomesBars(spec) is a standalone accessible SVG whose desc is its text alternative', () => {
    expect(root.name).toBe('svg');
    expect(root.attrs.role).toBe('img');
    expect(root.children[0].name).toBe('title');
    expect(desc(root)).toBe(textAlternativeOutcomesBars(spec));
  });

  it('renderOutcomesBars(spec) matches the snapshot', () => expectSvgSnapshot('outcomes-bars', svg));

  it('renderOutcomesBars(spec) draws one bar per category under its grouping, a missing rate without a mark', () => {
    const sections = findAll(root, (e) => 'data-section' in e.attrs);
    expect(sections.map((s) => s.attrs['data-section'])).toEqual(['race', 'gender × race']);
    const bars = findAll(sections[1], (e) => 'data-bar' in e.attrs);
    expect(bars.map((b) => b.attrs['data-bar'])).toEqual(['gender × race/f × asian', 'gender × race/f × white', 'gender × race/m × white']);
    expect(bars[2].children.some((c) => c.name === 'rect')).toBe(false);
    expect(textContent(bars[2])).toContain('n/a');
  });

  it('renderOutcomesBars(spec) marks a bar below four-fifths by colour and by words, a small category by outline and by words', () => {
    const bar = (id: string) => findAll(root, (e) => e.attrs['data-bar'] === id)[0];
    const rectOf = (id: string) => bar(id).children.find((c) => c.name === 'rect')!;
    expect(rectOf('race/black').attrs.fill).toBe(OKABE_ITO[3]);
    expect(textContent(bar('race/black'))).toContain('below 4/5');
    expect(rectOf('race/white').attrs.fill).toBe(OKABE_ITO[0]);
    expect(textContent(bar('race/white'))).not.toContain('below');
    expect(rectOf('gender × race/f × asian').attrs.fill).toBe('none');
    expect(textContent(bar('gender × race/f × asian'))).toContain('f × asian (<2%)');
  });

  it('renderOutcomesBars(spec) draws each grouping’s four-fifths line where its threshold is, beside the bars it judges', () => {
    const lines = findAll(root, (e) => hasClass(e, 'four-fifths'));
    expect(lines).toHaveLength(2);
    const barEnd = (id: string) => {
      const r = findAll(root, (e) => e.attrs['data-bar'] === id)[0].children.find((c) => c.name === 'rect')!;
      return Number(r.attrs.x) + Number(r.attrs.width);
    };
    // black (0.0645) ends left of the race line (0.0772), white (0.0965) right of it
    expect(barEnd('race/black')).toBeLessThan(Number(lines[0].attrs.x1));
    expect(barEnd('race/white')).toBeGreaterThan(Number(lines[0].attrs.x1));
    expect(textContent(root)).toContain('0.8 × max = 0.077');
  });

  it('textAlternativeOutcomesBars(spec) and tableOutcomesBars(spec) list every rate with its CI and flags', () => {
    const text = textAlternativeOutcomesBars(spec);
    expect(text).toContain('race (four-fifths line at 0.077): black 0.065 [0.053, 0.076]; white 0.097 [0.082, 0.111]; below four-fifths: black.');
    expect(text).toContain('m × white n/a');
    const table = tableOutcomesBars(spec);
    expect(table.columns).toEqual(['grouping', 'category', 'Selection rate', 'CI low', 'CI high', 'below four-fifths', 'under 2%', 'four-fifths line']);
    expect(table.rows[2]).toEqual(['gender × race', 'f × asian', 0.05, 0, 0.2, true, true, 0.8 * 0.12]);
    expect(table.rows[4]).toEqual(['gender × race', 'm × white', null, null, null, false, false, 0.8 * 0.12]);
  });
});

describe('renderOutcomesBars and its four-fifths line', () => {
  // Long category names (an intersection), as a trial had them: the label column is wide, so the
  // rows stack and the panel runs under the labels and the printed rates.
  const long: OutcomesBarsSpec = {
    sections: [
      {
        name: 'race',
        threshold: 0.8 * 0.0965,
        bars: [
          { category: 'Black or African American', rate: 0.0645, ci: [0.0533, 0.0764], belowFourFifths: true, small: false },
          { category: 'White', rate: 0.0965, ci: [0.0824, 0.1112], belowFourFifths: false, small: false },
        ],
      },
      {
        name: 'gender × race',
        threshold: 0.8 * 0.12,
        bars: [
          { category: 'female × Black or African American', rate: 0.05, ci: [0, 0.2], belowFourFifths: true, small: true },
          { category: 'female × White', rate: 0.12, ci: [0.08, 0.16], belowFourFifths: false, small: false },
          { category: 'male × White', rate: 0.11, ci: [0.09, 0.13], belowFourFifths: false, small: false },
        ],
      },
    ],
  };

  it('renderOutcomesBars(spec) at every figure width draws the 0.8 × max line through no label, printed rate or heading', () => {
    for (const s of [spec, long]) {
      for (const width of FIGURE_WIDTHS) {
        const root = parseXml(renderOutcomesBars({ ...s, width }));
        for (const section of findAll(root, (e) => 'data-section' in e.attrs)) {
          const lines = lineSegments(section, 'four-fifths');
          expect(lines.length).toBeGreaterThan(0);
          for (const t of findAll(section, (e) => e.name === 'text')) {
            for (const l of lines) expect(segmentCrossesBox(l, textBox(t)), `${width} px, ${section.attrs['data-section']}: the line crosses "${textContent(t)}"`).toBe(false);
          }
        }
      }
    }
  });

  it('renderOutcomesBars(spec) keeps the line beside every bar of its grouping, at the threshold', () => {
    for (const width of FIGURE_WIDTHS) {
      const root = parseXml(renderOutcomesBars({ ...long, width }));
      for (const section of findAll(root, (e) => 'data-section' in e.attrs)) {
        const lines = lineSegments(section, 'four-fifths');
        expect(new Set(lines.map((l) => l.x1)).size).toBe(1);
        for (const bar of findAll(section, (e) => 'data-bar' in e.attrs)) {
          const rect = bar.children.find((c) => c.name === 'rect')!;
          const mid = Number(rect.attrs.y) + Number(rect.attrs.height) / 2;
          expect(lines.some((l) => l.y1 <= mid && mid <= l.y2), `${width} px: no line beside ${bar.attrs['data-bar']}`).toBe(true);
        }
      }
    }
  });
});
