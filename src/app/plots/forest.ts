/**
 * Forest plot: one row per model × language (or model × group) with its estimate and 95% CI,
 * rows grouped under each model, a vertical reference line (0 unless given), one Okabe–Ito colour
 * per language/group with a legend; each row also names its group and prints its numbers, so
 * colour is never the only cue.
 */
import { scaleLinear } from 'd3';
import { el, text, svgDocument, FONT_SIZE } from './svg.ts';
import { axisBottom, fittingTicks, frameOf, legend, squareSwatch } from './axes.ts';
import { formatValue, formatWithCi, hasInterval, isDefined, type Interval } from './format.ts';
import { categoryColors } from './palette.ts';
import { estimateTextWidth } from './labels.ts';
import { paddedDomain } from './scales.ts';
import type { PlotTable } from './export.ts';

export interface ForestRow {
  readonly model: string;
  /** Language or group, e.g. "de" or "female". */
  readonly group: string;
  /** Missing (null or not finite) rows are listed with "n/a" and drawn without a mark. */
  readonly estimate: number | null;
  readonly ci?: Interval | null;
}

export interface ForestSpec {
  /** What the estimate is, e.g. "Mean rank shift". */
  readonly xLabel: string;
  readonly rows: readonly ForestRow[];
  /** Where the vertical reference line goes; 0 by default. */
  readonly reference?: number;
  /** What the groups are ("language", "group"); used in the legend and text. */
  readonly groupLabel?: string;
  readonly title?: string;
  readonly width?: number;
}

const ROW = 20;
const MODEL_GAP = 8;

function titleOf(spec: ForestSpec): string {
  return spec.title ?? `${spec.xLabel} by model and ${spec.groupLabel ?? 'group'}`;
}

/** Models in first-appearance order, each with its rows in input order. */
function byModel(rows: readonly ForestRow[]): Map<string, ForestRow[]> {
  const models = new Map<string, ForestRow[]>();
  for (const r of rows) models.set(r.model, [...(models.get(r.model) ?? []), r]);
  return models;
}

export function textAlternativeForest(spec: ForestSpec): string {
  const reference = spec.reference ?? 0;
  const parts = [...byModel(spec.rows)].map(([model, rows]) => `${model}: ${rows.map((r) => `${r.group} ${formatWithCi(r.estimate, r.ci)}`).join('; ')}.`);
  return [`${titleOf(spec)}, with 95% CIs; reference line at ${formatValue(reference)}.`, ...parts].join(' ');
}

export function tableForest(spec: ForestSpec): PlotTable {
  return {
    columns: ['model', spec.groupLabel ?? 'group', spec.xLabel, 'CI low', 'CI high'],
    rows: spec.rows.map((r) => [r.model, r.group, r.estimate, r.ci?.[0] ?? null, r.ci?.[1] ?? null]),
  };
}

export function renderForest(spec: ForestSpec): string {
  const width = spec.width ?? 640;
  const reference = spec.reference ?? 0;
  const models = byModel(spec.rows);
  const colors = categoryColors(spec.rows.map((r) => r.group));
  const labelWidth = Math.max(60, ...spec.rows.map((r) => estimateTextWidth(r.model) + 4), ...spec.rows.map((r) => 12 + estimateTextWidth(r.group)));
  const valueWidth = Math.max(...spec.rows.map((r) => estimateTextWidth(formatWithCi(r.estimate, r.ci))), 30);
  const left = 12 + labelWidth + 12;
  const right = width - valueWidth - 20;
  const key = legend(
    [...colors].map(([group, color]) => ({ label: group, swatch: squareSwatch(color) })),
    left,
    8,
    right - left,
  );
  const rowsHeight = spec.rows.length * ROW + models.size * (ROW + MODEL_GAP);
  const top = 8 + key.height + 10;
  const height = top + rowsHeight + 54;
  const frame = frameOf(width, height, { top, right: width - right, bottom: 54, left });
  const values = spec.rows.flatMap((r) => [r.estimate, ...(hasInterval(r.ci) ? r.ci : [])]).filter(isDefined);
  const x = scaleLinear().domain(paddedDomain([...values, reference])).nice(8).range([frame.left, frame.right]);

  const blocks: string[] = [];
  let y = frame.top;
  for (const [model, rows] of models) {
    const lines = [el('text', { x: 12, y: y + ROW / 2, dy: '0.32em', 'font-weight': 600 }, text(model))];
    y += ROW;
    for (const r of rows) {
      const cy = y + ROW / 2;
      const color = colors.get(r.group)!;
      const tooltip = `${model}, ${r.group}: ${formatWithCi(r.estimate, r.ci)}`;
      lines.push(
        el(
          'g',
          { class: 'row', 'data-row': `${model}/${r.group}` },
          el('title', {}, text(tooltip)),
          el('text', { x: 24, y: cy, dy: '0.32em' }, text(r.group)),
          hasInterval(r.ci) && el('line', { x1: x(r.ci[0]), x2: x(r.ci[1]), y1: cy, y2: cy, stroke: color, 'stroke-width': 2.5, 'stroke-linecap': 'round' }),
          isDefined(r.estimate) && el('rect', { x: x(r.estimate) - 4, y: cy - 4, width: 8, height: 8, fill: color, stroke: 'currentColor', 'stroke-width': 0.75 }),
          el('text', { x: width - 12, y: cy, dy: '0.32em', 'text-anchor': 'end', 'font-variant-numeric': 'tabular-nums' }, text(formatWithCi(r.estimate, r.ci))),
        ),
      );
      y += ROW;
    }
    blocks.push(el('g', { class: 'model', 'data-model': model }, ...lines));
    y += MODEL_GAP;
  }
  return svgDocument({
    width,
    height,
    title: titleOf(spec),
    desc: textAlternativeForest(spec),
    body: [
      key.markup,
      // As many as 8 ticks, fewer where their labels would collide (a narrow frame between wide side labels).
      axisBottom(frame, fittingTicks(x, 8), { label: spec.xLabel, grid: true }),
      el('line', { class: 'reference', x1: x(reference), x2: x(reference), y1: frame.top, y2: frame.bottom, stroke: 'currentColor', 'stroke-dasharray': '4 3', 'stroke-opacity': 0.8 }),
      el('text', { x: width - 12, y: frame.top - 6, 'text-anchor': 'end', 'font-size': FONT_SIZE - 1, 'fill-opacity': 0.8 }, 'estimate [95% CI]'),
      ...blocks,
    ],
  });
}
