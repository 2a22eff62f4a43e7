/**
 * Confusion matrix (n × n, rows the actual class, columns the predicted one): each cell shows its
 * count and its share of the row; cells are shaded by that share, so each row reads as "of the
 * actual X, how many were predicted as each class". Counts are given, never computed here.
 */
import { el, text, svgDocument, FONT_SIZE } from './svg.ts';
import { formatCount, formatPercent } from './format.ts';
import { estimateTextWidth } from './labels.ts';
import { categoryColor } from './palette.ts';
import type { PlotTable } from './export.ts';

export interface ConfusionSpec {
  /** Class names, the same order for rows and columns, e.g. ["FIT", "NO FIT"]. */
  readonly labels: readonly string[];
  /** counts[actual][predicted]. */
  readonly counts: readonly (readonly number[])[];
  readonly rowLabel?: string;
  readonly columnLabel?: string;
  readonly title?: string;
}

/** Share of the row, in percent; 0 for an empty row. */
function rowShares(counts: readonly (readonly number[])[]): number[][] {
  return counts.map((row) => {
    const total = row.reduce((a, b) => a + b, 0);
    return row.map((c) => (total === 0 ? 0 : (100 * c) / total));
  });
}

/** @throws {RangeError} unless counts is labels.length × labels.length of non-negative integers. */
function check(spec: ConfusionSpec): void {
  const n = spec.labels.length;
  if (n === 0 || spec.counts.length !== n || spec.counts.some((row) => row.length !== n)) throw new RangeError(`counts must be ${n} × ${n}`);
  if (spec.counts.some((row) => row.some((c) => !Number.isInteger(c) || c < 0))) throw new RangeError('counts must be non-negative integers');
}

const rowName = (spec: ConfusionSpec) => spec.rowLabel ?? 'Actual';
const columnName = (spec: ConfusionSpec) => spec.columnLabel ?? 'Predicted';
const titleOf = (spec: ConfusionSpec) => spec.title ?? 'Confusion matrix';

export function textAlternativeConfusion(spec: ConfusionSpec): string {
  check(spec);
  const shares = rowShares(spec.counts);
  const rows = spec.labels.map(
    (actual, i) => `${rowName(spec)} ${actual}: ${spec.labels.map((predicted, j) => `${columnName(spec).toLowerCase()} ${predicted} ${formatCount(spec.counts[i][j])} (${formatPercent(shares[i][j])})`).join(', ')}.`,
  );
  return [`${titleOf(spec)}, rows ${rowName(spec).toLowerCase()}, columns ${columnName(spec).toLowerCase()}, with row percentages.`, ...rows].join(' ');
}

export function tableConfusion(spec: ConfusionSpec): PlotTable {
  check(spec);
  const shares = rowShares(spec.counts);
  return {
    columns: [rowName(spec), columnName(spec), 'count', 'row %'],
    rows: spec.labels.flatMap((actual, i) => spec.labels.map((predicted, j) => [actual, predicted, spec.counts[i][j], shares[i][j]])),
  };
}

export function renderConfusion(spec: ConfusionSpec): string {
  check(spec);
  const n = spec.labels.length;
  const shares = rowShares(spec.counts);
  const cell = Math.max(72, ...spec.labels.map((l) => estimateTextWidth(l) + 12));
  const labelWidth = Math.max(...spec.labels.map((l) => estimateTextWidth(l)));
  const left = 16 + FONT_SIZE + 12 + labelWidth + 8;
  const top = 16 + FONT_SIZE + 10 + FONT_SIZE + 8;
  const totalWidth = estimateTextWidth('n = 000,000');
  const width = left + n * cell + 12 + totalWidth + 12;
  const height = top + n * cell + 16;
  const shade = categoryColor(0);
  const cells = spec.labels.flatMap((actual, i) => {
    const total = spec.counts[i].reduce((a, b) => a + b, 0);
    return [
      ...spec.labels.map((predicted, j) => {
        const x = left + j * cell;
        const y = top + i * cell;
        const count = formatCount(spec.counts[i][j]);
        const share = formatPercent(shares[i][j]);
        return el(
          'g',
          { class: 'cell', 'data-cell': `${actual}/${predicted}` },
          el('title', {}, text(`${rowName(spec)} ${actual}, ${columnName(spec).toLowerCase()} ${predicted}: ${count} (${share} of the row)`)),
          // Shade at most 0.45 opaque: text in currentColor stays readable on light and dark pages.
          el('rect', { x, y, width: cell, height: cell, fill: shade, 'fill-opacity': 0.04 + (0.41 * shares[i][j]) / 100, stroke: 'currentColor', 'stroke-opacity': 0.25 }),
          el('text', { x: x + cell / 2, y: y + cell / 2 - 2, 'text-anchor': 'middle', 'font-size': FONT_SIZE + 5, 'font-weight': i === j ? 700 : 400 }, text(count)),
          el('text', { x: x + cell / 2, y: y + cell / 2 + FONT_SIZE + 4, 'text-anchor': 'middle', 'fill-opacity': 0.8 }, text(share)),
        );
      }),
      el('text', { x: left + n * cell + 12, y: top + i * cell + cell / 2, dy: '0.32em', 'fill-opacity': 0.8 }, text(`n = ${formatCount(total)}`)),
    ];
  });
  const rowTicks = spec.labels.map((l, i) => el('text', { x: left - 8, y: top + i * cell + cell / 2, dy: '0.32em', 'text-anchor': 'end' }, text(l)));
  const columnTicks = spec.labels.map((l, j) => el('text', { x: left + j * cell + cell / 2, y: top - 8, 'text-anchor': 'middle' }, text(l)));
  return svgDocument({
    width,
    height,
    title: titleOf(spec),
    desc: textAlternativeConfusion(spec),
    body: [
      el('text', { class: 'axis-label', x: left + (n * cell) / 2, y: 16 + FONT_SIZE - 2, 'text-anchor': 'middle', 'font-weight': 600 }, text(columnName(spec))),
      el('text', { class: 'axis-label', transform: `translate(${16 + FONT_SIZE - 2},${top + (n * cell) / 2}) rotate(-90)`, 'text-anchor': 'middle', 'font-weight': 600 }, text(rowName(spec))),
      ...rowTicks,
      ...columnTicks,
      el('g', { class: 'cells' }, ...cells),
    ],
  });
}
