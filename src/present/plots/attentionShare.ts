/**
 * Who gets seen, by rank cut-off (METRICS.md §12, issue 50): each group's mean share of the
 * attention in the top k, for k = 1 … K, one line per group, with the group's mean target share as
 * a dashed line of the same colour — one panel per model, on one shared y scale. The numbers are
 * the audit's attention curve (core attentionCurve, `groupFairness.curve` of a full result); a
 * summary link carries no curve, so there is nothing to draw from one.
 */
import { format, line, scaleLinear } from 'd3';
import { el, px, text, svgDocument, FONT_SIZE } from './svg.ts';
import { TICK_LABEL_GAP, axisBottom, axisLeft, bottomMarginFor, legend, panelTicks, type AxisTicks, type Frame } from './axes.ts';
import { estimateTextWidth, wrapText } from './labels.ts';
import { categoryColors, distinctColors } from './palette.ts';
import { formatPercent } from './format.ts';
import type { PlotTable } from './export.ts';

/** One model's curve: share[g][k − 1] and target[g], aligned with groups. */
export interface AttentionSharePanel {
  /** The model's display name (the panel's title). */
  readonly model: string;
  readonly groups: readonly string[];
  readonly share: readonly (readonly number[])[];
  readonly target: readonly number[];
}

export interface AttentionShareSpec {
  readonly panels: readonly AttentionSharePanel[];
  /** What the groups are, e.g. `meta.gender`: named in the title and the text description. */
  readonly groupedBy?: string;
  readonly title?: string;
  readonly width?: number;
  /** Height of one panel's plot area and axes, px (default 230). */
  readonly panelHeight?: number;
}

const X_LABEL = 'rank cut-off k (the top k)';
const Y_LABEL = 'attention share';
const percent = format('.0%');
const titleOf = (spec: AttentionShareSpec) => spec.title ?? `Attention share per group by rank cut-off${spec.groupedBy ? ` (${spec.groupedBy})` : ''}`;
/** The depth K of a panel: its curves' length. */
const depthOf = (p: AttentionSharePanel) => Math.max(0, ...p.share.map((s) => s.length));
const pct = (x: number | undefined) => formatPercent(x === undefined ? undefined : 100 * x);

/**
 * The text alternative: what the plot shows, then per model each group's share at k = 1 and at K
 * against its target.
 * @example textAlternativeAttentionShare(spec) // 'Attention share per group by rank cut-off (meta.gender), k = 1 to 10, … BM25: at k = 1 female 38.0%, male 62.0%; at k = 10 female 42.3% (target 50.0%), …'
 */
export function textAlternativeAttentionShare(spec: AttentionShareSpec): string {
  const k = Math.max(0, ...spec.panels.map(depthOf));
  const head = `${titleOf(spec)}, k = 1 to ${k}: each group's mean share of the attention in the top k, one line per group and one panel per model; the dashed line of the same colour is the group's target share.`;
  const parts = spec.panels.map((p) => {
    const K = depthOf(p);
    if (K === 0) return `${p.model}: no curve.`;
    const first = p.groups.map((g, i) => `${g} ${pct(p.share[i]?.[0])}`).join(', ');
    const last = p.groups.map((g, i) => `${g} ${pct(p.share[i]?.[K - 1])} (target ${pct(p.target[i])})`).join(', ');
    return `${p.model}: at k = 1 ${first}; at k = ${K} ${last}.`;
  });
  return [head, ...parts].join(' ');
}

/** One row per model and cut-off k, a share column per group and a target column per group. */
export function tableAttentionShare(spec: AttentionShareSpec): PlotTable {
  const groups = [...new Set(spec.panels.flatMap((p) => p.groups))];
  const columns = ['model', 'k', ...groups.map((g) => `${g} share`), ...groups.map((g) => `${g} target`)];
  const rows = spec.panels.flatMap((p) =>
    Array.from({ length: depthOf(p) }, (_, i) => {
      const at = (g: string) => p.groups.indexOf(g);
      return [p.model, i + 1, ...groups.map((g) => p.share[at(g)]?.[i] ?? null), ...groups.map((g) => p.target[at(g)] ?? null)];
    }),
  );
  return { columns, rows };
}

/** Columns of panels for a width: one below 640 px, else two (three from 960 px), never more than panels. */
function columnsFor(width: number, panels: number): number {
  const fit = width >= 960 ? 3 : width >= 640 ? 2 : 1;
  return Math.max(1, Math.min(fit, panels));
}

/** The integer ticks of the k axis, sized to the panel (no fractional cut-off), k = 1 added where it leaves room. */
function kTicks(x: ReturnType<typeof scaleLinear<number, number>>, depth: number): AxisTicks {
  const values = panelTicks(x).values.filter((v) => Number.isInteger(v) && v >= 1 && v <= depth);
  const room = (a: number, b: number) => Math.abs(x(b) - x(a)) - (estimateTextWidth(String(a)) + estimateTextWidth(String(b))) / 2;
  if (!values.includes(1) && (values.length === 0 || room(1, values[0]) >= TICK_LABEL_GAP)) values.unshift(1);
  return { values, position: (v) => x(v), format: (v) => String(v) };
}

export function renderAttentionShare(spec: AttentionShareSpec): string {
  const width = spec.width ?? 640;
  const panels = spec.panels;
  const groups = [...new Set(panels.flatMap((p) => p.groups))];
  // One colour per group, never reused while the palette lasts; past it colours cycle and the legend still names each.
  const colours = distinctColors(groups) ?? categoryColors(groups);
  const colourOf = (g: string) => colours.get(g) ?? 'currentColor';
  const values = panels.flatMap((p) => [...p.share.flatMap((s) => [...s]), ...p.target]).filter(Number.isFinite);
  const y = scaleLinear()
    .domain([0, Math.min(1, Math.max(0.1, ...values))])
    .nice(5);
  const yValues = y.ticks(5);
  const yTicks = (position: (v: number) => number): AxisTicks => ({ values: yValues, position, format: (v) => percent(v) });
  const tickWidth = Math.max(0, ...yValues.map((v) => estimateTextWidth(percent(v))));
  const left = 14 + tickWidth + 10 + FONT_SIZE + 6;
  const right = 16;
  const cols = columnsFor(width, panels.length);
  const panelWidth = width / cols;
  const frameWidth = panelWidth - left - right;
  const titleLines = panels.map((p) => wrapText(p.model, panelWidth - 8, FONT_SIZE, true));
  const titleRoom = Math.max(1, ...titleLines.map((l) => l.length)) * (FONT_SIZE + 4) + 14;
  const bottom = bottomMarginFor(X_LABEL, frameWidth);
  const plotHeight = spec.panelHeight ?? 230;
  const panelHeight = titleRoom + plotHeight + bottom;
  const rows = Math.ceil(panels.length / cols);

  const key = legend(
    [
      ...groups.map((g) => ({ label: g, swatch: el('path', { d: 'M0,6H12', stroke: colourOf(g), 'stroke-width': 2.5 }) })),
      { label: 'target share (dashed, the group’s colour)', swatch: el('path', { d: 'M0,6H12', stroke: 'currentColor', 'stroke-width': 1.5, 'stroke-dasharray': '4 2' }) },
    ],
    12,
    0,
    width - 24,
  );
  const height = rows * panelHeight + key.height + 12;

  const body = panels.map((p, i) => {
    const x0 = (i % cols) * panelWidth;
    const y0 = Math.floor(i / cols) * panelHeight;
    const frame: Frame = { width: panelWidth, height: panelHeight, left: x0 + left, right: x0 + panelWidth - right, top: y0 + titleRoom, bottom: y0 + titleRoom + plotHeight };
    const depth = Math.max(1, depthOf(p));
    const x = scaleLinear().domain([1, Math.max(2, depth)]).range([frame.left, frame.right]);
    const yp = y.copy().range([frame.bottom, frame.top]);
    const path = line<number>()
      .x((_, j) => x(j + 1))
      .y((v) => yp(v))
      .defined((v) => Number.isFinite(v))
      .digits(2);
    const title = el(
      'text',
      { class: 'panel-title', x: px(x0 + 4), y: px(y0 + FONT_SIZE + 2), 'font-weight': 600 },
      ...titleLines[i].map((l, j) => el('tspan', { x: px(x0 + 4), dy: j === 0 ? null : FONT_SIZE + 4 }, text(l))),
    );
    const targets = p.groups.map((g, gi) =>
      Number.isFinite(p.target[gi])
        ? el(
            'line',
            // Equal targets (the 'equal' target gives every group one) would hide each other: the dashes take turns.
            { class: 'target', 'data-group': g, x1: px(x(1)), x2: px(x(Math.max(2, depth))), y1: px(yp(p.target[gi])), y2: px(yp(p.target[gi])), stroke: colourOf(g), 'stroke-width': 1.5, 'stroke-dasharray': `5 ${Math.max(4, 5 * (p.groups.length - 1))}`, 'stroke-dashoffset': -5 * gi },
            el('title', {}, text(`${g}: target share ${pct(p.target[gi])}`)),
          )
        : '',
    );
    const lines = p.groups.map((g, gi) => {
      const s = p.share[gi] ?? [];
      return el(
        'g',
        { class: 'series', 'data-group': g },
        el('title', {}, text(`${p.model}, ${g}: attention share ${pct(s[0])} at k = 1, ${pct(s[s.length - 1])} at k = ${s.length}`)),
        el('path', { d: path([...s]) ?? '', fill: 'none', stroke: colourOf(g), 'stroke-width': 2, 'stroke-linejoin': 'round' }),
        s.length <= 20 ? el('g', { class: 'dots' }, ...s.map((v, j) => (Number.isFinite(v) ? el('circle', { cx: px(x(j + 1)), cy: px(yp(v)), r: 2.5, fill: colourOf(g) }) : ''))) : '',
      );
    });
    return el(
      'g',
      { class: 'panel', 'data-panel': p.model },
      title,
      axisBottom(frame, kTicks(x, depth), { label: X_LABEL, grid: true }),
      axisLeft(frame, yTicks((v) => yp(v)), { label: Y_LABEL, grid: true }),
      el('g', { class: 'targets' }, ...targets),
      el('g', { class: 'lines' }, ...lines),
    );
  });

  return svgDocument({
    width,
    height,
    title: titleOf(spec),
    desc: textAlternativeAttentionShare(spec),
    body: [...body, el('g', { class: 'key', transform: `translate(0,${px(rows * panelHeight + 6)})` }, key.markup)],
  });
}
