/**
 * The pure layout helpers every plot lays out with: the text-width estimate (checked against the
 * real text in Chromium by test/e2e/plotLayout.e2e.ts), tick counts from pixel widths, the symlog
 * count ticks, colour and legend rules, and the rank-shift histogram's bar labels that must never
 * run into each other.
 */
import { describe, expect, it } from 'vitest';
import { scaleLinear } from 'd3';
import { charClass, estimateTextWidth, wrapText } from '../../../../src/present/plots/labels.ts';
import { bottomMarginFor, panelTicks, tickCountForWidth, tickLabelsFit } from '../../../../src/present/plots/axes.ts';
import { symlogCountTicks } from '../../../../src/present/plots/scales.ts';
import { OKABE_ITO, distinctColors, needsColourLegend } from '../../../../src/present/plots/palette.ts';
import { forestLayout } from '../../../../src/present/plots/forest.ts';
import { renderHistogram } from '../../../../src/present/plots/histogram.ts';
import { latencyDomain, renderLatencyQuality } from '../../../../src/present/plots/latencyQuality.ts';
import { renderForest } from '../../../../src/present/plots/forest.ts';
import * as THRESHOLD from '../../../../src/present/plots/thresholdCurve.ts';
import { findAll, hasClass, parseXml, textContent } from './svgTree.ts';
import { expectSvgSnapshot } from './snapshot.ts';
import { forestSpec } from './fixtures.ts';

describe('estimateTextWidth', () => {
  it('estimateTextWidth(label) sums a per-class advance: thin, semi, digit, lower, upper, wide (the @example)', () => {
    expect(estimateTextWidth('0.5')).toBe(18); // (0.64 + 0.34 + 0.64) em × 11 px = 17.82 → 18
    expect(['i', ' ', 'f', '7', 'a', 'B', 'm', '−'].map(charClass)).toEqual(['thin', 'space', 'semi', 'digit', 'lower', 'upper', 'wide', 'wide']);
    expect(estimateTextWidth('ill', 10)).toBe(11); // 3 × 0.34 em × 10 px = 10.2 → 11
    expect(estimateTextWidth('MW', 10)).toBe(20);
  });

  it('estimateTextWidth(label, size, bold) is wider in bold and grows with the font size', () => {
    expect(estimateTextWidth('Model', 11, true)).toBeGreaterThan(estimateTextWidth('Model', 11));
    expect(estimateTextWidth('Model', 22)).toBeCloseTo(2 * estimateTextWidth('Model', 11), -1);
    expect(estimateTextWidth('')).toBe(0);
  });

  it('wrapText(label, maxWidth) breaks at spaces into lines within maxWidth (the @example), a long word alone on its line', () => {
    expect(wrapText('a long axis label', 60)).toEqual(['a long', 'axis label']);
    for (const line of wrapText('ΔScore against the reference group (0–100 scale)', 150)) expect(estimateTextWidth(line)).toBeLessThanOrEqual(150);
    expect(wrapText('incomprehensibilities x', 20)).toEqual(['incomprehensibilities', 'x']);
  });

  it('bottomMarginFor(label, frameWidth) grows by one line height per wrapped line', () => {
    expect(bottomMarginFor('short', 400)).toBe(54);
    expect(bottomMarginFor('Rank shift (original rank − twin rank; positive: the twin ranks better)', 200)).toBeGreaterThan(54);
    expect(bottomMarginFor(undefined, 400)).toBe(34);
  });
});

describe('ticks from the panel width', () => {
  it('tickCountForWidth(px) asks d3 for one tick per 70 px, between 2 and 10 (the @example)', () => {
    expect(tickCountForWidth(280)).toBe(4);
    expect(tickCountForWidth(100)).toBe(2);
    expect(tickCountForWidth(2000)).toBe(10);
  });

  it('panelTicks(scale) gives fewer ticks on a narrow panel, and labels that never touch', () => {
    const wide = panelTicks(scaleLinear().domain([-2.5, 1.5]).range([0, 900]));
    const narrow = panelTicks(scaleLinear().domain([-2.5, 1.5]).range([0, 150]));
    expect(wide.values.length).toBeGreaterThan(narrow.values.length);
    expect(narrow.values.length).toBeGreaterThanOrEqual(2);
    for (const t of [wide, narrow]) expect(tickLabelsFit(t)).toBe(true);
  });
});

describe('symlogCountTicks', () => {
  it('symlogCountTicks(max, length) steps 0, 1, 2, 5, 10, … to the first value ≥ max on a long axis (the @example)', () => {
    expect(symlogCountTicks(300, 400)).toEqual([0, 1, 2, 5, 10, 20, 50, 100, 200, 500]);
    expect(symlogCountTicks(5, 100)).toEqual([0, 1, 2, 5]);
    expect(symlogCountTicks(0, 100)).toEqual([0, 1]);
  });

  it('symlogCountTicks(max, length) keeps only the powers of ten where 1–2–5 steps would sit under 14 px apart', () => {
    expect(symlogCountTicks(300, 200)).toEqual([0, 1, 10, 100, 1000]);
    const ticks = symlogCountTicks(12_000, 120);
    expect(ticks).toEqual([0, 1, 10, 100, 1000, 10_000, 100_000]);
  });
});

describe('colour rules', () => {
  it('distinctColors(keys) gives each distinct key its own Okabe–Ito colour (the @example)', () => {
    const c = distinctColors(['de', 'en', 'de', 'fr'])!;
    expect([...c]).toEqual([['de', OKABE_ITO[0]], ['en', OKABE_ITO[1]], ['fr', OKABE_ITO[2]]]);
  });

  it('distinctColors(keys) never reuses a colour: undefined for more keys than colours, and for a single key', () => {
    expect(distinctColors(Array.from({ length: OKABE_ITO.length }, (_, i) => `k${i}`))?.size).toBe(OKABE_ITO.length);
    expect(distinctColors(Array.from({ length: OKABE_ITO.length + 1 }, (_, i) => `k${i}`))).toBeUndefined();
    expect(distinctColors(['only'])).toBeUndefined();
    expect(OKABE_ITO.length).toBeLessThanOrEqual(8);
  });

  it('needsColourLegend(colours, labelled) is false when every coloured key is directly labelled (the @example)', () => {
    const c = distinctColors(['a', 'b'])!;
    expect(needsColourLegend(c, ['a', 'b', 'c'])).toBe(false);
    expect(needsColourLegend(c, ['a'])).toBe(true);
    expect(needsColourLegend(undefined, [])).toBe(false);
  });
});

describe('forestLayout', () => {
  const labels = [{ text: 'Calibrated GloVe 100d', bold: true, indent: 0 }, { text: 'female · explicit', bold: false, indent: 12 }];
  const values = ['−3.400 [−5.123, −1.812]'];

  it('forestLayout(labels, values, width) keeps one line per row while the data panel gets half the width', () => {
    const wide = forestLayout(labels, values, 1000);
    expect(wide.lines).toBe(1);
    expect(wide.panelRight - wide.panelLeft).toBeGreaterThanOrEqual(500);
    expect(wide.panelLeft).toBeGreaterThanOrEqual(12 + estimateTextWidth('Calibrated GloVe 100d', 11, true));
  });

  it('forestLayout(labels, values, width) stacks the rows on a narrow plot, the panel across the whole width', () => {
    const mid = forestLayout(labels, values, 400);
    expect(mid.lines).toBe(2);
    const narrow = forestLayout(labels, values, 300);
    expect(narrow.lines).toBe(3);
    for (const l of [mid, narrow]) expect(l.panelRight - l.panelLeft).toBeGreaterThanOrEqual(0.8 * (l === mid ? 400 : 300));
  });
});

describe('renderHistogram tails', () => {
  // A spike of 2,000 at 0 and tails of a few documents out to ±30: the case the linear axis hid.
  const values = [...Array<number>(2000).fill(0), ...Array.from({ length: 61 }, (_, i) => i - 30).flatMap((s) => Array<number>(s === 0 ? 0 : 1 + (Math.abs(s) % 3)).fill(s))];

  it('renderHistogram(spec) prints a bar count only where it fits its bar, so no two count labels meet', () => {
    for (const width of [320, 640, 1200]) {
      const root = parseXml(renderHistogram({ values, width }));
      const labels = findAll(root, (e) => 'data-bin' in e.attrs).flatMap((b) => {
        const rect = b.children.find((c) => c.name === 'rect')!;
        const t = findAll(b, (e) => e.name === 'text')[0];
        return t ? [{ x0: Number(rect.attrs.x), x1: Number(rect.attrs.x) + Number(rect.attrs.width), w: estimateTextWidth(textContent(t), 10), cx: Number(t.attrs.x) }] : [];
      });
      for (const l of labels) expect(l.w).toBeLessThanOrEqual(l.x1 - l.x0 + 1);
      for (let i = 1; i < labels.length; i++) expect(labels[i].cx - labels[i].w / 2).toBeGreaterThanOrEqual(labels[i - 1].cx + labels[i - 1].w / 2);
    }
  });

  it('renderHistogram(spec) keeps a four-document tail bar visible on the default symlog axis, not on the linear one', () => {
    const heightOf = (svg: string, bin: string) => Number(findAll(parseXml(svg), (e) => e.attrs['data-bin'] === bin)[0].children.find((c) => c.name === 'rect')!.attrs.height);
    // 61 shifts need bins of width 2; −30 to −29 holds 1 + 3 documents. log(1 + 4) / log(1 + 10,000)
    // of a ~240 px axis is about 42 px; on the linear axis 4 / 2,000 of it, about 0.5 px.
    expect(heightOf(renderHistogram({ values }), '-30 to -29')).toBeGreaterThan(30);
    expect(heightOf(renderHistogram({ values, countScale: 'linear' }), '-30 to -29')).toBeLessThan(1);
  });
});

describe('renderLatencyQuality of a lone model', () => {
  it('latencyDomain(values) spans at least a decade around the points', () => {
    const [lo, hi] = latencyDomain([12]);
    expect(hi / lo).toBeCloseTo(10, 6);
    expect(Math.sqrt(lo * hi)).toBeCloseTo(12, 6);
    expect(latencyDomain([1, 100])).toEqual([0.8, 125]);
  });

  it('renderLatencyQuality(one point) writes its values beside the plot and has latency ticks to read it by', () => {
    const root = parseXml(renderLatencyQuality({ qualityLabel: 'AUC', points: [{ id: 'g', label: 'GloVe', latencyMs: 12, quality: 0.78, qualityCi: [0.65, 0.9] }] }));
    expect(textContent(findAll(root, (e) => hasClass(e, 'value-note'))[0])).toBe('GloVe: latency 12.0 ms, AUC 0.780 [0.650, 0.900]');
    const ticks = findAll(findAll(root, (e) => hasClass(e, 'axis-x'))[0], (e) => e.name === 'text' && !hasClass(e, 'axis-label')).map(textContent);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
  });
});

describe('layout snapshots', () => {
  const CUES = ['female · explicit', 'female · implicit', 'black · explicit', 'south-asia · implicit'];
  const screening = {
    xLabel: 'ΔScore against the reference group (0–100 scale)',
    groupLabel: 'group · signal',
    panelLabel: 'attribute',
    rows: ['Calibrated GloVe 100d', 'tiny cross-encoder'].flatMap((model, j) =>
      CUES.map((group, i) => ({ model, panel: i < 2 ? 'gender' : 'ethnicity', group, estimate: -3.4 + i * 0.7 + j, ci: [-5.123 + i * 0.7, -1.812 + i * 0.7 + j * 2] as [number, number] })),
    ),
  };

  it('renderForest(screening ΔScore per attribute) matches the snapshots at 1,000 and 330 px', () => {
    expectSvgSnapshot('forest-panels-1000', renderForest({ ...screening, width: 1000 }));
    expectSvgSnapshot('forest-panels-330', renderForest({ ...screening, width: 330 }));
  });

  it('renderForest(spec) at 330 px matches the snapshot', () => expectSvgSnapshot('forest-330', renderForest({ ...forestSpec, width: 330 })));

  it('renderLatencyQuality(one model) matches the snapshot', () => {
    expectSvgSnapshot('latency-lone', renderLatencyQuality({ qualityLabel: 'AUC (test split)', latencyLabel: 'median time per scoring call (ms, log scale)', points: [{ id: 'g', label: 'Calibrated GloVe 100d', latencyMs: 41.5, quality: 0.78, qualityCi: [0.65, 0.9] }] }));
  });
});

describe('renderThresholdCurve on a narrow plot', () => {
  it('renderThresholdCurve(spec) names the lines in a key under the axis where end labels would take over half the width', () => {
    const { renderThresholdCurve } = THRESHOLD;
    const spec = { series: [{ model: 'Calibrated similarity over GloVe 100d', points: [{ cutoff: 5, flipPct: 1 }, { cutoff: 95, flipPct: 0 }] }] };
    const wide = parseXml(renderThresholdCurve({ ...spec, width: 1000 }));
    expect(findAll(wide, (e) => 'data-label' in e.attrs)).toHaveLength(1);
    expect(findAll(wide, (e) => hasClass(e, 'key'))).toHaveLength(0);
    const narrow = parseXml(renderThresholdCurve({ ...spec, width: 320 }));
    expect(findAll(narrow, (e) => 'data-label' in e.attrs)).toHaveLength(0);
    expect(textContent(findAll(narrow, (e) => hasClass(e, 'key'))[0])).toBe('Calibrated similarity over GloVe 100d');
    const axis = findAll(narrow, (e) => hasClass(e, 'axis-x'))[0].children.find((c) => c.name === 'line')!;
    expect(Number(axis.attrs.x2) - Number(axis.attrs.x1)).toBeGreaterThanOrEqual(160);
  });
});
