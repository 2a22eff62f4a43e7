/** Points with CI whiskers, tooltips and collision-free labels: shared by the Pareto and latency plots. */
import { el, text, px } from './svg.ts';
import { placeLabels } from './labels.ts';
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

/** One keyboard-focusable `<g data-point>` per mark, then a layer of labels placed without collisions. */
export function scatterMarks(marks: readonly ScatterMark[], frame: Frame): string {
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
    labelled.map((m) => ({ id: m.id, text: m.label, anchorX: m.cx, anchorY: m.cy })),
    { x: frame.left, y: frame.top, width: frame.right - frame.left, height: frame.bottom - frame.top },
    { obstacles },
  );
  const labelMarkup = labels.map((l, i) => {
    const m = labelled[i];
    const leader = l.nudged && el('line', { x1: m.cx, y1: m.cy, x2: l.textAnchor === 'start' ? l.box.x : l.box.x + l.box.width, y2: l.box.y + l.box.height / 2, stroke: 'currentColor', 'stroke-opacity': 0.4 });
    return el('g', { class: ['label', m.className].filter(Boolean).join(' '), 'data-label': l.id }, leader, el('text', { x: l.x, y: l.y, 'text-anchor': l.textAnchor }, text(l.text)));
  });
  return el('g', { class: 'points' }, ...points) + el('g', { class: 'labels', 'aria-hidden': 'true' }, ...labelMarkup);
}

