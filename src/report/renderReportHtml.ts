/**
 * A ReportDocument as one self-contained HTML file: inline CSS (reportStyle.ts), inline SVG, no
 * script, no external request. Deterministic: the same document and timestamp give the same bytes,
 * and the timestamp sits alone on one line (`<p class="generated" …>`), the only line two runs on
 * the same results differ in.
 */
import type { ReportBlock, ReportCell, ReportDocument, ReportSection } from './document.ts';
import { escapeHtml } from './escapeHtml.ts';
import { REPORT_STYLE } from './reportStyle.ts';

/** An inline SVG needs no namespace attribute in HTML: dropping it keeps every URL out of the file. */
const inlineSvg = (svg: string) => svg.replace(/ xmlns="http:\/\/www\.w3\.org\/2000\/svg"/u, '');

/** A table with more columns than this is set smaller in print, so that it fits an A4 or Letter page. */
const WIDE_COLUMNS = 9;

function cellHtml(cell: ReportCell, header: boolean): string {
  if (header) return `<th scope="row">${escapeHtml(cell.text)}</th>`;
  const value = cell.value !== undefined ? ` data-value="${String(cell.value)}"` : '';
  return `<td${cell.numeric ? ' class="num"' : ''}${value}>${escapeHtml(cell.text)}</td>`;
}

function blockHtml(block: ReportBlock, level: number, ids: { figure: number }): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p${block.tone ? ` class="${block.tone}"` : ''}>${escapeHtml(block.text)}</p>`;
    case 'list':
      return `<ul${block.hook ? ` data-report="${block.hook}"` : ''}>\n${block.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('\n')}\n</ul>`;
    case 'facts':
      return `<dl>\n${block.items.map(([t, v]) => `<dt>${escapeHtml(t)}</dt><dd>${escapeHtml(v)}</dd>`).join('\n')}\n</dl>`;
    case 'code':
      return `<p>${escapeHtml(block.label)}</p>\n<pre><code>${escapeHtml(block.text)}</code></pre>`;
    case 'link':
      return `<p>${escapeHtml(block.label)} <a href="${escapeHtml(block.href)}">${escapeHtml(block.text)}</a></p>`;
    case 'figure': {
      const id = `figure-${++ids.figure}`;
      return `<figure aria-labelledby="${id}-title" aria-describedby="${id}-description">\n<figcaption id="${id}-title">${escapeHtml(block.title)}</figcaption>\n${inlineSvg(block.svg)}\n<p class="description" id="${id}-description">${escapeHtml(block.description)}</p>\n</figure>`;
    }
    case 'table': {
      const head = `<thead><tr>${block.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr></thead>`;
      const body = block.rows.map((r) => `<tr>${r.map((c, i) => cellHtml(c, i === 0)).join('')}</tr>`).join('\n');
      const wide = block.columns.length > WIDE_COLUMNS ? ' class="wide"' : '';
      return `<div class="table-wrap" tabindex="0"><table${wide}${block.hook ? ` data-report="${block.hook}"` : ''}>\n<caption>${escapeHtml(block.caption)}</caption>\n${head}\n<tbody>\n${body}\n</tbody>\n</table></div>`;
    }
    case 'subsection': {
      const h = Math.min(level + 1, 6);
      return [`<h${h}>${escapeHtml(block.heading)}</h${h}>`, ...block.blocks.map((b) => blockHtml(b, h, ids))].join('\n');
    }
  }
}

function sectionHtml(section: ReportSection, ids: { figure: number }): string {
  return [`<section id="${section.id}" aria-labelledby="${section.id}-heading">`, `<h2 id="${section.id}-heading">${escapeHtml(section.heading)}</h2>`, ...section.blocks.map((b) => blockHtml(b, 2, ids)), '</section>'].join('\n');
}

/**
 * A CSS string's body: backslashes and quotes escaped, line breaks a space, and `<` as its code
 * point so no text can close the <style> element.
 * @example cssString('a "b" </style>') // 'a \\"b\\" \\3C /style>'
 */
export function cssString(text: string): string {
  return text.replace(/\\/gu, '\\\\').replace(/"/gu, '\\"').replace(/[\r\n]+/gu, ' ').replace(/</gu, '\\3C ');
}

/** The printed pages' running header (top centre) and page numbers (bottom right): CSS page margin boxes. */
function pageMarginStyle(header: string | undefined): string {
  const top = header ? `\n  @top-center { content: "${cssString(header)}"; font: 8pt system-ui, sans-serif; color: #4b5563; }` : '';
  return `@page {${top}\n  @bottom-right { content: counter(page) " / " counter(pages); font: 8pt system-ui, sans-serif; color: #4b5563; }\n}`;
}

/**
 * The report's HTML. `generatedAt` (ISO 8601) is written on its own line.
 * @example renderReportHtml({ title: 'Audit report', sections: [] }, '2026-01-01T00:00:00.000Z').includes('<script') // false
 */
export function renderReportHtml(doc: ReportDocument, generatedAt: string): string {
  const ids = { figure: 0 };
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(doc.title)}</title>`,
    `<style>\n${REPORT_STYLE}\n${pageMarginStyle(doc.runningHeader)}\n</style>`,
    '</head>',
    '<body>',
    '<header>',
    `<h1>${escapeHtml(doc.title)}</h1>`,
    `<p class="generated" data-report="generated">Report generated ${escapeHtml(generatedAt)}</p>`,
    '</header>',
    '<main>',
    ...doc.sections.map((s) => sectionHtml(s, ids)),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
