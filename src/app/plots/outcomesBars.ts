/**
 * Selection rates per category (METRICS.md §10): one horizontal bar per category from 0 to its
 * rate, with its 95% CI as a whisker, grouped under each grouping (a group column, or the
 * intersection), and in each grouping a dashed line at its four-fifths threshold (0.8 × the
 * highest rate). A bar below the line is drawn in the warning colour AND labelled "below 4/5";
 * a category under 2% of the rows is drawn hollow AND labelled "(<2%)", so colour is never the
 * only cue. The threshold is given by the spec: the plot draws numbers, it computes none.
 */
import { scaleLinear } from 'd3';
import { el, text, svgDocument, FONT_SIZE } from './svg.ts';
import { axisBottom, frameOf, linearTicks } from './axes.ts';
import { formatValue, formatWithCi, hasInterval, isDefined, listInProse, type Interval } from './format.ts';
import { OKABE_ITO } from './palette.ts';
import { estimateTextWidth } from './labels.ts';
import type { PlotTable } from './export.ts';

export interface OutcomesBar {
  readonly category: string;
  /** Missing (null or not finite) bars are listed with "n/a" and drawn without a mark. */
  readonly rate: number | null;
  readonly ci?: Interval | null;
  /** Impact ratio below 0.8 (the four-fifths flag). */
  readonly belowFourFifths: boolean;
  /** Under 2% of the rows. */
  readonly small: boolean;
}

export interface OutcomesBarsSection {
  /** The grouping, e.g. "race" or "gender × race". */
  readonly name: string;
  readonly bars: readonly OutcomesBar[];
  /** Where the dashed line goes: 0.8 × the grouping's highest rate; null draws none. */
  readonly threshold: number | null;
}

export interface OutcomesBarsSpec {
  readonly sections: readonly OutcomesBarsSection[];
  /** What a rate is: "Selection rate" (default) or "Scoring rate". */
  readonly xLabel?: string;
  readonly title?: string;
  readonly width?: number;
}

const ROW = 22;
const SECTION_GAP = 10;
const BAR = 12;
const BLUE = OKABE_ITO[0];
const VERMILLION = OKABE_ITO[3];

function titleOf(spec: OutcomesBarsSpec): string {
  return spec.title ?? `${spec.xLabel ?? 'Selection rate'} by category, with the four-fifths line`;
}

const barLabel = (b: OutcomesBar) => `${b.category}${b.small ? ' (<2%)' : ''}`;
const valueLabel = (b: OutcomesBar) => `${formatWithCi(b.rate, b.ci)}${b.belowFourFifths ? ' below 4/5' : ''}`;

export function textAlternativeOutcomesBars(spec: OutcomesBarsSpec): string {
  const parts = spec.sections.map((s) => {
    const below = s.bars.filter((b) => b.belowFourFifths).map((b) => b.category);
    const line = isDefined(s.threshold) ? `four-fifths line at ${formatValue(s.threshold)}` : 'no four-fifths line';
    return `${s.name} (${line}): ${s.bars.map((b) => `${barLabel(b)} ${formatWithCi(b.rate, b.ci)}`).join('; ')}${below.length ? `; below four-fifths: ${listInProse(below)}` : ''}.`;
  });
  return [`${titleOf(spec)}, with 95% CIs.`, ...parts].join(' ');
}

export function tableOutcomesBars(spec: OutcomesBarsSpec): PlotTable {
  return {
    columns: ['grouping', 'category', spec.xLabel ?? 'Selection rate', 'CI low', 'CI high', 'below four-fifths', 'under 2%', 'four-fifths line'],
    rows: spec.sections.flatMap((s) => s.bars.map((b) => [s.name, b.category, b.rate, b.ci?.[0] ?? null, b.ci?.[1] ?? null, b.belowFourFifths, b.small, s.threshold])),
  };
}

export function renderOutcomesBars(spec: OutcomesBarsSpec): string {
  const width = spec.width ?? 640;
  const bars = spec.sections.flatMap((s) => s.bars);
  const labelWidth = Math.max(60, ...spec.sections.map((s) => estimateTextWidth(s.name) + 4), ...bars.map((b) => 12 + estimateTextWidth(barLabel(b))));
  const valueWidth = Math.max(30, ...bars.map((b) => estimateTextWidth(valueLabel(b))));
  const left = 12 + labelWidth + 12;
  const right = width - valueWidth - 20;
  const top = 24;
  const rowsHeight = bars.length * ROW + spec.sections.length * (ROW + SECTION_GAP);
  const height = top + rowsHeight + 54;
  const frame = frameOf(width, height, { top, right: width - right, bottom: 54, left });
  const values = [...bars.flatMap((b) => [b.rate, ...(hasInterval(b.ci) ? b.ci : [])]), ...spec.sections.map((s) => s.threshold)].filter(isDefined);
  const x = scaleLinear().domain([0, Math.max(0.01, ...values)]).nice(8).range([frame.left, frame.right]);

  const blocks: string[] = [];
  let y = frame.top;
  for (const s of spec.sections) {
    const lines = [el('text', { x: 12, y: y + ROW / 2, dy: '0.32em', 'font-weight': 600 }, text(s.name))];
    y += ROW;
    const sectionTop = y;
    for (const b of s.bars) {
      const cy = y + ROW / 2;
      const color = b.belowFourFifths ? VERMILLION : BLUE;
      lines.push(
        el(
          'g',
          { class: `bar${b.belowFourFifths ? ' below' : ''}${b.small ? ' small' : ''}`, 'data-bar': `${s.name}/${b.category}` },
          el('title', {}, text(`${s.name}, ${barLabel(b)}: ${valueLabel(b)}`)),
          el('text', { x: 24, y: cy, dy: '0.32em' }, text(barLabel(b))),
          isDefined(b.rate) &&
            el('rect', {
              x: x(0),
              y: cy - BAR / 2,
              width: Math.max(0, x(b.rate) - x(0)),
              height: BAR,
              fill: b.small ? 'none' : color,
              stroke: color,
              'stroke-width': b.small ? 1.5 : 0,
            }),
          hasInterval(b.ci) && el('line', { class: 'ci', x1: x(b.ci[0]), x2: x(b.ci[1]), y1: cy, y2: cy, stroke: 'currentColor', 'stroke-width': 1.5 }),
          hasInterval(b.ci) && el('line', { x1: x(b.ci[0]), x2: x(b.ci[0]), y1: cy - 4, y2: cy + 4, stroke: 'currentColor', 'stroke-width': 1.5 }),
          hasInterval(b.ci) && el('line', { x1: x(b.ci[1]), x2: x(b.ci[1]), y1: cy - 4, y2: cy + 4, stroke: 'currentColor', 'stroke-width': 1.5 }),
          el('text', { x: width - 12, y: cy, dy: '0.32em', 'text-anchor': 'end', 'font-variant-numeric': 'tabular-nums' }, text(valueLabel(b))),
        ),
      );
      y += ROW;
    }
    if (isDefined(s.threshold)) {
      lines.push(
        el('line', { class: 'four-fifths', x1: x(s.threshold), x2: x(s.threshold), y1: sectionTop - 4, y2: y + 2, stroke: 'currentColor', 'stroke-dasharray': '4 3', 'stroke-opacity': 0.85 }),
        el('text', { x: x(s.threshold) + 4, y: sectionTop - 6, 'font-size': FONT_SIZE - 1, 'fill-opacity': 0.8 }, text(`0.8 × max = ${formatValue(s.threshold)}`)),
      );
    }
    blocks.push(el('g', { class: 'section', 'data-section': s.name }, ...lines));
    y += SECTION_GAP;
  }
  return svgDocument({
    width,
    height,
    title: titleOf(spec),
    desc: textAlternativeOutcomesBars(spec),
    body: [
      axisBottom(frame, linearTicks(x, 5), { label: spec.xLabel ?? 'Selection rate', grid: true }),
      el('text', { x: width - 12, y: frame.top - 8, 'text-anchor': 'end', 'font-size': FONT_SIZE - 1, 'fill-opacity': 0.8 }, 'rate [95% CI]'),
      ...blocks,
    ],
  });
}
