/**
 * One CSV record (RFC 4180): a field holding a comma, a quote, CR or LF is
 * quoted, with its quotes doubled; records end in CRLF. Writing is this
 * small; reading CSV is a library's job.
 * @example csvRecord(['a', 'b,c', 'say "hi"']) // 'a,"b,c","say ""hi"""\r\n'
 */
export function csvRecord(cells: readonly (string | number | undefined)[]): string {
  return `${cells.map((c) => csvCell(c === undefined ? '' : String(c))).join(',')}\r\n`;
}

function csvCell(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
