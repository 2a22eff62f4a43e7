/**
 * Threshold sensitivity (METRICS.md §5): label-flip % against the FIT cut-off, 5 … 95, one line
 * per model, labelled at its end; a marker line at the chosen cut-off with each model's value there.
 */
import { line, scaleLinear } from 'd3';
import { el, px, text, svgDocument, FONT_SIZE } from './svg.ts';
import { axisBottom, axisLeft, bottomMarginFor, frameOf, leftMarginFor, legend, linearTicks, panelTicks } from './axes.ts';
import { formatPercent } from './format.ts';
import { estimateTextWidth, placeLabels } from './labels.ts';
import { OKABE_ITO, distinctColors } from './palette.ts';
import type { PlotTable } from './export.ts';

export interface ThresholdPoint {
  /** Integer cut-off on the 0–100 score scale. */
  readonly cutoff: number;
  /** Label flip %, 0–100. */
  readonly flipPct: number;
}

export interface ThresholdSeries {
  readonly model: string;
  readonly points: readonly ThresholdPoint[];
}

export interface ThresholdCurveSpec {
  readonly series: readonly ThresholdSeries[];
  /** The cut-off in use (marked); 50 by default. */
  readonly marker?: number;
  readonly title?: string;
  readonly width?: number;
  readonly height?: number;
}

const titleOf = (spec: ThresholdCurveSpec) => spec.title ?? 'Label flip % by FIT cut-off';
const markerOf = (spec: ThresholdCurveSpec) => spec.marker ?? 50;
/** A series' defined points (an undefined flip % — NaN, null in a shared link — is not drawn), by cut-off. */
const sorted = (s: ThresholdSeries) => s.points.filter((p) => Number.isFinite(p.flipPct)).sort((a, b) => a.cutoff - b.cutoff);
const at = (s: ThresholdSeries, cutoff: number) => s.points.find((p) => p.cutoff === cutoff && Number.isFinite(p.flipPct));

export function textAlternativeThresholdCurve(spec: ThresholdCurveSpec): string {
  const marker = markerOf(spec);
  const parts = spec.series.map((s) => {
    const points = sorted(s);
    if (points.length === 0) return `${s.model}: no values.`;
    const lo = points.reduce((a, b) => (b.flipPct < a.flipPct ? b : a));
    const hi = points.reduce((a, b) => (b.flipPct > a.flipPct ? b : a));
    const here = at(s, marker);
    return `${s.model}: ${here ? `${formatPercent(here.flipPct)} at ${marker}, ` : ''}lowest ${formatPercent(lo.flipPct)} at ${lo.cutoff}, highest ${formatPercent(hi.flipPct)} at ${hi.cutoff}.`;
  });
  return [`${titleOf(spec)} from ${Math.min(...spec.series.flatMap((s) => s.points.map((p) => p.cutoff)))} to ${Math.max(...spec.series.flatMap((s) => s.points.map((p) => p.cutoff)))}; marked cut-off ${marker}.`, ...parts].join(' ');
}

/** One row per cut-off, one column per model (the full curve behind the plot). */
export function tableThresholdCurve(spec: ThresholdCurveSpec): PlotTable {
  const cutoffs = [...new Set(spec.series.flatMap((s) => s.points.map((p) => p.cutoff)))].sort((a, b) => a - b);
  return { columns: ['cut-off', ...spec.series.map((s) => `${s.model} flip %`)], rows: cutoffs.map((c) => [c, ...spec.series.map((s) => at(s, c)?.flipPct ?? null)]) };
}

export function renderThresholdCurve(spec: ThresholdCurveSpec): string {
  const width = spec.width ?? 640;
  const height = spec.height ?? 360;
  const marker = markerOf(spec);
  const maxFlip = Math.max(1, ...spec.series.flatMap((s) => sorted(s).map((p) => p.flipPct)));
  const y = scaleLinear().domain([0, maxFlip]).nice(5);
  const yTicks = linearTicks(y, 5);
  const left = leftMarginFor(yTicks.values.map(yTicks.format));
  const xLabel = 'FIT cut-off (score ≥ cut-off is FIT)';
  // One colour per model, never reused; past seven models (or for one) every line in one colour.
  const colours = distinctColors(spec.series.map((s) => s.model));
  const colourOf = (i: number) => colours?.get(spec.series[i].model) ?? OKABE_ITO[0];
  // Each line is named at its right end while that leaves the frame half the width; else (long
  // names, a narrow screen) the names go in a key under the axis, each beside its line's colour.
  const endRoom = Math.max(0, ...spec.series.map((s) => estimateTextWidth(s.model))) + 14;
  const direct = width - left - endRoom >= width / 2;
  const right = direct ? endRoom : 24;
  const key = direct
    ? undefined
    : legend(
        spec.series.map((s, i) => ({ label: s.model, swatch: el('path', { d: 'M0,6H12', stroke: colourOf(i), 'stroke-width': 2.5 }) })),
        12,
        0,
        width - 24,
      );
  const axisRoom = bottomMarginFor(xLabel, width - left - right);
  const frame = frameOf(width, height, { top: 28, right, bottom: axisRoom + (key ? key.height + 6 : 0), left });
  y.range([frame.bottom, frame.top]);
  const x = scaleLinear().domain([0, 100]).range([frame.left, frame.right]);
  const path = line<ThresholdPoint>().x((p) => x(p.cutoff)).y((p) => y(p.flipPct)).digits(2);
  const lines = spec.series.map((s, i) =>
    el(
      'g',
      { class: 'series', 'data-series': s.model },
      el('title', {}, text(`${s.model}: label flip % by cut-off`)),
      el('path', { d: path(sorted(s)) ?? '', fill: 'none', stroke: colourOf(i), 'stroke-width': 2, 'stroke-linejoin': 'round' }),
    ),
  );
  const ends = spec.series.flatMap((s, i) => {
    const last = sorted(s).at(-1);
    return last ? [{ id: s.model, text: s.model, anchorX: x(last.cutoff), anchorY: y(last.flipPct), color: colourOf(i) }] : [];
  });
  const placed = direct ? placeLabels(ends, { x: frame.left, y: frame.top, width: width - frame.left, height: frame.bottom - frame.top }, { sides: 'right', align: 'centre' }) : [];
  const endLabels = placed.map((l, i) => el('text', { x: l.x, y: l.y, 'text-anchor': l.textAnchor, 'data-label': l.id, fill: ends[i].color }, text(l.text)));
  const markerDots = spec.series.flatMap((s, i) => {
    const p = at(s, marker);
    return p ? [el('circle', { cx: x(marker), cy: y(p.flipPct), r: 4, fill: colourOf(i), stroke: 'currentColor', 'stroke-width': 1 }, el('title', {}, text(`${s.model} at cut-off ${marker}: ${formatPercent(p.flipPct)}`)))] : [];
  });
  return svgDocument({
    width,
    height,
    title: titleOf(spec),
    desc: textAlternativeThresholdCurve(spec),
    body: [
      axisBottom(frame, panelTicks(x), { label: xLabel, grid: true }),
      axisLeft(frame, yTicks, { label: 'Label flip %', grid: true }),
      el(
        'g',
        { class: 'marker', 'data-marker': marker },
        el('line', { x1: x(marker), x2: x(marker), y1: frame.top - 6, y2: frame.bottom, stroke: 'currentColor', 'stroke-dasharray': '4 3' }),
        el('text', { x: px(x(marker)), y: frame.top - 10, 'text-anchor': 'middle', 'font-size': FONT_SIZE }, text(`cut-off ${marker}`)),
      ),
      el('g', { class: 'lines' }, ...lines),
      el('g', { class: 'marker-values' }, ...markerDots),
      el('g', { class: 'labels', 'aria-hidden': 'true' }, ...endLabels),
      key && el('g', { class: 'key', transform: `translate(0,${height - key.height})` }, key.markup),
    ],
  });
}
