/**
 * The report's one stylesheet, inline in its <style>: readable at 360 px on screen, and a print
 * stylesheet so a browser's Print → PDF gives clean A4 or Letter pages — margins that fit both,
 * sections flowing on (a heading never left at a page's foot), table headers repeated on every
 * page, rows and figures not split, wide tables set small with their numbers allowed to wrap so
 * that every column fits the page. The running header and page numbers are page margin boxes
 * written with the document (renderReportHtml). Commands wrap at spaces, never inside a word; on
 * screen a token too long for its box scrolls inside it. No font is loaded: the system's.
 */
export const REPORT_STYLE = `
:root { color-scheme: light; }
body { margin: 0 auto; max-width: 60rem; padding: 1rem; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1b1f24; background: #fff; overflow-wrap: anywhere; }
h1 { font-size: 1.6rem; margin: 0 0 0.5rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.5rem; border-bottom: 1px solid #c8ccd2; }
h3 { font-size: 1.08rem; margin: 1.25rem 0 0.4rem; }
p, ul, dl { margin: 0.4rem 0; }
.generated { color: #4b5563; font-size: 0.9rem; }
.verdict { border-left: 3px solid #0072b2; padding-left: 0.6rem; }
.notice { border-left: 3px solid #d55e00; padding-left: 0.6rem; }
dl { display: grid; grid-template-columns: minmax(8rem, max-content) 1fr; gap: 0.15rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
.table-wrap { overflow-x: auto; margin: 0.5rem 0 1rem; }
table { border-collapse: collapse; font-size: 0.88rem; }
caption { caption-side: top; text-align: left; font-size: 0.88rem; color: #374151; padding-bottom: 0.25rem; }
th, td { border: 1px solid #c8ccd2; padding: 0.2rem 0.4rem; vertical-align: top; text-align: left; }
thead th { background: #eef1f4; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
figure { margin: 1rem 0; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-weight: 600; }
.description { font-size: 0.88rem; color: #374151; }
pre { white-space: pre-wrap; overflow-wrap: normal; word-break: normal; overflow-x: auto; background: #f4f5f7; padding: 0.5rem; font-size: 0.85rem; }
@media (max-width: 30rem) { body { padding: 0.5rem; font-size: 14px; } dl { grid-template-columns: 1fr; } dd { margin-bottom: 0.3rem; } }
@page { size: auto; margin: 18mm 16mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
  .table-wrap { overflow: visible; }
  table { width: 100%; font-size: 7.5pt; }
  table.wide { font-size: 6.3pt; }
  caption { font-size: 8pt; }
  th, td { padding: 1pt 2pt; overflow-wrap: normal; }
  td.num { white-space: normal; }
  thead { display: table-header-group; }
  tr, figure, pre, dl > * { break-inside: avoid; page-break-inside: avoid; }
  a { color: inherit; }
}
`.trim();
