/**
 * Geometry read back from a rendered plot, for the tests that no label is crossed by a line: the
 * box of each point label (from its text, x, baseline and anchor, with the text width estimated
 * as the layout does, since Node cannot measure) and the segments of the plot's lines.
 */
import { estimateTextWidth, type Box } from '../../../../src/present/plots/labels.ts';
import { segmentsOfPath, type Segment } from '../../../../src/present/plots/segments.ts';
import { FONT_SIZE } from '../../../../src/present/plots/svg.ts';
import { findAll, hasClass, textContent, type XmlElement } from './svgTree.ts';

/** DejaVu Sans's ascent and descent in em (rounded up): a drawn glyph stays inside them. */
const ASCENT = 0.95;
const DESCENT = 0.25;

/** The box a `<text>` covers: from its baseline up by the ascent and down by the descent. */
export function textBox(t: XmlElement, fontSize = Number(t.attrs['font-size'] ?? FONT_SIZE)): Box {
  const width = estimateTextWidth(textContent(t), fontSize, Number(t.attrs['font-weight'] ?? 400) >= 600);
  const anchor = t.attrs['text-anchor'] ?? 'start';
  const x = Number(t.attrs.x) - (anchor === 'end' ? width : anchor === 'middle' ? width / 2 : 0);
  // dy="0.32em" (the rows' middle alignment) moves the baseline down by 0.32 em.
  const baseline = Number(t.attrs.y) + (t.attrs.dy === '0.32em' ? 0.32 * fontSize : 0);
  return { x, y: baseline - ASCENT * fontSize, width, height: (ASCENT + DESCENT) * fontSize };
}

/** Each scatter label (`[data-label]`) as its text, box and leader line (when it has one). */
export function scatterLabels(root: XmlElement): { id: string; text: string; box: Box; leader?: Segment }[] {
  return findAll(root, (e) => 'data-label' in e.attrs).map((g) => {
    const t = findAll(g, (e) => e.name === 'text')[0];
    const l = findAll(g, (e) => e.name === 'line')[0];
    const leader = l && { x1: Number(l.attrs.x1), y1: Number(l.attrs.y1), x2: Number(l.attrs.x2), y2: Number(l.attrs.y2) };
    return { id: g.attrs['data-label'], text: textContent(t), box: textBox(t), ...(leader ? { leader } : {}) };
  });
}

/** The segments of every `<path>` with the class (the frontier step line, the whiskers). */
export function pathSegments(root: XmlElement, className: string): Segment[] {
  return findAll(root, (e) => e.name === 'path' && hasClass(e, className)).flatMap((p) => segmentsOfPath(p.attrs.d));
}

/** The `<line>`s with the class as segments. */
export function lineSegments(root: XmlElement, className: string): Segment[] {
  return findAll(root, (e) => e.name === 'line' && hasClass(e, className)).map((l) => ({ x1: Number(l.attrs.x1), y1: Number(l.attrs.y1), x2: Number(l.attrs.x2), y2: Number(l.attrs.y2) }));
}

/** The box shrunk by `by` px on every side: a line that only touches a label's edge does not strike it. */
export function inset(b: Box, by: number): Box {
  return { x: b.x + by, y: b.y + by, width: b.width - 2 * by, height: b.height - 2 * by };
}
