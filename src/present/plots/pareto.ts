/**
 * Pareto plot (METRICS.md §7): each model a point (effectiveness, robustness), both oriented so
 * larger is better, with 95% CI whiskers on both axes; the frontier — the points not dominated —
 * drawn as a step line in x order; dominated points hollow and dimmed. The plot draws what it is
 * given: `dominated` comes from `paretoFrontier` in core/pareto.ts.
 */
import { line, curveStepBefore, scaleLinear } from 'd3';
import { el, px, svgDocument } from './svg.ts';
import { axisBottom, axisLeft, bottomMarginFor, frameOf, leftMarginFor, legend, linearTicks, panelTicks } from './axes.ts';
import { formatWithCi, hasInterval, listInProse, type Interval } from './format.ts';
import { paddedDomain } from './scales.ts';
import { scatterMarks, type LabelledPoint } from './scatter.ts';
import { segmentsOfPath } from './segments.ts';
import type { PlotTable } from './export.ts';

export interface ParetoPlotPoint extends LabelledPoint {
  readonly x: number;
  readonly y: number;
  readonly xCi?: Interval | null;
  readonly yCi?: Interval | null;
  readonly dominated: boolean;
}

export interface ParetoSpec {
  /** Axis labels; say when a metric was negated ("−|RBC| (higher is fairer)"). */
  readonly xLabel: string;
  readonly yLabel: string;
  readonly points: readonly ParetoPlotPoint[];
  readonly title?: string;
  readonly width?: number;
  readonly height?: number;
}

function titleOf(spec: ParetoSpec): string {
  return spec.title ?? `Pareto frontier: ${spec.yLabel} against ${spec.xLabel}`;
}

/** Non-dominated points in x order (then id), the order the step line visits them. */
export function frontierOf(points: readonly ParetoPlotPoint[]): ParetoPlotPoint[] {
  return points.filter((p) => !p.dominated).sort((a, b) => a.x - b.x || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function describePoint(spec: ParetoSpec, p: ParetoPlotPoint): string {
  return `${p.label}: ${spec.xLabel} ${formatWithCi(p.x, p.xCi)}, ${spec.yLabel} ${formatWithCi(p.y, p.yCi)}`;
}

/** The numbers of the plot in prose: every model with both values and CIs, and the frontier. */
export function textAlternativePareto(spec: ParetoSpec): string {
  const frontier = frontierOf(spec.points);
  const head = `${titleOf(spec)}. Larger is better on both axes. ${spec.points.length} models; ${frontier.length} on the frontier${frontier.length ? ` (${listInProse(frontier.map((p) => p.label))}, in order of ${spec.xLabel})` : ''}.`;
  const rows = spec.points.map((p) => `${describePoint(spec, p)}${p.dominated ? ', dominated' : ', on the frontier'}.`);
  return [head, ...rows].join(' ');
}

/** The same numbers as a table (for the page's accessible table and CSV/JSON export). */
export function tablePareto(spec: ParetoSpec): PlotTable {
  return {
    columns: ['model', spec.xLabel, `${spec.xLabel} CI low`, `${spec.xLabel} CI high`, spec.yLabel, `${spec.yLabel} CI low`, `${spec.yLabel} CI high`, 'on frontier'],
    rows: spec.points.map((p) => [p.label, p.x, p.xCi?.[0] ?? null, p.xCi?.[1] ?? null, p.y, p.yCi?.[0] ?? null, p.yCi?.[1] ?? null, !p.dominated]),
  };
}

/**
 * @throws {RangeError} when a point has a non-finite x or y (leave undefined metrics out first).
 */
export function renderPareto(spec: ParetoSpec): string {
  for (const p of spec.points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RangeError(`point ${p.id} has a non-finite coordinate`);
  }
  const width = spec.width ?? 640;
  const height = spec.height ?? 440;
  const xs = spec.points.flatMap((p) => [p.x, ...(hasInterval(p.xCi) ? p.xCi : [])]);
  const ys = spec.points.flatMap((p) => [p.y, ...(hasInterval(p.yCi) ? p.yCi : [])]);
  const y = scaleLinear().domain(paddedDomain(ys)).nice(6);
  const yTicks = linearTicks(y, 6);
  const left = leftMarginFor(yTicks.values.map(yTicks.format));
  const anyCi = spec.points.some((p) => hasInterval(p.xCi) || hasInterval(p.yCi));
  const key = legend(
    [
      { label: 'on the frontier', swatch: el('circle', { cx: 6, cy: 6, r: 4.5, fill: 'currentColor' }) },
      { label: 'dominated', swatch: el('circle', { cx: 6, cy: 6, r: 4.5, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.5, class: 'dimmed' }) },
      { label: 'frontier (step line)', swatch: el('path', { d: 'M0,2V10H12', fill: 'none', stroke: 'currentColor', 'stroke-width': 2 }) },
      ...(anyCi ? [{ label: 'whiskers: 95% CI', swatch: el('path', { d: 'M0,6H12M0,3V9M12,3V9', fill: 'none', stroke: 'currentColor' }) }] : []),
    ],
    left,
    8,
    width - left - 24,
  );
  const xLabel = `${spec.xLabel} →`;
  const frame = frameOf(width, height, { top: 8 + key.height + 14, right: 24, bottom: bottomMarginFor(xLabel, width - left - 24), left });
  y.range([frame.bottom, frame.top]);
  const x = scaleLinear().domain(paddedDomain(xs)).nice(8).range([frame.left, frame.right]);

  const frontier = frontierOf(spec.points);
  const stepPath = line<ParetoPlotPoint>().x((p) => px(x(p.x))).y((p) => px(y(p.y))).curve(curveStepBefore).digits(2)(frontier) ?? '';
  const marks = spec.points.map((p) => ({
    id: p.id,
    label: p.label,
    cx: x(p.x),
    cy: y(p.y),
    xWhisker: hasInterval(p.xCi) ? ([x(p.xCi[0]), x(p.xCi[1])] as const) : undefined,
    yWhisker: hasInterval(p.yCi) ? ([y(p.yCi[0]), y(p.yCi[1])] as const) : undefined,
    tooltip: describePoint(spec, p),
    className: p.dominated ? 'dominated dimmed' : 'frontier-point',
    hollow: p.dominated,
  }));
  return svgDocument({
    width,
    height,
    title: titleOf(spec),
    desc: textAlternativePareto(spec),
    body: [
      key.markup,
      axisBottom(frame, panelTicks(x), { label: xLabel, grid: true }),
      axisLeft(frame, yTicks, { label: `${spec.yLabel} →`, grid: true }),
      el('path', { class: 'frontier', d: stepPath, fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linejoin': 'round' }),
      // Labels keep clear of the step line as of every whisker (segmentsOfPath reads d3's M/H/V path).
      scatterMarks(marks, frame, segmentsOfPath(stepPath)),
    ],
  });
}
