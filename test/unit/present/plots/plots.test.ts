import { describe, expect, it } from 'vitest';
import { renderForest, textAlternativeForest, tableForest } from '../../../../src/present/plots/forest.ts';
import { integerBins, renderHistogram, tableHistogram, textAlternativeHistogram } from '../../../../src/present/plots/histogram.ts';
import { renderConfusion, tableConfusion, textAlternativeConfusion } from '../../../../src/present/plots/confusion.ts';
import { renderThresholdCurve, tableThresholdCurve, textAlternativeThresholdCurve } from '../../../../src/present/plots/thresholdCurve.ts';
import { renderLatencyQuality, textAlternativeLatencyQuality } from '../../../../src/present/plots/latencyQuality.ts';
import { OKABE_ITO } from '../../../../src/present/plots/palette.ts';
import { segmentCrossesBox } from '../../../../src/present/plots/segments.ts';
import { boxesIntersect } from '../../../../src/present/plots/labels.ts';
import { FIGURE_WIDTHS, confusionSpec, demoLatencySpec, forestSpec, histogramSpec, latencySpec, thresholdSpec } from './fixtures.ts';
import { inset, pathSegments, scatterLabels } from './collisions.ts';
import { findAll, hasClass, parseXml, textContent, type XmlElement } from './svgTree.ts';
import { expectSvgSnapshot } from './snapshot.ts';

const desc = (root: XmlElement) => textContent(root.children.find((c) => c.name === 'desc')!);

/** Every plot: well-formed standalone SVG with role, title and desc equal to its text alternative. */
function expectAccessibleSvg(svg: string, alternative: string): XmlElement {
  const root = parseXml(svg);
  expect(root.name).toBe('svg');
  expect(root.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
  expect(root.attrs.role).toBe('img');
  expect(root.attrs.viewBox).toMatch(/^0 0 [\d.]+ [\d.]+$/);
  expect(root.children[0].name).toBe('title');
  expect(desc(root)).toBe(alternative);
  return root;
}

describe('renderForest', () => {
  const svg = renderForest(forestSpec);
  const root = expectAccessibleSvg(svg, textAlternativeForest(forestSpec));

  it('renderForest(spec) matches the snapshot', () => expectSvgSnapshot('forest', svg));

  it('renderForest(spec) draws one row per model × group, grouped under each model', () => {
    const models = findAll(root, (e) => 'data-model' in e.attrs);
    expect(models.map((m) => m.attrs['data-model'])).toEqual(['bge-small', 'e5-base']);
    expect(findAll(models[1], (e) => 'data-row' in e.attrs).map((r) => r.attrs['data-row'])).toEqual(['e5-base/en', 'e5-base/de', 'e5-base/sv']);
  });

  it('renderForest(spec) without panels draws every mark in one colour and no legend: the row labels name each row', () => {
    const fillOf = (r: XmlElement, id: string) => findAll(r, (e) => e.attrs['data-row'] === id)[0].children.find((c) => c.name === 'rect')?.attrs.fill;
    expect(fillOf(root, 'bge-small/en')).toBe(OKABE_ITO[0]);
    expect(fillOf(root, 'e5-base/de')).toBe(OKABE_ITO[0]);
    expect(fillOf(root, 'e5-base/sv')).toBeUndefined(); // missing estimate: no mark
    expect(findAll(root, (e) => hasClass(e, 'legend'))).toHaveLength(0);
  });

  const panelled = { ...forestSpec, rows: forestSpec.rows.map((r) => ({ ...r, panel: r.group })), panelLabel: 'language' };
  const panels = parseXml(renderForest(panelled));

  it('renderForest(spec with panels) draws a small multiple per panel, rows labelled by model, all on one x axis', () => {
    const ps = findAll(panels, (e) => 'data-panel' in e.attrs);
    expect(ps.map((p) => p.attrs['data-panel'])).toEqual(['en', 'de', 'sv']);
    const tickLabels = (p: XmlElement) => findAll(findAll(p, (e) => hasClass(e, 'axis-x'))[0], (e) => e.name === 'text' && !hasClass(e, 'axis-label')).map(textContent);
    const ticks = ps.map(tickLabels);
    expect(ticks[0].length).toBeGreaterThan(2);
    expect(ticks[1]).toEqual(ticks[0]);
    expect(ticks[2]).toEqual(ticks[0]);
    // The x positions of the same value are the same in every panel: a shared scale.
    const refs = findAll(panels, (e) => hasClass(e, 'reference')).map((e) => e.attrs.x1);
    expect(new Set(refs).size).toBe(1);
    expect(findAll(ps[0], (e) => 'data-row' in e.attrs).map((r) => findAll(r, (t) => t.name === 'text').map(textContent)[0])).toEqual(['bge-small', 'e5-base']);
    // Only the last panel carries the axis label.
    expect(findAll(panels, (e) => hasClass(e, 'axis-label')).map(textContent)).toEqual(['Mean rank shift']);
  });

  it('renderForest(spec with panels) colours each model with its own colour, the same in every panel, and has no legend', () => {
    const fillOf = (id: string) => findAll(panels, (e) => e.attrs['data-row'] === id)[0].children.find((c) => c.name === 'rect')?.attrs.fill;
    expect(fillOf('en/bge-small/en')).toBe(OKABE_ITO[0]);
    expect(fillOf('de/bge-small/de')).toBe(OKABE_ITO[0]);
    expect(fillOf('en/e5-base/en')).toBe(OKABE_ITO[1]);
    expect(fillOf('de/e5-base/de')).toBe(OKABE_ITO[1]);
    expect(findAll(panels, (e) => hasClass(e, 'legend'))).toHaveLength(0);
    expect(textAlternativeForest(panelled)).toContain('language de: bge-small −0.300 [−0.820, 0.200]; e5-base 0.900 [0.350, 1.440].');
  });

  it('renderForest(spec) at 320 px stacks each row: label and estimate above, the mark across the width below', () => {
    const narrow = parseXml(renderForest({ ...forestSpec, width: 320 }));
    const row = findAll(narrow, (e) => e.attrs['data-row'] === 'bge-small/en')[0];
    const [label, value] = findAll(row, (e) => e.name === 'text');
    const rect = row.children.find((c) => c.name === 'rect')!;
    expect(Number(rect.attrs.y)).toBeGreaterThan(Number(value.attrs.y)); // the mark is below the printed estimate
    expect(Number(label.attrs.y)).toBeLessThanOrEqual(Number(value.attrs.y));
    // The data panel (the grid) spans at least half of the width.
    const axis = findAll(narrow, (e) => hasClass(e, 'axis-x'))[0].children.find((c) => c.name === 'line')!;
    expect(Number(axis.attrs.x2) - Number(axis.attrs.x1)).toBeGreaterThanOrEqual(160);
  });

  it('renderForest(spec) draws the reference line at 0, or where the spec puts it', () => {
    const refX = (r: XmlElement) => findAll(r, (e) => hasClass(e, 'reference'))[0].attrs.x1;
    const zeroTick = findAll(root, (e) => e.name === 'g' && /^translate/.test(e.attrs.transform ?? '') && textContent(e) === '0.0')[0];
    expect(zeroTick.attrs.transform).toBe(`translate(${refX(root)},${zeroTick.attrs.transform.split(',')[1]}`);
    const moved = parseXml(renderForest({ ...forestSpec, reference: 1 }));
    expect(Number(refX(moved))).toBeGreaterThan(Number(refX(root)));
  });

  it('textAlternativeForest(spec) lists every model and language with its CI, and n/a when missing', () => {
    const text = textAlternativeForest(forestSpec);
    expect(text).toContain('bge-small: en 0.420 [0.100, 0.750]; de −0.300 [−0.820, 0.200]; sv 1.100 [0.400, 1.900].');
    expect(text).toContain('e5-base: en 0.050 [−0.200, 0.310]; de 0.900 [0.350, 1.440]; sv n/a.');
    expect(tableForest(forestSpec).rows[5]).toEqual(['e5-base', 'sv', null, null, null]);
  });
});

describe('renderHistogram', () => {
  it('integerBins(values) counts each integer from min to max, empty bins included', () => {
    expect(integerBins(histogramSpec.values)).toEqual([
      { lo: -2, hi: -2, count: 1 },
      { lo: -1, hi: -1, count: 3 },
      { lo: 0, hi: 0, count: 5 },
      { lo: 1, hi: 1, count: 2 },
      { lo: 2, hi: 2, count: 0 },
      { lo: 3, hi: 3, count: 1 },
    ]);
  });

  it('integerBins(values, 5) groups integers lo … lo + 4, floor-aligned for negatives', () => {
    expect(integerBins([-6, -1, 0, 4, 5], 5)).toEqual([
      { lo: -10, hi: -6, count: 1 },
      { lo: -5, hi: -1, count: 1 },
      { lo: 0, hi: 4, count: 2 },
      { lo: 5, hi: 9, count: 1 },
    ]);
  });

  it('integerBins(values) caps the bins at 40 for a wide range, and throws for a non-integer', () => {
    const wide = integerBins([-200, 199]);
    expect(wide.length).toBeLessThanOrEqual(40);
    expect(wide.reduce((a, b) => a + b.count, 0)).toBe(2);
    expect(() => integerBins([0.5])).toThrow(RangeError);
  });

  const svg = renderHistogram(histogramSpec);
  const root = expectAccessibleSvg(svg, textAlternativeHistogram(histogramSpec));

  it('renderHistogram(spec) matches the snapshot', () => expectSvgSnapshot('histogram', svg));

  it('renderHistogram(spec) counts on a symlog axis by default: bar heights in proportion to log(1 + count)', () => {
    const heights = findAll(root, (e) => 'data-bin' in e.attrs).map((b) => Number(b.children.find((c) => c.name === 'rect')!.attrs.height));
    expect(heights[2] / heights[1]).toBeCloseTo(Math.log1p(5) / Math.log1p(3), 2);
    expect(heights[0] / heights[1]).toBeCloseTo(Math.log1p(1) / Math.log1p(3), 2);
    expect(textContent(findAll(root, (e) => hasClass(e, 'axis-y'))[0])).toContain('Documents (symlog scale)');
  });

  it('renderHistogram({countScale: linear}) draws one bar per bin with its count, and bar heights in proportion', () => {
    const linear = parseXml(renderHistogram({ ...histogramSpec, countScale: 'linear' }));
    const bins = findAll(linear, (e) => 'data-bin' in e.attrs);
    expect(bins.map((b) => b.attrs['data-bin'])).toEqual(['-2', '-1', '0', '1', '2', '3']);
    const heights = bins.map((b) => Number(b.children.find((c) => c.name === 'rect')!.attrs.height));
    expect(heights[2] / heights[1]).toBeCloseTo(5 / 3, 2);
    expect(heights[4]).toBe(0);
    expect(bins.map((b) => findAll(b, (e) => e.name === 'text').map(textContent).join(''))).toEqual(['1', '3', '5', '2', '', '1']);
  });

  it('textAlternativeHistogram(spec) gives every non-empty bin and the total', () => {
    expect(textAlternativeHistogram(histogramSpec)).toBe(
      'Rank shift when the twin takes the original’s place: 12 documents. −2: 1; −1: 3; 0: 5; 1: 2; 3: 1; every other bin 0.'.replace(/−/g, '-'),
    );
    expect(tableHistogram(histogramSpec).rows[4]).toEqual([2, 2, 0]);
  });

  it('renderHistogram({values: []}) says there is nothing to show', () => {
    expect(renderHistogram({ values: [] })).toContain('No rank shifts to show');
  });
});

describe('renderConfusion', () => {
  const svg = renderConfusion(confusionSpec);
  const root = expectAccessibleSvg(svg, textAlternativeConfusion(confusionSpec));

  it('renderConfusion(spec) matches the snapshot', () => expectSvgSnapshot('confusion', svg));

  it('renderConfusion(spec) prints each count with its row percentage and shades by that share', () => {
    const cell = (id: string) => findAll(root, (e) => e.attrs['data-cell'] === id)[0];
    const texts = (id: string) => findAll(cell(id), (e) => e.name === 'text').map(textContent);
    expect(texts('FIT/FIT')).toEqual(['42', '84.0%']);
    expect(texts('FIT/NO FIT')).toEqual(['8', '16.0%']);
    expect(texts('NO FIT/FIT')).toEqual(['13', '26.0%']);
    const opacity = (id: string) => Number(cell(id).children.find((c) => c.name === 'rect')!.attrs['fill-opacity']);
    expect(opacity('FIT/FIT')).toBeGreaterThan(opacity('NO FIT/NO FIT'));
    expect(opacity('NO FIT/NO FIT')).toBeGreaterThan(opacity('NO FIT/FIT'));
  });

  it('renderConfusion(spec) handles n × n and rejects a non-square matrix', () => {
    const three = parseXml(renderConfusion({ labels: ['a', 'b', 'c'], counts: [[1, 0, 0], [0, 0, 0], [2, 2, 4]] }));
    expect(findAll(three, (e) => 'data-cell' in e.attrs)).toHaveLength(9);
    expect(textContent(findAll(three, (e) => e.attrs['data-cell'] === 'b/b')[0])).toContain('0.0%'); // empty row
    expect(() => renderConfusion({ labels: ['a', 'b'], counts: [[1, 2]] })).toThrow(RangeError);
  });

  it('textAlternativeConfusion(spec) and tableConfusion(spec) give every cell', () => {
    expect(textAlternativeConfusion(confusionSpec)).toContain('Actual NO FIT: predicted FIT 13 (26.0%), predicted NO FIT 37 (74.0%).');
    expect(tableConfusion(confusionSpec).rows).toEqual([
      ['FIT', 'FIT', 42, 84],
      ['FIT', 'NO FIT', 8, 16],
      ['NO FIT', 'FIT', 13, 26],
      ['NO FIT', 'NO FIT', 37, 74],
    ]);
  });
});

describe('renderThresholdCurve', () => {
  const svg = renderThresholdCurve(thresholdSpec);
  const root = expectAccessibleSvg(svg, textAlternativeThresholdCurve(thresholdSpec));

  it('renderThresholdCurve(spec) matches the snapshot', () => expectSvgSnapshot('threshold-curve', svg));

  it('renderThresholdCurve(spec) draws one line per model over 91 cut-offs, each labelled', () => {
    const series = findAll(root, (e) => 'data-series' in e.attrs);
    expect(series.map((s) => s.attrs['data-series'])).toEqual(['gpt-mini', 'llama-8b', 'qwen-7b']);
    for (const s of series) expect(findAll(s, (e) => e.name === 'path')[0].attrs.d.match(/[ML]/g)).toHaveLength(91);
    expect(findAll(root, (e) => 'data-label' in e.attrs).map(textContent).sort()).toEqual(['gpt-mini', 'llama-8b', 'qwen-7b']);
  });

  it('renderThresholdCurve(spec) marks the chosen cut-off with each model’s value there', () => {
    const marker = findAll(root, (e) => e.attrs['data-marker'] === '60')[0];
    expect(textContent(marker)).toBe('cut-off 60');
    const dots = findAll(root, (e) => hasClass(e, 'marker-values'))[0].children;
    expect(dots).toHaveLength(3);
    for (const d of dots) expect(d.attrs.cx).toBe(findAll(marker, (e) => e.name === 'line')[0].attrs.x1);
    // llama-8b at 60: 20 − 0.35·10 + (55 mod 7)·0.3 = 16.5 + 1.8 = 18.3
    expect(textContent(dots[1])).toBe('llama-8b at cut-off 60: 18.3%');
  });

  it('textAlternativeThresholdCurve(spec) names every model with its value at the marker and extremes', () => {
    const text = textAlternativeThresholdCurve(thresholdSpec);
    expect(text).toContain('from 5 to 95; marked cut-off 60.');
    for (const s of thresholdSpec.series) expect(text).toContain(`${s.model}: `);
    expect(text).toContain('llama-8b: 18.3% at 60');
    expect(tableThresholdCurve(thresholdSpec).rows).toHaveLength(91);
  });
});

describe('renderLatencyQuality', () => {
  const svg = renderLatencyQuality(latencySpec);
  const root = expectAccessibleSvg(svg, textAlternativeLatencyQuality(latencySpec));

  it('renderLatencyQuality(spec) matches the snapshot', () => expectSvgSnapshot('latency-quality', svg));

  it('renderLatencyQuality(spec) puts latency on a log axis: equal ratios, equal distances', () => {
    const cx = (id: string) => Number(findAll(findAll(root, (e) => e.attrs['data-point'] === id)[0], (e) => e.name === 'circle')[0].attrs.cx);
    // 0.8 → 6.5 → 12 → 140 ms: distance ∝ log ratio.
    const perDecade = (cx('gte') - cx('bge')) / Math.log10(140 / 12);
    expect((cx('minilm') - cx('bm25')) / Math.log10(6.5 / 0.8)).toBeCloseTo(perDecade, 0);
    const ticks = findAll(findAll(root, (e) => hasClass(e, 'axis-x'))[0], (e) => e.name === 'text' && !hasClass(e, 'axis-label')).map(textContent);
    // Domain 0.64 … 213.75 ms (data and CIs, 0.8 … 171, widened by ×1.25): ticks at 1, 2 and 5 per decade inside it.
    expect(ticks).toEqual(['1', '2', '5', '10', '20', '50', '100', '200']);
  });

  it('renderLatencyQuality(spec) gives each model one point with a tooltip, listed in the desc', () => {
    expect(findAll(root, (e) => 'data-point' in e.attrs)).toHaveLength(4);
    expect(desc(root)).toContain('gte-large: latency 140.0 ms [120.0 ms, 171.0 ms], nDCG@10 0.690 [0.660, 0.720].');
    for (const p of latencySpec.points) expect(desc(root)).toContain(p.label);
  });

  it('renderLatencyQuality(demo spec) at every figure width strikes no label with a leader or a whisker, and no two labels meet', () => {
    for (const spec of [latencySpec, ...FIGURE_WIDTHS.map((width) => ({ ...demoLatencySpec, width })), ...FIGURE_WIDTHS.map((width) => ({ ...latencySpec, width }))]) {
      const plot = parseXml(renderLatencyQuality(spec));
      const labels = scatterLabels(plot);
      expect(labels).toHaveLength(spec.points.length);
      const whiskers = pathSegments(plot, 'whisker');
      for (const a of labels) {
        for (const s of whiskers) expect(segmentCrossesBox(s, a.box), `${spec.width} px: "${a.text}" is crossed by a whisker`).toBe(false);
        for (const b of labels) {
          if (b === a) continue;
          expect(boxesIntersect(a.box, b.box), `${spec.width} px: "${a.text}" meets "${b.text}"`).toBe(false);
          if (a.leader) expect(segmentCrossesBox(a.leader, b.box), `${spec.width} px: the leader of "${a.text}" crosses "${b.text}"`).toBe(false);
        }
        // A leader ends on its label's edge: it never runs through its own text (the 360 px trial's strike-through).
        if (a.leader) expect(segmentCrossesBox(a.leader, inset(a.box, 0.5)), `${spec.width} px: the leader of "${a.text}" strikes it`).toBe(false);
      }
    }
  });

  it('renderLatencyQuality(spec) throws a RangeError for a latency ≤ 0', () => {
    expect(() => renderLatencyQuality({ ...latencySpec, points: [{ id: 'x', label: 'x', latencyMs: 0, quality: 1 }] })).toThrow(RangeError);
  });
});
