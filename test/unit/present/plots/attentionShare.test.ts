/**
 * The attention-share plot (METRICS.md §12, issue 50): one line per group by rank cut-off, the
 * target share dashed in the group's colour, one panel per model on one y scale.
 */
import { describe, expect, it } from 'vitest';
import { renderAttentionShare, tableAttentionShare, textAlternativeAttentionShare, type AttentionShareSpec } from '../../../../src/present/plots/attentionShare.ts';
import { OKABE_ITO } from '../../../../src/present/plots/palette.ts';
import { boxesIntersect } from '../../../../src/present/plots/labels.ts';
import { findAll, hasClass, parseXml, textContent, type XmlElement } from './svgTree.ts';
import { textBox } from './collisions.ts';
import { expectSvgSnapshot } from './snapshot.ts';
import { FIGURE_WIDTHS } from './fixtures.ts';

// Made-up curves of two models over K = 5: BM25 starts with men, TF-IDF near the target.
const spec: AttentionShareSpec = {
  groupedBy: 'meta.gender',
  panels: [
    { model: 'BM25', groups: ['female', 'male'], share: [[0.3, 0.35, 0.38, 0.4, 0.42], [0.7, 0.65, 0.62, 0.6, 0.58]], target: [0.5, 0.5] },
    { model: 'TF-IDF', groups: ['female', 'male'], share: [[0.46, 0.47, 0.48, 0.49, 0.49], [0.54, 0.53, 0.52, 0.51, 0.51]], target: [0.5, 0.5] },
  ],
};
const desc = (root: XmlElement) => textContent(root.children.find((c) => c.name === 'desc')!);

describe('renderAttentionShare', () => {
  const svg = renderAttentionShare(spec);
  const root = parseXml(svg);

  it('renderAttentionShare(spec) is a standalone accessible SVG whose desc is its text alternative', () => {
    expect(root.name).toBe('svg');
    expect(root.attrs.role).toBe('img');
    expect(root.children[0].name).toBe('title');
    expect(desc(root)).toBe(textAlternativeAttentionShare(spec));
  });

  it('renderAttentionShare(spec) matches the snapshot', () => expectSvgSnapshot('attention-share', svg));

  it('renderAttentionShare(spec) draws a panel per model with a line per group in its own colour, the same in every panel', () => {
    const panels = findAll(root, (e) => 'data-panel' in e.attrs);
    expect(panels.map((p) => p.attrs['data-panel'])).toEqual(['BM25', 'TF-IDF']);
    for (const p of panels) {
      const series = findAll(p, (e) => hasClass(e, 'series'));
      expect(series.map((s) => s.attrs['data-group'])).toEqual(['female', 'male']);
      expect(series.map((s) => s.children.find((c) => c.name === 'path')!.attrs.stroke)).toEqual([OKABE_ITO[0], OKABE_ITO[1]]);
      expect(findAll(series[0], (e) => e.name === 'circle')).toHaveLength(5); // one dot per cut-off
    }
  });

  it('renderAttentionShare(spec) draws each target dashed at its share, level across the panel, the dashes of equal targets taking turns', () => {
    const panel = findAll(root, (e) => e.attrs['data-panel'] === 'BM25')[0];
    const targets = findAll(panel, (e) => e.name === 'line' && hasClass(e, 'target'));
    expect(targets.map((t) => t.attrs['data-group'])).toEqual(['female', 'male']);
    for (const t of targets) expect(t.attrs.y1).toBe(t.attrs.y2);
    expect(targets[0].attrs.y1).toBe(targets[1].attrs.y1); // both at 50%
    expect(targets.map((t) => t.attrs['stroke-dashoffset'])).toEqual(['0', '-5']);
    // 50% on the y axis sits where the target line is
    const fifty = findAll(panel, (e) => hasClass(e, 'axis-y'))[0].children.find((g) => g.name === 'g' && textContent(g) === '50%')!;
    expect(Number(/,([\d.]+)\)/.exec(fifty.attrs.transform)![1])).toBeCloseTo(Number(targets[0].attrs.y1), 1);
  });

  it('renderAttentionShare(spec) labels k = 1 … K with integers only, and names the groups and the dashed target in the key', () => {
    const panel = findAll(root, (e) => e.attrs['data-panel'] === 'BM25')[0];
    const ticks = findAll(findAll(panel, (e) => hasClass(e, 'axis-x'))[0], (e) => e.name === 'text' && !hasClass(e, 'axis-label')).map(textContent);
    expect(ticks[0]).toBe('1');
    for (const t of ticks) expect(t).toMatch(/^[1-5]$/);
    const key = textContent(findAll(root, (e) => hasClass(e, 'legend'))[0]);
    expect(key).toContain('female');
    expect(key).toContain('male');
    expect(key).toContain('target share (dashed');
  });

  it('renderAttentionShare(spec) at 320 px stacks the panels, at 640 px puts them side by side', () => {
    const at = (width: number) => findAll(parseXml(renderAttentionShare({ ...spec, width })), (e) => hasClass(e, 'panel-title')).map((t) => [Number(t.attrs.x), Number(t.attrs.y)]);
    const narrow = at(320);
    expect(narrow[0][0]).toBe(narrow[1][0]);
    expect(narrow[1][1]).toBeGreaterThan(narrow[0][1]);
    const wide = at(640);
    expect(wide[0][1]).toBe(wide[1][1]);
    expect(wide[1][0]).toBeGreaterThan(wide[0][0]);
  });

  it('renderAttentionShare(spec) at every figure width wraps a long panel title inside its panel, above the panel\'s top tick label', () => {
    for (const width of [...FIGURE_WIDTHS, 360]) {
      const long = { ...spec.panels[0], model: 'multilingual-e5-small with a long label (q8)' };
      const plot = parseXml(renderAttentionShare({ ...spec, panels: [...spec.panels, long], width }));
      const panels = findAll(plot, (e) => 'data-panel' in e.attrs);
      const panelWidth = width / (width >= 960 ? 3 : width >= 640 ? 2 : 1);
      for (const p of panels) {
        const title = findAll(p, (e) => e.name === 'text' && hasClass(e, 'panel-title'))[0];
        const lines = findAll(title, (e) => e.name === 'tspan');
        const x = Number(title.attrs.x);
        for (const l of lines) expect(x % panelWidth + textBox({ ...l, attrs: { x: '0', y: '0', 'font-weight': '600' } }).width, `${width} px: "${textContent(l)}"`).toBeLessThanOrEqual(panelWidth);
        // the title's last line ends (baseline + descent) above the top tick label (centred on the frame's top)
        const lastBaseline = Number(title.attrs.y) + (lines.length - 1) * 15;
        const topTick = findAll(p, (e) => hasClass(e, 'axis-y'))[0].children.filter((g) => g.name === 'g' && g.attrs.transform !== undefined).map((g) => Number(/,([\d.]+)\)/.exec(g.attrs.transform)![1]));
        expect(lastBaseline + 0.25 * 11, `${width} px: the title of ${p.attrs['data-panel']}`).toBeLessThan(Math.min(...topTick) + (0.32 - 0.95) * 11);
      }
      expect(boxesIntersect(textBox(findAll(panels[0], (e) => hasClass(e, 'panel-title'))[0]), textBox(findAll(panels[1], (e) => hasClass(e, 'panel-title'))[0]))).toBe(false);
    }
  });

  it('textAlternativeAttentionShare(spec) gives each model’s shares at k = 1 and at K against the target', () => {
    expect(textAlternativeAttentionShare(spec)).toBe(
      "Attention share per group by rank cut-off (meta.gender), k = 1 to 5: each group's mean share of the attention in the top k, one line per group and one panel per model; the dashed line of the same colour is the group's target share. " +
        'BM25: at k = 1 female 30.0%, male 70.0%; at k = 5 female 42.0% (target 50.0%), male 58.0% (target 50.0%). ' +
        'TF-IDF: at k = 1 female 46.0%, male 54.0%; at k = 5 female 49.0% (target 50.0%), male 51.0% (target 50.0%).',
    );
  });

  it('tableAttentionShare(spec) has a row per model and cut-off, a share and a target column per group', () => {
    const t = tableAttentionShare(spec);
    expect(t.columns).toEqual(['model', 'k', 'female share', 'male share', 'female target', 'male target']);
    expect(t.rows).toHaveLength(10);
    expect(t.rows[4]).toEqual(['BM25', 5, 0.42, 0.58, 0.5, 0.5]);
  });
});
