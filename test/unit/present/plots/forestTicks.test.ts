/**
 * The forest plot's x tick labels must not overlap, whatever the width left
 * between the row labels and the printed estimates. The PNG export draws
 * this same SVG, so what holds here holds in the PNG (the e2e test measures
 * the real text boxes in Chromium).
 */
import { describe, expect, it } from 'vitest';
import { renderForest, type ForestSpec } from '../../../../src/present/plots/forest.ts';
import { estimateTextWidth } from '../../../../src/present/plots/labels.ts';
import { findAll, hasClass, parseXml, type XmlElement } from './svgTree.ts';

const LANGS = ['de', 'en', 'es', 'fr', 'nl'];
/** RBC per language of three models, as the retrieval Results view draws it: small values, wide CIs printed at the right. */
const retrieval: ForestSpec = {
  xLabel: 'rbc',
  groupLabel: 'language',
  reference: 0,
  rows: ['GloVe 100d (bundled)', 'BM25', 'Character-bigram TF-IDF'].flatMap((model) =>
    LANGS.map((group, i) => ({ model, group, estimate: -0.012 + i * 0.004, ci: [-0.0432 + i * 0.003, 0.0211 + i * 0.004] as [number, number] })),
  ),
};
const CUES = ['gender · female · explicit', 'gender · female · implicit', 'ethnicity · black · explicit', 'origin · south-asia · implicit'];
/** ΔScore per cue of two screening models: long row labels leave a narrow frame. */
const screening: ForestSpec = {
  xLabel: 'ΔScore against the reference group (0–100 scale)',
  groupLabel: 'attribute · group · signal',
  reference: 0,
  rows: ['Calibrated GloVe 100d', 'tiny cross-encoder'].flatMap((model, j) =>
    CUES.map((group, i) => ({ model, group, estimate: -3.4 + i * 0.7 + j, ci: [-5.123 + i * 0.7, -1.812 + i * 0.7 + j * 2] as [number, number] })),
  ),
};

interface TickLabel {
  readonly text: string;
  readonly left: number;
  readonly right: number;
}

/** The x axis tick labels of a rendered plot, with their estimated horizontal extent (they are centred on the tick). */
function tickLabels(svg: string): TickLabel[] {
  const axis = findAll(parseXml(svg), (e) => e.name === 'g' && hasClass(e, 'axis-x'))[0];
  const ticks = axis.children.filter((g: XmlElement) => g.name === 'g' && /^translate\(/.test(g.attrs.transform ?? ''));
  return ticks.map((g) => {
    const x = Number(/^translate\(([-\d.]+)/.exec(g.attrs.transform)![1]);
    const text = g.children.find((c) => c.name === 'text')!.text;
    const w = estimateTextWidth(text);
    return { text, left: x - w / 2, right: x + w / 2 };
  });
}

describe('renderForest(spec) x axis', () => {
  for (const [name, spec] of [['retrieval RBC', retrieval], ['screening ΔScore', screening]] as const) {
    for (const width of [640, 560]) {
      it(`leaves a gap between neighbouring tick labels (${name}, width ${width})`, () => {
        const labels = tickLabels(renderForest({ ...spec, width }));
        expect(labels.length, labels.map((l) => l.text).join(' ')).toBeGreaterThanOrEqual(3);
        for (let i = 1; i < labels.length; i++) {
          expect(labels[i].left - labels[i - 1].right, `"${labels[i - 1].text}" and "${labels[i].text}" at width ${width}`).toBeGreaterThanOrEqual(4);
        }
        expect(labels[0].left).toBeGreaterThanOrEqual(0);
        expect(labels[labels.length - 1].right).toBeLessThanOrEqual(width);
      });
    }
  }
});
