/**
 * Exports: plots as SVG/PNG, tables as CSV/JSON. `tableToCsv` and `tableToJson` are pure; the
 * two browser helpers touch the DOM only when called.
 */

export type TableCell = string | number | boolean | null | undefined;

/** A plot's numbers as a table: the page's accessible table and the CSV/JSON export. */
export interface PlotTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly TableCell[])[];
}

function checkShape(columns: readonly string[], rows: readonly (readonly TableCell[])[]): void {
  rows.forEach((row, i) => {
    if (row.length !== columns.length) throw new RangeError(`row ${i} has ${row.length} cells for ${columns.length} columns`);
  });
}

/** Numbers at full precision (exports are for re-analysis); missing and non-finite cells are empty. */
function cellText(cell: TableCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return String(cell);
}

/**
 * CSV per RFC 4180: a header line, CRLF line breaks, and a field quoted when it holds a comma, a
 * double quote, CR or LF, with inner quotes doubled.
 * @throws {RangeError} when a row's length differs from the number of columns.
 * @example tableToCsv(['a', 'b'], [['x,y', 1]]) // 'a,b\r\n"x,y",1\r\n'
 */
export function tableToCsv(columns: readonly string[], rows: readonly (readonly TableCell[])[]): string {
  checkShape(columns, rows);
  const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [columns, ...rows].map((row) => row.map((c) => field(cellText(c))).join(',') + '\r\n').join('');
}

/**
 * JSON array with one object per row keyed by column; missing and non-finite numbers become null.
 * @throws {RangeError} when a row's length differs from the number of columns.
 */
export function tableToJson(columns: readonly string[], rows: readonly (readonly TableCell[])[]): string {
  checkShape(columns, rows);
  const objects = rows.map((row) =>
    Object.fromEntries(columns.map((c, i) => {
      const cell = row[i];
      return [c, cell === undefined || (typeof cell === 'number' && !Number.isFinite(cell)) ? null : cell];
    })),
  );
  return JSON.stringify(objects, null, 2) + '\n';
}

/** Browser only: offers `text` as a file download. */
export function downloadText(filename: string, text: string | Blob, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(text instanceof Blob ? text : new Blob([text], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Browser only: rasterises a standalone plot SVG to PNG at `scale` × its viewBox size, on a
 * `background` (default white) with `color` for `currentColor` (default near-black), so the
 * image reads the same outside the page's colour scheme.
 */
export async function svgToPngBlob(svg: string, scale = 2, background = '#ffffff', color = '#1b1f24'): Promise<Blob> {
  const [, , w, h] = (/viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 640 400').split(/\s+/).map(Number);
  const styled = svg.replace('<svg ', `<svg style="color:${color}" `);
  const url = URL.createObjectURL(new Blob([styled], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: Math.round(w * scale), height: Math.round(h * scale) });
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
