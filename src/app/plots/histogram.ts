/**
 * Rank-shift histogram (METRICS.md §3): how far documents move when their twin takes their place,
 * as counts in integer bins. A bin of width w holds the integers lo … lo + w − 1; w is 1 unless the
 * range is wide (then the smallest width giving at most 40 bins). Counts are printed on the bars
 * where they fit, and always in the tooltips and the text alternative.
 */
import { scaleLinear } from 'd3';
import { el, text, svgDocument, FONT_SIZE } from './svg.ts';
import { axisBottom, axisLeft, frameOf, leftMarginFor, linearTicks } from './axes.ts';
import { formatCount } from './format.ts';
import { estimateTextWidth } from './labels.ts';
import { categoryColor } from './palette.ts';
import type { PlotTable } from './export.ts';

export interface RankShiftHistogramSpec {
  /** Signed rank shifts, rank_o − rank_t (integers). */
  readonly values: readonly number[];
  readonly xLabel?: string;
  /** Integer bin width; chosen from the range when left out. */
  readonly binWidth?: number;
  readonly title?: string;
  readonly width?: number;
  readonly height?: number;
}

export interface HistogramBin {
  /** Smallest and largest integer in the bin. */
  readonly lo: number;
  readonly hi: number;
  readonly count: number;
}

const MAX_BINS = 40;

/**
 * Integer bins from the smallest value to the largest, empty ones included.
 * @throws {RangeError} for a value that is not an integer, or a bin width that is not a positive integer.
 */
export function integerBins(values: readonly number[], binWidth?: number): HistogramBin[] {
  for (const v of values) if (!Number.isInteger(v)) throw new RangeError(`rank shift ${v} is not an integer`);
  if (values.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const w = binWidth ?? Math.max(1, Math.ceil((max - min + 1) / MAX_BINS));
  if (!Number.isInteger(w) || w < 1) throw new RangeError(`bin width ${w} is not a positive integer`);
  const start = Math.floor(min / w) * w;
  const bins = Array.from({ length: Math.floor((max - start) / w) + 1 }, (_, i) => ({ lo: start + i * w, hi: start + i * w + w - 1, count: 0 }));
  for (const v of values) bins[Math.floor((v - start) / w)].count++;
  return bins;
}

const binName = (b: HistogramBin) => (b.lo === b.hi ? `${b.lo}` : `${b.lo} to ${b.hi}`);

function titleOf(spec: RankShiftHistogramSpec): string {
  return spec.title ?? 'Rank shift when the twin takes the original’s place';
}

export function textAlternativeHistogram(spec: RankShiftHistogramSpec): string {
  const bins = integerBins(spec.values, spec.binWidth);
  const nonEmpty = bins.filter((b) => b.count > 0);
  return `${titleOf(spec)}: ${formatCount(spec.values.length)} documents. ${nonEmpty.map((b) => `${binName(b)}: ${formatCount(b.count)}`).join('; ')}${nonEmpty.length < bins.length ? '; every other bin 0' : ''}.`;
}

export function tableHistogram(spec: RankShiftHistogramSpec): PlotTable {
  return { columns: ['shift from', 'shift to', 'count'], rows: integerBins(spec.values, spec.binWidth).map((b) => [b.lo, b.hi, b.count]) };
}

export function renderHistogram(spec: RankShiftHistogramSpec): string {
  const width = spec.width ?? 640;
  const height = spec.height ?? 320;
  const bins = integerBins(spec.values, spec.binWidth);
  const y = scaleLinear().domain([0, Math.max(1, ...bins.map((b) => b.count))]).nice(5);
  const yTicks = linearTicks(y, 5);
  // Counts and shifts are integers: whole-number ticks only, printed as integers.
  const integerTicks = { ...yTicks, values: yTicks.values.filter(Number.isInteger), format: formatCount };
  const frame = frameOf(width, height, { top: 24, right: 20, bottom: 54, left: leftMarginFor(integerTicks.values.map(yTicks.format)) });
  y.range([frame.bottom, frame.top]);
  const lo = bins.length ? bins[0].lo - 0.5 : -0.5;
  const hi = bins.length ? bins[bins.length - 1].hi + 0.5 : 0.5;
  const x = scaleLinear().domain([Math.min(lo, -0.5), Math.max(hi, 0.5)]).range([frame.left, frame.right]);
  const xTicks = linearTicks(x, 10);
  const bars = bins.map((b) => {
    const x0 = x(b.lo - 0.5) + 0.5;
    const x1 = x(b.hi + 0.5) - 0.5;
    const label = formatCount(b.count);
    const fits = b.count > 0 && estimateTextWidth(label, FONT_SIZE - 1) <= x1 - x0 + 2;
    return el(
      'g',
      { class: 'bin', 'data-bin': binName(b) },
      el('title', {}, text(`shift ${binName(b)}: ${label}`)),
      el('rect', { x: x0, y: y(b.count), width: Math.max(0, x1 - x0), height: frame.bottom - y(b.count), fill: categoryColor(0) }),
      fits && el('text', { x: (x0 + x1) / 2, y: y(b.count) - 4, 'text-anchor': 'middle', 'font-size': FONT_SIZE - 1 }, text(label)),
    );
  });
  return svgDocument({
    width,
    height,
    title: titleOf(spec),
    desc: textAlternativeHistogram(spec),
    body: [
      axisLeft(frame, integerTicks, { label: 'Documents', grid: true }),
      axisBottom(frame, { ...xTicks, values: xTicks.values.filter(Number.isInteger), format: formatCount }, { label: spec.xLabel ?? 'Rank shift (original rank − twin rank; positive: the twin ranks better)' }),
      el('g', { class: 'bars' }, ...bars),
      el('line', { class: 'reference', x1: x(0), x2: x(0), y1: frame.top, y2: frame.bottom, stroke: 'currentColor', 'stroke-dasharray': '4 3', 'stroke-opacity': 0.8 }),
      bins.length === 0 && el('text', { x: (frame.left + frame.right) / 2, y: (frame.top + frame.bottom) / 2, 'text-anchor': 'middle' }, 'No rank shifts to show'),
    ],
  });
}
