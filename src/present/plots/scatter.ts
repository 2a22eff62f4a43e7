/** Points with CI whiskers, tooltips and collision-free labels: shared by the Pareto and latency plots. */
import { el, text, px } from './svg.ts';
import { fitText, placeLabels } from './labels.ts';
import type { Segment } from './segments.ts';
import type { Frame } from './axes.ts';

/** A point of a scatter plot (a model, in the Pareto and latency plots): the id it is keyed by (`data-point`) and the label shown beside it. */
export interface LabelledPoint {
  readonly id: string;
  readonly label: string;
}

export interface ScatterMark extends LabelledPoint {
  /** Centre in px. */
  readonly cx: number;
  readonly cy: number;
  /** Whisker ends in px, when the CI is known. */
  readonly xWhisker?: readonly [number, number];
  readonly yWhisker?: readonly [number, number];
  /** Tooltip text (the `<title>` of the point). */
  readonly tooltip: string;
  /** Extra classes on the point group, e.g. "dimmed". */
  readonly className?: string;
  /** Hollow marker (e.g. a dominated point), so the state does not rest on opacity alone. */
  readonly hollow?: boolean;
}

const RADIUS = 4.5;
const CAP = 3;

/** The whiskers of a mark as segments (the bar and its two caps on each axis), as `scatterMarks` draws them. */
export function whiskerSegments(m: ScatterMark): Segment[] {
  const out: Segment[] = [];
  if (m.xWhisker) {
    const [a, b] = m.xWhisker;
    out.push({ x1: a, y1: m.cy, x2: b, y2: m.cy }, { x1: a, y1: m.cy - CAP, x2: a, y2: m.cy + CAP }, { x1: b, y1: m.cy - CAP, x2: b, y2: m.cy + CAP });
  }
  if (m.yWhisker) {
    const [a, b] = m.yWhisker;
    out.push({ x1: m.cx, y1: a, x2: m.cx, y2: b }, { x1: m.cx - CAP, y1: a, x2: m.cx + CAP, y2: a }, { x1: m.cx - CAP, y1: b, x2: m.cx + CAP, y2: b });
  }
  return out;
}

/**
 * One keyboard-focusable `<g data-point>` per mark, then a layer of labels placed without
 * collisions: clear of each other, of the point markers, of every whisker and of `lines` (the
 * plot's own lines, e.g. the Pareto step line), and of each other's leader lines.
 */
export function scatterMarks(marks: readonly ScatterMark[], frame: Frame, lines: readonly Segment[] = []): string {
  const points = marks.map((m) =>
    el(
      'g',
      { class: ['point', m.className].filter(Boolean).join(' '), 'data-point': m.id, tabindex: 0, 'aria-label': m.tooltip },
      el('title', {}, text(m.tooltip)),
      m.xWhisker &&
        el('path', { class: 'whisker', d: `M${px(m.xWhisker[0])},${px(m.cy - CAP)}v${2 * CAP}M${px(m.xWhisker[0])},${px(m.cy)}H${px(m.xWhisker[1])}M${px(m.xWhisker[1])},${px(m.cy - CAP)}v${2 * CAP}`, stroke: 'currentColor', 'stroke-opacity': 0.7, fill: 'none' }),
      m.yWhisker &&
        el('path', { class: 'whisker', d: `M${px(m.cx - CAP)},${px(m.yWhisker[0])}h${2 * CAP}M${px(m.cx)},${px(m.yWhisker[0])}V${px(m.yWhisker[1])}M${px(m.cx - CAP)},${px(m.yWhisker[1])}h${2 * CAP}`, stroke: 'currentColor', 'stroke-opacity': 0.7, fill: 'none' }),
      el('circle', { cx: m.cx, cy: m.cy, r: RADIUS, fill: m.hollow ? 'none' : 'currentColor', stroke: 'currentColor', 'stroke-width': 1.5 }),
    ),
  );
  const obstacles = marks.map((m) => ({ x: m.cx - RADIUS, y: m.cy - RADIUS, width: 2 * RADIUS, height: 2 * RADIUS }));
  // A mark with an empty label is named elsewhere (e.g. a lone point's note): no label to place.
  const labelled = marks.filter((m) => m.label !== '');
  const labels = placeLabels(
    labelled.map((m) => ({ id: m.id, text: fitText(m.label, frame.right - frame.left), anchorX: m.cx, anchorY: m.cy })),
    { x: frame.left, y: frame.top, width: frame.right - frame.left, height: frame.bottom - frame.top },
    { obstacles, lines: [...lines, ...marks.flatMap(whiskerSegments)] },
  );
  const labelMarkup = labels.map((l, i) => {
    const m = labelled[i];
    const leader = l.leader && el('line', { class: 'leader', x1: l.leader.x1, y1: l.leader.y1, x2: l.leader.x2, y2: l.leader.y2, stroke: 'currentColor', 'stroke-opacity': 0.4 });
    return el('g', { class: ['label', m.className].filter(Boolean).join(' '), 'data-label': l.id }, leader, el('text', { x: l.x, y: l.y, 'text-anchor': l.textAnchor }, text(l.text)));
  });
  return el('g', { class: 'points' }, ...points) + el('g', { class: 'labels', 'aria-hidden': 'true' }, ...labelMarkup);
}

