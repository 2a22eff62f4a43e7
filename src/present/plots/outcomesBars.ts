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
import { axisBottom, bottomMarginFor, frameOf, panelTicks } from './axes.ts';
import { formatValue, formatWithCi, hasInterval, isDefined, listInProse, type Interval } from './format.ts';
import { OKABE_ITO } from './palette.ts';
import { forestLayout } from './forest.ts';
import { estimateTextWidth, type Box } from './labels.ts';
import { verticalAround } from './segments.ts';
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
/** Height of a text line's box, centred on its middle (the rows place text by its middle, dy 0.32em). */
const TEXT_BOX = FONT_SIZE + 4;
/** The four-fifths line passes no nearer to a text than this. */
const TEXT_CLEARANCE = 2;
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
  // The forest plot's columns: labels, bars at least half the width, the printed rates at the
  // right — or stacked under each label on a narrow plot.
  const layout = forestLayout(
    [...spec.sections.map((s) => ({ text: s.name, bold: true, indent: 0 })), ...bars.map((b) => ({ text: barLabel(b), bold: false, indent: 12 }))],
    bars.map(valueLabel),
    width,
  );
  const rowHeight = layout.lines === 1 ? ROW : layout.lines * (ROW - 4) + 4;
  const top = layout.lines === 1 ? 24 : 8;
  // Each section: its name, its bars, and a line naming the four-fifths threshold (when drawn).
  const rowsHeight = bars.length * rowHeight + spec.sections.reduce((h, s) => h + ROW + (isDefined(s.threshold) ? ROW : 0) + SECTION_GAP, 0);
  const xLabel = spec.xLabel ?? 'Selection rate';
  const height = top + rowsHeight - SECTION_GAP + bottomMarginFor(xLabel, layout.panelRight - layout.panelLeft);
  const frame = frameOf(width, height, { top, right: width - layout.panelRight, bottom: height - (top + rowsHeight - SECTION_GAP), left: layout.panelLeft });
  const values = [...bars.flatMap((b) => [b.rate, ...(hasInterval(b.ci) ? b.ci : [])]), ...spec.sections.map((s) => s.threshold)].filter(isDefined);
  const x = scaleLinear().domain([0, Math.max(0.01, ...values)]).nice(8).range([frame.left, frame.right]);

  const blocks: string[] = [];
  let y = frame.top;
  /** A text's box from its anchor, its middle and its width (by estimate, as every plot lays out). */
  const textBox = (x0: number, middle: number, width: number): Box => ({ x: x0, y: middle - TEXT_BOX / 2, width, height: TEXT_BOX });
  for (const s of spec.sections) {
    const lines = [el('text', { x: 12, y: y + ROW / 2, dy: '0.32em', 'font-weight': 600 }, text(s.name))];
    // Every text of the section, which the four-fifths line must not cross.
    const texts: Box[] = [textBox(12, y + ROW / 2, estimateTextWidth(s.name, FONT_SIZE, true))];
    y += ROW;
    const sectionTop = y;
    for (const b of s.bars) {
      const labelY = y + ROW / 2;
      const valueY = layout.lines === 3 ? labelY + ROW - 4 : labelY;
      const cy = layout.lines === 1 ? labelY : valueY + ROW - 4;
      const color = b.belowFourFifths ? VERMILLION : BLUE;
      const valueWidth = estimateTextWidth(valueLabel(b));
      texts.push(textBox(24, labelY, estimateTextWidth(barLabel(b))), textBox(width - 12 - valueWidth, valueY, valueWidth));
      lines.push(
        el(
          'g',
          { class: `bar${b.belowFourFifths ? ' below' : ''}${b.small ? ' small' : ''}`, 'data-bar': `${s.name}/${b.category}` },
          el('title', {}, text(`${s.name}, ${barLabel(b)}: ${valueLabel(b)}`)),
          el('text', { x: 24, y: labelY, dy: '0.32em' }, text(barLabel(b))),
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
          el('text', { class: 'value', x: width - 12, y: valueY, dy: '0.32em', 'text-anchor': 'end', 'font-variant-numeric': 'tabular-nums' }, text(valueLabel(b))),
        ),
      );
      y += rowHeight;
    }
    if (isDefined(s.threshold)) {
      // The threshold is named on a line of its own under the bars, beside the dashed line
      // (left of it where the right side has no room), so it cannot meet a label. Where the rows
      // stack, the panel runs under the labels and printed rates: the line is drawn only in the
      // gaps between them (beside each bar), never through a text.
      const note = `0.8 × max = ${formatValue(s.threshold)}`;
      const room = x(s.threshold) + 4 + estimateTextWidth(note, FONT_SIZE - 1) <= width - 12;
      const at = x(s.threshold);
      const pieces = verticalAround(at, sectionTop - 2, y + ROW / 2, texts, TEXT_CLEARANCE);
      lines.push(
        ...pieces.map(([y1, y2]) => el('line', { class: 'four-fifths', x1: at, x2: at, y1, y2, stroke: 'currentColor', 'stroke-dasharray': '4 3', 'stroke-opacity': 0.85 })),
        el('text', { class: 'four-fifths-label', x: x(s.threshold) + (room ? 4 : -4), y: y + ROW / 2, dy: '0.32em', 'text-anchor': room ? 'start' : 'end', 'font-size': FONT_SIZE - 1, 'fill-opacity': 0.8 }, text(note)),
      );
      y += ROW;
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
      axisBottom(frame, panelTicks(x), { label: xLabel, grid: true }),
      layout.lines === 1 && el('text', { x: width - 12, y: frame.top - 8, 'text-anchor': 'end', 'font-size': FONT_SIZE - 1, 'fill-opacity': 0.8 }, 'rate [95% CI]'),
      ...blocks,
    ],
  });
}
