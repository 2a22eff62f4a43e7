import { describe, expect, it } from 'vitest';
import { frontierOf, renderPareto, tablePareto, textAlternativePareto } from '../../../../src/present/plots/pareto.ts';
import { boxesIntersect, estimateTextWidth } from '../../../../src/present/plots/labels.ts';
import { FONT_SIZE } from '../../../../src/present/plots/svg.ts';
import { segmentCrossesBox } from '../../../../src/present/plots/segments.ts';
import { FIGURE_WIDTHS, crowdedParetoSpec, demoParetoSpec, paretoSpec } from './fixtures.ts';
import { inset, pathSegments, scatterLabels } from './collisions.ts';
import { findAll, hasClass, parseXml, textContent, type XmlElement } from './svgTree.ts';
import { expectSvgSnapshot } from './snapshot.ts';

const pointsOf = (root: XmlElement) => findAll(root, (e) => 'data-point' in e.attrs);
const circleOf = (g: XmlElement) => findAll(g, (e) => e.name === 'circle')[0];

describe('renderPareto', () => {
  const svg = renderPareto(paretoSpec);
  const root = parseXml(svg);

  it('renderPareto(spec) matches the snapshot', () => {
    expectSvgSnapshot('pareto', svg);
    expectSvgSnapshot('pareto-crowded', renderPareto(crowdedParetoSpec));
  });

  it('renderPareto(spec) is a standalone accessible <svg> with title and desc', () => {
    expect(root.name).toBe('svg');
    expect(root.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(root.attrs.role).toBe('img');
    expect(root.attrs.viewBox).toBe('0 0 640 440');
    expect(root.children[0].name).toBe('title');
    expect(root.children[1].name).toBe('desc');
  });

  it('renderPareto(spec) draws exactly one focusable [data-point] per point, with a tooltip', () => {
    const groups = pointsOf(root);
    expect(groups.map((g) => g.attrs['data-point']).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    for (const g of groups) {
      expect(g.attrs.tabindex).toBe('0');
      expect(g.children[0].name).toBe('title');
    }
    const tipA = textContent(groups.find((g) => g.attrs['data-point'] === 'a')!.children[0]);
    expect(tipA).toBe('bge-small: nDCG@10 0.610 [0.580, 0.640], −|RBC| −0.050 [−0.090, −0.020]');
  });

  it('renderPareto(spec) marks dominated points, and only those, as dimmed', () => {
    const dimmed = pointsOf(root).filter((g) => hasClass(g, 'dimmed')).map((g) => g.attrs['data-point']);
    expect(dimmed.sort()).toEqual(['b', 'd']);
  });

  it('renderPareto(spec) draws the frontier step path through the frontier points in x order', () => {
    const path = findAll(root, (e) => e.name === 'path' && hasClass(e, 'frontier'))[0];
    const vertices = [...path.attrs.d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const centres = new Map(pointsOf(root).map((g) => [g.attrs['data-point'], [Number(circleOf(g).attrs.cx), Number(circleOf(g).attrs.cy)]]));
    // Frontier by hand: e (x 0.50), a (0.61), c (0.69).
    const expected = ['e', 'a', 'c'].map((id) => centres.get(id)!);
    expect(vertices[0]).toEqual(expected[0]);
    expect(vertices[vertices.length - 1]).toEqual(expected[2]);
    let from = 0;
    for (const [cx, cy] of expected) {
      const at = vertices.findIndex((v, i) => i >= from && v[0] === cx && v[1] === cy);
      expect(at, `vertex ${cx},${cy}`).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
    // A step line: each segment is horizontal or vertical, and x never goes back.
    for (let i = 1; i < vertices.length; i++) {
      expect(vertices[i][0] === vertices[i - 1][0] || vertices[i][1] === vertices[i - 1][1]).toBe(true);
      expect(vertices[i][0]).toBeGreaterThanOrEqual(vertices[i - 1][0]);
    }
  });

  it('renderPareto(spec) writes a desc that lists every model with its numbers', () => {
    const desc = textContent(root.children[1]);
    for (const p of paretoSpec.points) expect(desc).toContain(p.label);
    expect(desc).toContain('gte-large: nDCG@10 0.690 [0.660, 0.720], −|RBC| −0.140 [−0.190, −0.100], on the frontier.');
    expect(desc).toContain('BM25: nDCG@10 0.480 [0.440, 0.520], −|RBC| −0.200, dominated.');
    expect(desc).toContain('3 on the frontier (minilm, bge-small and gte-large');
    expect(desc).toBe(textAlternativePareto(paretoSpec));
  });

  it('renderPareto(crowded spec) places labels so that no two label boxes intersect', () => {
    const crowded = parseXml(renderPareto(crowdedParetoSpec));
    const texts = findAll(crowded, (e) => 'data-label' in e.attrs).map((g) => findAll(g, (e) => e.name === 'text')[0]);
    expect(texts).toHaveLength(12);
    const boxes = texts.map((t) => {
      const width = estimateTextWidth(textContent(t));
      const x = Number(t.attrs.x) - (t.attrs['text-anchor'] === 'end' ? width : 0);
      // Box from the baseline: the cap height above, descenders below.
      return { x, y: Number(t.attrs.y) - FONT_SIZE, width, height: FONT_SIZE + 3 };
    });
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) expect(boxesIntersect(boxes[i], boxes[j]), `${textContent(texts[i])} / ${textContent(texts[j])}`).toBe(false);
    }
  });

  it('renderPareto(demo spec) at every figure width keeps each label off the frontier step line and every whisker', () => {
    for (const width of FIGURE_WIDTHS) {
      const plot = parseXml(renderPareto({ ...demoParetoSpec, width }));
      const labels = scatterLabels(plot);
      expect(labels.map((l) => l.id).sort()).toEqual(['bm25', 'glove', 'tfidf']);
      const frontier = pathSegments(plot, 'frontier');
      const whiskers = pathSegments(plot, 'whisker');
      expect(frontier.length).toBeGreaterThan(0);
      expect(whiskers).toHaveLength(3 * 6); // a bar and two caps per axis and point
      for (const l of labels) {
        for (const s of [...frontier, ...whiskers]) expect(segmentCrossesBox(s, l.box), `${width} px: "${l.text}" is crossed by ${JSON.stringify(s)}`).toBe(false);
      }
    }
  });

  it('renderPareto(spec) draws no leader line through its own text, and in the demo none through another label', () => {
    // Eleven labels fanned out from one cluster cannot all keep clear of each other's leaders:
    // the crowded plot is held to the own-text rule only.
    for (const spec of [crowdedParetoSpec, ...FIGURE_WIDTHS.map((width) => ({ ...demoParetoSpec, width }))]) {
      const labels = scatterLabels(parseXml(renderPareto(spec)));
      for (const a of labels) {
        if (!a.leader) continue;
        // The leader ends on its label's edge, so it never runs through the text.
        expect(segmentCrossesBox(a.leader, inset(a.box, 0.5)), `${spec.width} px: the leader of "${a.text}" strikes it`).toBe(false);
        if (spec === crowdedParetoSpec) continue;
        for (const b of labels) if (b !== a) expect(segmentCrossesBox(a.leader, b.box), `${spec.width} px: the leader of "${a.text}" crosses "${b.text}"`).toBe(false);
      }
    }
  });

  it('renderPareto(spec) throws a RangeError for a non-finite coordinate', () => {
    expect(() => renderPareto({ ...paretoSpec, points: [{ id: 'z', label: 'z', x: NaN, y: 0, dominated: false }] })).toThrow(RangeError);
  });
});

describe('frontierOf and tablePareto', () => {
  it('frontierOf(points) returns the non-dominated points sorted by x', () => {
    expect(frontierOf(paretoSpec.points).map((p) => p.id)).toEqual(['e', 'a', 'c']);
  });

  it('tablePareto(spec) has one row per model with CI bounds and frontier membership', () => {
    const table = tablePareto(paretoSpec);
    expect(table.rows).toHaveLength(5);
    expect(table.rows[3]).toEqual(['BM25', 0.48, 0.44, 0.52, -0.2, null, null, false]);
  });
});
