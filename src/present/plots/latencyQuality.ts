/**
 * Latency against quality: one point per model, latency on a log axis (ms per item, smaller is
 * better), the quality metric up (larger is better), with CI whiskers where given. The latency
 * axis spans at least a decade around the points (a lone model is not a point on an axis of
 * nothing), and a lone model's label carries its values.
 */
import { scaleLinear, scaleLog, format } from 'd3';
import { el, svgDocument, text, FONT_SIZE } from './svg.ts';
import { wrapText } from './labels.ts';
import { axisBottom, axisLeft, bottomMarginFor, frameOf, leftMarginFor, linearTicks, tickLabelsFit, type AxisTicks } from './axes.ts';
import { formatMs, formatWithCi, hasInterval, type Interval } from './format.ts';
import { paddedDomain } from './scales.ts';
import { scatterMarks, type LabelledPoint } from './scatter.ts';
import type { PlotTable } from './export.ts';

export interface LatencyQualityPoint extends LabelledPoint {
  /** Milliseconds, > 0. */
  readonly latencyMs: number;
  readonly quality: number;
  readonly latencyCi?: Interval | null;
  readonly qualityCi?: Interval | null;
}

export interface LatencyQualitySpec {
  /** Name of the quality metric, e.g. "nDCG@10". */
  readonly qualityLabel: string;
  readonly points: readonly LatencyQualityPoint[];
  readonly latencyLabel?: string;
  /** What the x value is: milliseconds (default) or a cost per 1,000 calls (in the user's currency). */
  readonly unit?: 'ms' | 'cost';
  readonly title?: string;
  readonly width?: number;
  readonly height?: number;
}

const NOTE_LINE = FONT_SIZE + 4;
const titleOf = (spec: LatencyQualitySpec) => spec.title ?? `${spec.qualityLabel} against latency`;
const latencyLabelOf = (spec: LatencyQualitySpec) => spec.latencyLabel ?? 'Latency per item (ms, log scale)';
const formatCost = (v: number) => `${v.toPrecision(3)} per 1,000 calls`;
const describe = (spec: LatencyQualitySpec, p: LatencyQualityPoint) =>
  spec.unit === 'cost'
    ? `${p.label}: cost ${formatWithCi(p.latencyMs, p.latencyCi, formatCost)}, ${spec.qualityLabel} ${formatWithCi(p.quality, p.qualityCi)}`
    : `${p.label}: latency ${formatWithCi(p.latencyMs, p.latencyCi, formatMs)}, ${spec.qualityLabel} ${formatWithCi(p.quality, p.qualityCi)}`;

export function textAlternativeLatencyQuality(spec: LatencyQualitySpec): string {
  return [`${titleOf(spec)}; lower latency and higher ${spec.qualityLabel} are better. ${spec.points.length} models.`, ...spec.points.map((p) => `${describe(spec, p)}.`)].join(' ');
}

export function tableLatencyQuality(spec: LatencyQualitySpec): PlotTable {
  return {
    columns: ['model', 'latency ms', 'latency CI low', 'latency CI high', spec.qualityLabel, `${spec.qualityLabel} CI low`, `${spec.qualityLabel} CI high`],
    rows: spec.points.map((p) => [p.label, p.latencyMs, p.latencyCi?.[0] ?? null, p.latencyCi?.[1] ?? null, p.quality, p.qualityCi?.[0] ?? null, p.qualityCi?.[1] ?? null]),
  };
}

/**
 * Log ticks at 1, 2 and 5 per decade (all of d3's ticks when that leaves fewer than 3); where
 * their labels would collide (a narrow plot), the powers of ten only.
 */
function logTicks(scale: ReturnType<typeof scaleLog<number>>): AxisTicks {
  const all = scale.ticks();
  const mantissa = (t: number) => Math.round(t / 10 ** Math.floor(Math.log10(t) + 1e-9));
  const leading = all.filter((t) => [1, 2, 5].includes(mantissa(t)));
  const ticks = { values: leading.length >= 3 ? leading : all, position: (v: number) => scale(v), format: format(',~r') };
  if (tickLabelsFit(ticks)) return ticks;
  const decades = { ...ticks, values: all.filter((t) => mantissa(t) === 1) };
  return tickLabelsFit(decades) ? decades : { ...decades, values: decades.values.filter((_, i) => i % 2 === 0) };
}

/** The latency domain: the values ×/÷ 1.25, widened to at least one decade around their geometric centre. */
export function latencyDomain(values: readonly number[]): [number, number] {
  const lo = values.length ? Math.min(...values) / 1.25 : 1;
  const hi = values.length ? Math.max(...values) * 1.25 : 10;
  if (hi / lo >= 10) return [lo, hi];
  const centre = Math.sqrt(lo * hi);
  return [centre / Math.sqrt(10), centre * Math.sqrt(10)];
}

/** @throws {RangeError} for a latency that is not a positive finite number, or a non-finite quality. */
export function renderLatencyQuality(spec: LatencyQualitySpec): string {
  for (const p of spec.points) {
    if (!(p.latencyMs > 0) || !Number.isFinite(p.latencyMs)) throw new RangeError(`point ${p.id}: latency must be positive for a log axis`);
    if (!Number.isFinite(p.quality)) throw new RangeError(`point ${p.id} has a non-finite quality`);
  }
  const width = spec.width ?? 640;
  const height = spec.height ?? 400;
  const qs = spec.points.flatMap((p) => [p.quality, ...(hasInterval(p.qualityCi) ? p.qualityCi : [])]);
  const ls = spec.points.flatMap((p) => [p.latencyMs, ...(hasInterval(p.latencyCi) ? p.latencyCi : [])]).filter((v) => v > 0);
  const y = scaleLinear().domain(paddedDomain(qs)).nice(6);
  const yTicks = linearTicks(y, 6);
  const left = leftMarginFor(yTicks.values.map(yTicks.format));
  const xLabel = `← ${latencyLabelOf(spec)}`;
  const lone = spec.points.length === 1;
  // A lone point has nothing to be read against: its numbers are written above the plot.
  const note = lone ? wrapText(describe(spec, spec.points[0]), width - left - 24, FONT_SIZE, true) : [];
  const top = 20 + note.length * NOTE_LINE;
  const frame = frameOf(width, height, { top, right: 24, bottom: bottomMarginFor(xLabel, width - left - 24), left });
  y.range([frame.bottom, frame.top]);
  const x = scaleLog().domain(latencyDomain(ls)).range([frame.left, frame.right]);
  const marks = spec.points.map((p) => ({
    id: p.id,
    // A lone point's name is in the note above it, with its numbers.
    label: lone ? '' : p.label,
    cx: x(p.latencyMs),
    cy: y(p.quality),
    xWhisker: hasInterval(p.latencyCi) && p.latencyCi[0] > 0 ? ([x(p.latencyCi[0]), x(p.latencyCi[1])] as const) : undefined,
    yWhisker: hasInterval(p.qualityCi) ? ([y(p.qualityCi[0]), y(p.qualityCi[1])] as const) : undefined,
    tooltip: describe(spec, p),
  }));
  return svgDocument({
    width,
    height,
    title: titleOf(spec),
    desc: textAlternativeLatencyQuality(spec),
    body: [
      axisBottom(frame, logTicks(x), { label: xLabel, grid: true }),
      axisLeft(frame, yTicks, { label: `${spec.qualityLabel} →`, grid: true }),
      scatterMarks(marks, frame),
      note.length > 0 && el('text', { class: 'value-note', x: left, y: 14, 'font-weight': 600 }, ...note.map((line, i) => el('tspan', { x: left, dy: i === 0 ? null : NOTE_LINE }, text(line)))),
    ],
  });
}
