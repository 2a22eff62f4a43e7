/** Plot frame, axes, grid and legend shared by the plots; all in `currentColor`. */
import { el, text, px, FONT_SIZE } from './svg.ts';
import { estimateTextWidth, wrapText } from './labels.ts';

export interface Margin {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

/** The drawing area inside the margins, in px. */
export interface Frame {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

export function frameOf(width: number, height: number, margin: Margin): Frame {
  return { width, height, left: margin.left, right: width - margin.right, top: margin.top, bottom: height - margin.bottom };
}

/** What an axis needs from a scale: tick values, a position for each and its label. */
export interface AxisTicks {
  readonly values: readonly number[];
  readonly position: (value: number) => number;
  readonly format: (value: number) => string;
}

export interface AxisOptions {
  readonly label?: string;
  /** Draw faint grid lines across the frame at each tick. */
  readonly grid?: boolean;
}

const AXIS = { stroke: 'currentColor', 'stroke-opacity': 0.6 } as const;
const GRID = { stroke: 'currentColor', 'stroke-opacity': 0.1 } as const;

/** Axis along the bottom of the frame, its label centred below. */
export function axisBottom(frame: Frame, ticks: AxisTicks, options: AxisOptions = {}): string {
  return el(
    'g',
    { class: 'axis axis-x' },
    options.grid && el('g', { class: 'grid', ...GRID }, ...ticks.values.map((v) => el('line', { x1: ticks.position(v), x2: ticks.position(v), y1: frame.top, y2: frame.bottom }))),
    el('line', { x1: frame.left, x2: frame.right, y1: frame.bottom, y2: frame.bottom, ...AXIS }),
    ...ticks.values.map((v) =>
      el(
        'g',
        { transform: `translate(${px(ticks.position(v))},${px(frame.bottom)})` },
        el('line', { y2: 5, ...AXIS }),
        el('text', { y: 8 + FONT_SIZE, 'text-anchor': 'middle' }, text(ticks.format(v))),
      ),
    ),
    options.label &&
      el(
        'text',
        { class: 'axis-label', x: (frame.left + frame.right) / 2, y: frame.bottom + 20 + 2 * FONT_SIZE, 'text-anchor': 'middle', 'font-weight': 600 },
        ...axisLabelLines(options.label, frame.right - frame.left).map((line, i) => el('tspan', { x: (frame.left + frame.right) / 2, dy: i === 0 ? null : LABEL_LINE }, text(line))),
      ),
  );
}

/** Line height of a wrapped axis label, px. */
const LABEL_LINE = FONT_SIZE + 4;

/** A bottom axis label wrapped to the frame's width (bold text, by estimate). */
export function axisLabelLines(label: string, frameWidth: number): string[] {
  return wrapText(label, Math.max(40, frameWidth), FONT_SIZE, true);
}

/**
 * The bottom margin a bottom axis needs: ticks, tick labels and its label wrapped to
 * `frameWidth` (one line: 54 px, each further line 15 px more).
 */
export function bottomMarginFor(label: string | undefined, frameWidth: number): number {
  const lines = label ? axisLabelLines(label, frameWidth).length : 0;
  return lines === 0 ? 34 : 54 + (lines - 1) * LABEL_LINE;
}

/** Axis along the left of the frame, its label rotated and centred beside it. */
export function axisLeft(frame: Frame, ticks: AxisTicks, options: AxisOptions = {}): string {
  const labelX = frame.left - 14 - Math.max(0, ...ticks.values.map((v) => estimateTextWidth(ticks.format(v))));
  return el(
    'g',
    { class: 'axis axis-y' },
    options.grid && el('g', { class: 'grid', ...GRID }, ...ticks.values.map((v) => el('line', { y1: ticks.position(v), y2: ticks.position(v), x1: frame.left, x2: frame.right }))),
    el('line', { x1: frame.left, x2: frame.left, y1: frame.top, y2: frame.bottom, ...AXIS }),
    ...ticks.values.map((v) =>
      el(
        'g',
        { transform: `translate(${px(frame.left)},${px(ticks.position(v))})` },
        el('line', { x2: -5, ...AXIS }),
        el('text', { x: -8, dy: '0.32em', 'text-anchor': 'end' }, text(ticks.format(v))),
      ),
    ),
    options.label &&
      el('text', { class: 'axis-label', transform: `translate(${px(labelX - 6)},${px((frame.top + frame.bottom) / 2)}) rotate(-90)`, 'text-anchor': 'middle', 'font-weight': 600 }, text(options.label)),
  );
}

/** Width the left margin needs for tick labels plus a rotated axis label (bold). */
export function leftMarginFor(tickLabels: readonly string[]): number {
  return 14 + Math.max(0, ...tickLabels.map((t) => estimateTextWidth(t))) + 10 + FONT_SIZE + 4;
}


export interface LegendEntry {
  readonly label: string;
  /** Markup of the swatch, drawn in a 12×12 box at the origin. */
  readonly swatch: string;
}

/**
 * A horizontal legend starting at (x, y); wraps to new lines past `maxWidth`, and an entry whose
 * label alone is wider than that wraps its label over lines of its own. Returns markup and height.
 */
export function legend(entries: readonly LegendEntry[], x: number, y: number, maxWidth: number): { markup: string; height: number } {
  const lineHeight = FONT_SIZE + 8;
  let cx = 0;
  let cy = 0;
  const items: string[] = [];
  for (const entry of entries) {
    const lines = 16 + estimateTextWidth(entry.label) > maxWidth ? wrapText(entry.label, maxWidth - 16) : [entry.label];
    const w = 16 + Math.max(...lines.map((l) => estimateTextWidth(l))) + 14;
    if (cx > 0 && cx + w > maxWidth) {
      cx = 0;
      cy += lineHeight;
    }
    const label = lines.map((l, i) => el('tspan', { x: 16, dy: i === 0 ? null : FONT_SIZE + 4 }, text(l))).join('');
    items.push(el('g', { transform: `translate(${px(x + cx)},${px(y + cy)})` }, entry.swatch, el('text', { x: 16, y: 6, dy: '0.32em' }, lines.length === 1 ? text(lines[0]) : label)));
    cx += w;
    if (lines.length > 1) {
      // A wrapped entry fills its lines: the next starts below it.
      cx = 0;
      cy += lineHeight + (lines.length - 1) * (FONT_SIZE + 4);
    }
  }
  return { markup: el('g', { class: 'legend' }, ...items), height: entries.length === 0 ? 0 : cx === 0 ? cy : cy + lineHeight };
}

/** A filled 12×12 square swatch. */
export function squareSwatch(color: string): string {
  return el('rect', { width: 12, height: 12, rx: 2, fill: color });
}

/** What linearTicks needs of a d3 continuous scale. */
export interface TickingScale {
  ticks(count?: number): number[];
  tickFormat(count?: number, specifier?: string): (v: number) => string;
  (v: number): number;
}

/** Ticks of a continuous d3 scale, formatted by the scale's own tick format. */
export function linearTicks(scale: TickingScale, count: number): AxisTicks {
  return { values: scale.ticks(count), position: (v) => scale(v), format: scale.tickFormat(count) };
}

/** Least space between two neighbouring tick labels of a horizontal axis, in px. */
export const TICK_LABEL_GAP = 6;

/**
 * True when the labels of horizontal ticks (centred on their tick, widths by
 * estimateTextWidth) leave at least `gap` px between neighbours.
 */
export function tickLabelsFit(ticks: AxisTicks, gap = TICK_LABEL_GAP): boolean {
  const spans = ticks.values.map((v) => {
    const x = ticks.position(v);
    const half = estimateTextWidth(ticks.format(v)) / 2;
    return [x - half, x + half] as const;
  });
  return spans.every((s, i) => i === 0 || s[0] - spans[i - 1][1] >= gap);
}

/**
 * The ticks of a horizontal axis: as many as `maxCount` asks for (d3's
 * count, a hint), fewer when their labels would overlap — the frame of a
 * plot with wide side labels can be narrow. At worst one tick.
 * @example fittingTicks(scaleLinear().domain([-0.05, 0.05]).range([0, 280]), 8) // −0.04 … 0.04 by 0.02
 */
export function fittingTicks(scale: TickingScale, maxCount: number, gap = TICK_LABEL_GAP): AxisTicks {
  for (let count = maxCount; count > 1; count--) {
    const ticks = linearTicks(scale, count);
    if (tickLabelsFit(ticks, gap)) return ticks;
  }
  return linearTicks(scale, 1);
}

/** Pixels per tick a horizontal axis asks d3 for: room for a label like "−0.025" and a gap. */
export const PX_PER_TICK = 70;

/**
 * The `count` to pass to d3's `ticks(count)` for an axis `panelWidth` px long: one tick per
 * `PX_PER_TICK` px, at least 2 and at most 10.
 * @example tickCountForWidth(280) // 4
 */
export function tickCountForWidth(panelWidth: number, pxPerTick = PX_PER_TICK): number {
  return Math.max(2, Math.min(10, Math.floor(panelWidth / pxPerTick)));
}

/**
 * Ticks of a horizontal axis sized to its panel: `ticks(tickCountForWidth(panel width))`, fewer
 * where the labels would still collide (`fittingTicks`).
 */
export function panelTicks(scale: TickingScale & { range(): number[] }, gap = TICK_LABEL_GAP): AxisTicks {
  const [a, b] = scale.range();
  return fittingTicks(scale, tickCountForWidth(Math.abs(b - a)), gap);
}
