/**
 * Forest plot: one row per estimate with its 95% CI against a vertical reference line (0 unless
 * given). Rows come in panels (small multiples on one shared x axis: per language, per attribute),
 * and inside a panel under each model. The layout follows the content: the label column is as
 * wide as its longest label (by estimate, labels.ts), the data panel gets at least half the width,
 * and where the printed estimates would squeeze it they drop below the row label instead.
 * Colour says one thing only: which model a mark belongs to, when panels repeat the models (at
 * most seven, never reused); every row is labelled, so there is no legend.
 */
import { scaleLinear } from 'd3';
import { el, text, svgDocument, FONT_SIZE } from './svg.ts';
import { axisBottom, bottomMarginFor, frameOf, panelTicks, type AxisTicks } from './axes.ts';
import { formatValue, formatWithCi, hasInterval, isDefined, type Interval } from './format.ts';
import { OKABE_ITO, distinctColors } from './palette.ts';
import { estimateTextWidth, wrapText } from './labels.ts';
import { paddedDomain } from './scales.ts';
import type { PlotTable } from './export.ts';

export interface ForestRow {
  readonly model: string;
  /** Language or group, e.g. "de" or "female · explicit". */
  readonly group: string;
  /** The small multiple the row belongs to (e.g. the language, or the attribute); none: one panel. */
  readonly panel?: string;
  /** Missing (null or not finite) rows are listed with "n/a" and drawn without a mark. */
  readonly estimate: number | null;
  readonly ci?: Interval | null;
}

export interface ForestSpec {
  /** What the estimate is, e.g. "Mean rank shift". */
  readonly xLabel: string;
  readonly rows: readonly ForestRow[];
  /** Where the vertical reference line goes; 0 by default; null for none. */
  readonly reference?: number | null;
  /** What the groups are ("language", "group"); used in the text and the table. */
  readonly groupLabel?: string;
  /** What the panels are ("language", "attribute"). */
  readonly panelLabel?: string;
  readonly title?: string;
  readonly width?: number;
}

const ROW = 20;
const MODEL_GAP = 6;
/** Space under a panel's rows for its tick labels, and between panels. */
const PANEL_AXIS = 26;
const PANEL_GAP = 10;
const PAD = 12;
/** Line advance inside a stacked row. */
const LINE = ROW - 4;

/** A text of one or more lines, the first centred on `y`. */
function labelText(lines: readonly string[], x: number, y: number, attrs: Record<string, string | number>): string {
  if (lines.length === 1) return el('text', { x, y, dy: '0.32em', ...attrs }, text(lines[0]));
  return el('text', { x, y, dy: '0.32em', ...attrs }, ...lines.map((l, i) => el('tspan', { x, dy: i === 0 ? null : LINE }, text(l))));
}

function titleOf(spec: ForestSpec): string {
  return spec.title ?? `${spec.xLabel} by model and ${spec.groupLabel ?? 'group'}`;
}

/** Items grouped by a key, in first-appearance order. */
function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const t of items) out.set(key(t), [...(out.get(key(t)) ?? []), t]);
  return out;
}

interface Panel {
  readonly name: string | undefined;
  /** Each model with its rows in the panel. */
  readonly models: Map<string, ForestRow[]>;
  /** Every model has one row here: rows are labelled by model, without headings. */
  readonly flat: boolean;
}

function panelsOf(spec: ForestSpec): Panel[] {
  const hasPanels = spec.rows.some((r) => r.panel !== undefined);
  return [...groupBy(spec.rows, (r) => r.panel ?? '')].map(([name, rows]) => {
    const models = groupBy(rows, (r) => r.model);
    return { name: hasPanels ? name : undefined, models, flat: hasPanels && [...models.values()].every((m) => m.length === 1) };
  });
}

const rowLabel = (panel: Panel, r: ForestRow) => (panel.flat ? r.model : r.group);

export function textAlternativeForest(spec: ForestSpec): string {
  const reference = spec.reference === undefined ? 0 : spec.reference;
  const head = `${titleOf(spec)}, with 95% CIs; ${reference === null ? 'no reference line' : `reference line at ${formatValue(reference)}`}.`;
  const parts = panelsOf(spec).map((p) => {
    const models = [...p.models].map(([model, rows]) => (p.flat ? `${model} ${formatWithCi(rows[0].estimate, rows[0].ci)}` : `${model}: ${rows.map((r) => `${r.group} ${formatWithCi(r.estimate, r.ci)}`).join('; ')}`));
    return p.name === undefined ? models.map((m) => `${m}.`).join(' ') : `${spec.panelLabel ?? 'panel'} ${p.name}: ${models.join('; ')}.`;
  });
  return [head, ...parts].join(' ');
}

export function tableForest(spec: ForestSpec): PlotTable {
  const hasPanels = spec.rows.some((r) => r.panel !== undefined);
  const panelColumn = hasPanels && spec.panelLabel !== undefined && spec.panelLabel !== spec.groupLabel;
  return {
    columns: [...(panelColumn ? [spec.panelLabel!] : []), 'model', spec.groupLabel ?? 'group', spec.xLabel, 'CI low', 'CI high'],
    rows: spec.rows.map((r) => [...(panelColumn ? [r.panel ?? null] : []), r.model, r.group, r.estimate, r.ci?.[0] ?? null, r.ci?.[1] ?? null]),
  };
}

/** The column layout: label, data panel, printed estimates; or each row on stacked lines. */
export interface ForestLayout {
  readonly labelWidth: number;
  readonly valueWidth: number;
  /**
   * 1: label, mark and printed estimate on one line (estimates in a column at the right);
   * 2: label and estimate on a line, the mark under them across the full width;
   * 3: label, estimate and mark each on a line of their own (a narrow screen and long labels).
   */
  readonly lines: 1 | 2 | 3;
  readonly panelLeft: number;
  readonly panelRight: number;
}

/**
 * Where the columns go at `width`: labels as wide as the longest (estimated) label and the printed
 * estimates at the right, if the data panel between them still gets half the width; else the
 * rows stack (the estimate beside or under the label, the mark across the whole width below).
 */
export function forestLayout(labels: readonly { text: string; bold: boolean; indent: number }[], values: readonly string[], width: number): ForestLayout {
  const labelWidth = Math.max(40, ...labels.map((l) => l.indent + estimateTextWidth(l.text, FONT_SIZE, l.bold)));
  const valueWidth = Math.max(30, ...values.map((v) => estimateTextWidth(v)));
  const panelLeft = PAD + labelWidth + PAD;
  const besideRight = width - PAD - valueWidth - 16;
  if (besideRight - panelLeft >= width / 2) return { labelWidth, valueWidth, lines: 1, panelLeft, panelRight: besideRight };
  const sideBySide = PAD + labelWidth + 16 + valueWidth + PAD <= width;
  return { labelWidth, valueWidth, lines: sideBySide ? 2 : 3, panelLeft: PAD + 12, panelRight: width - 2 * PAD };
}

export function renderForest(spec: ForestSpec): string {
  const width = spec.width ?? 640;
  const reference = spec.reference === undefined ? 0 : spec.reference;
  const panels = panelsOf(spec);
  const modelNames = [...new Set(spec.rows.map((r) => r.model))];
  const colours = panels.some((p) => p.name !== undefined) ? distinctColors(modelNames) : undefined;
  const colourOf = (model: string) => colours?.get(model) ?? OKABE_ITO[0];
  const labels = panels.flatMap((p) => [
    ...(p.name !== undefined ? [{ text: p.name, bold: true, indent: 0 }] : []),
    ...[...p.models].flatMap(([model, rows]) => (p.flat ? rows.map((r) => ({ text: r.model, bold: false, indent: 12 })) : [{ text: model, bold: true, indent: 0 }, ...rows.map((r) => ({ text: r.group, bold: false, indent: 12 }))])),
  ]);
  const layout = forestLayout(labels, spec.rows.map((r) => formatWithCi(r.estimate, r.ci)), width);
  /** A label as lines: whole in the one-line layout (its column fits it), wrapped to the width when stacked. */
  const wrapLabel = (label: string, bold: boolean, indent: number) => (layout.lines === 1 ? [label] : wrapText(label, width - 2 * PAD - indent, FONT_SIZE, bold));
  const values = spec.rows.flatMap((r) => [r.estimate, ...(hasInterval(r.ci) ? r.ci : [])]).filter(isDefined);
  const x = scaleLinear()
    .domain(paddedDomain([...values, ...(reference === null ? [] : [reference])]))
    .nice(8)
    .range([layout.panelLeft, layout.panelRight]);
  const ticks: AxisTicks = panelTicks(x);
  const top = layout.lines === 1 ? 24 : 8;
  const blocks: string[] = [];
  let y = top;
  panels.forEach((panel, pi) => {
    const marks: string[] = [];
    if (panel.name !== undefined) {
      const title = wrapLabel(panel.name, true, 0);
      marks.push(labelText(title, PAD, y + ROW / 2, { class: 'panel-title', 'font-weight': 600 }));
      y += ROW + (title.length - 1) * LINE;
    }
    const rowsTop = y;
    for (const [model, rows] of panel.models) {
      const lines: string[] = [];
      if (!panel.flat) {
        const heading = wrapLabel(model, true, 0);
        lines.push(labelText(heading, PAD, y + ROW / 2, { 'font-weight': 600 }));
        y += ROW + (heading.length - 1) * LINE;
      }
      for (const r of rows) {
        const labelY = y + ROW / 2;
        const value = formatWithCi(r.estimate, r.ci);
        // One line: the mark beside the label. Stacked: the label (wrapped to the width), the
        // estimate beside its last line where it fits or on a line of its own, the mark below.
        const label = wrapLabel(rowLabel(panel, r), false, 12);
        const beside = layout.lines === 1 || PAD + 12 + estimateTextWidth(label[label.length - 1]) + 16 + estimateTextWidth(value) + PAD <= width;
        const valueY = labelY + (label.length - 1 + (beside ? 0 : 1)) * LINE;
        const markY = layout.lines === 1 ? labelY : valueY + LINE;
        const colour = colourOf(model);
        lines.push(
          el(
            'g',
            { class: 'row', 'data-row': [panel.name, model, r.group].filter((s) => s !== undefined).join('/') },
            el('title', {}, text(`${panel.name !== undefined ? `${panel.name}, ` : ''}${model}, ${r.group}: ${value}`)),
            labelText(label, PAD + 12, labelY, {}),
            hasInterval(r.ci) && el('line', { x1: x(r.ci[0]), x2: x(r.ci[1]), y1: markY, y2: markY, stroke: colour, 'stroke-width': 2.5, 'stroke-linecap': 'round' }),
            isDefined(r.estimate) && el('rect', { x: x(r.estimate) - 4, y: markY - 4, width: 8, height: 8, fill: colour, stroke: 'currentColor', 'stroke-width': 0.75 }),
            el('text', { class: 'value', x: width - PAD, y: valueY, dy: '0.32em', 'text-anchor': 'end', 'font-variant-numeric': 'tabular-nums' }, text(value)),
          ),
        );
        y += layout.lines === 1 ? ROW : markY - y + ROW / 2 + 2;
      }
      marks.push(el('g', { class: 'model', 'data-model': model }, ...lines));
      y += panel.flat ? 0 : MODEL_GAP;
    }
    const last = pi === panels.length - 1;
    const frame = frameOf(width, y + 4, { top: rowsTop - 4, right: width - layout.panelRight, bottom: 0, left: layout.panelLeft });
    blocks.push(
      el(
        'g',
        { class: 'panel', 'data-panel': panel.name },
        axisBottom(frame, ticks, { label: last ? spec.xLabel : undefined, grid: true }),
        reference !== null && el('line', { class: 'reference', x1: x(reference), x2: x(reference), y1: frame.top, y2: frame.bottom, stroke: 'currentColor', 'stroke-dasharray': '4 3', 'stroke-opacity': 0.8 }),
        ...marks,
      ),
    );
    y += 4 + (last ? 0 : PANEL_AXIS + PANEL_GAP);
  });
  const height = y + bottomMarginFor(spec.xLabel, layout.panelRight - layout.panelLeft);
  return svgDocument({
    width,
    height,
    title: titleOf(spec),
    desc: textAlternativeForest(spec),
    body: [
      layout.lines === 1 && el('text', { x: width - PAD, y: 14, 'text-anchor': 'end', 'font-size': FONT_SIZE - 1, 'fill-opacity': 0.8 }, 'estimate [95% CI]'),
      ...blocks,
    ],
  });
}
