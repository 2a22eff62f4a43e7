/**
 * Rank-shift histogram (METRICS.md §3): how far documents move when their twin takes their place,
 * as counts in integer bins. A bin of width w holds the integers lo … lo + w − 1; w is 1 unless the
 * range is wide (then the smallest width giving at most 40 bins). The count axis is symlog by
 * default (linear near 0, logarithmic beyond), so the tails — a few documents that move far, what
 * a fairness reader looks for — stay visible beside the spike at 0; `countScale: 'linear'` gives
 * the plain count axis. Counts are printed on a bar only where the label fits its bar's width
 * (never running into its neighbour's), and always in the tooltips and the text alternative.
 */
import { scaleLinear, scaleSymlog } from 'd3';
import { el, text, svgDocument, FONT_SIZE } from './svg.ts';
import { axisBottom, axisLeft, bottomMarginFor, frameOf, leftMarginFor, panelTicks, type AxisTicks } from './axes.ts';
import { symlogCountTicks } from './scales.ts';
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
  /** The count axis: `symlog` (default; shows the tails) or `linear`. */
  readonly countScale?: 'symlog' | 'linear';
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

/** Least space between two bar labels, px. */
const LABEL_GAP = 2;

export function renderHistogram(spec: RankShiftHistogramSpec): string {
  const width = spec.width ?? 640;
  const height = spec.height ?? 320;
  const bins = integerBins(spec.values, spec.binWidth);
  const symlog = (spec.countScale ?? 'symlog') === 'symlog';
  const maxCount = Math.max(1, ...bins.map((b) => b.count));
  const top = 24;
  const xLabel = spec.xLabel ?? 'Rank shift (original rank − twin rank; positive: the twin ranks better)';
  // Tick values first (symlog ones thin out on a short axis: guess its length from a one-line x label).
  const values = symlog ? symlogCountTicks(maxCount, height - top - bottomMarginFor('x', width)) : scaleLinear().domain([0, maxCount]).nice(5).ticks(5).filter(Number.isInteger);
  const countTop = symlog ? values[values.length - 1] : scaleLinear().domain([0, maxCount]).nice(5).domain()[1];
  const left = leftMarginFor(values.map(formatCount));
  const frame = frameOf(width, height, { top, right: 20, bottom: bottomMarginFor(xLabel, width - left - 20), left });
  const yScale = (symlog ? scaleSymlog().constant(1) : scaleLinear()).domain([0, countTop]).range([frame.bottom, frame.top]);
  const yTicks: AxisTicks = { values, position: (v) => yScale(v), format: formatCount };
  const lo = bins.length ? bins[0].lo - 0.5 : -0.5;
  const hi = bins.length ? bins[bins.length - 1].hi + 0.5 : 0.5;
  const x = scaleLinear().domain([Math.min(lo, -0.5), Math.max(hi, 0.5)]).range([frame.left, frame.right]);
  const xTicks = panelTicks(x);
  const bars = bins.map((b) => {
    const x0 = x(b.lo - 0.5) + 0.5;
    const x1 = x(b.hi + 0.5) - 0.5;
    const label = formatCount(b.count);
    // The label is centred on its bar and no wider than the bar's pitch less a gap: it cannot reach its neighbours'.
    const fits = b.count > 0 && estimateTextWidth(label, FONT_SIZE - 1) + LABEL_GAP <= x1 - x0 + 1;
    return el(
      'g',
      { class: 'bin', 'data-bin': binName(b) },
      el('title', {}, text(`shift ${binName(b)}: ${label}`)),
      el('rect', { x: x0, y: yScale(b.count), width: Math.max(0, x1 - x0), height: frame.bottom - yScale(b.count), fill: categoryColor(0) }),
      fits && el('text', { x: (x0 + x1) / 2, y: yScale(b.count) - 4, 'text-anchor': 'middle', 'font-size': FONT_SIZE - 1 }, text(label)),
    );
  });
  return svgDocument({
    width,
    height,
    title: titleOf(spec),
    desc: textAlternativeHistogram(spec),
    body: [
      axisLeft(frame, yTicks, { label: symlog ? 'Documents (symlog scale)' : 'Documents', grid: true }),
      axisBottom(frame, { ...xTicks, values: xTicks.values.filter(Number.isInteger), format: formatCount }, { label: xLabel }),
      el('g', { class: 'bars' }, ...bars),
      el('line', { class: 'reference', x1: x(0), x2: x(0), y1: frame.top, y2: frame.bottom, stroke: 'currentColor', 'stroke-dasharray': '4 3', 'stroke-opacity': 0.8 }),
      bins.length === 0 && el('text', { x: (frame.left + frame.right) / 2, y: (frame.top + frame.bottom) / 2, 'text-anchor': 'middle' }, 'No rank shifts to show'),
    ],
  });
}
