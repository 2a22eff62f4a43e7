/**
 * Text as extracted from a PDF or DOCX, made uniform so that the same CV gives the same text
 * whichever file it came in: Unicode NFC, line ends `\n` (CRLF and lone CR), no soft hyphens
 * (U+00AD), no spaces or tabs at the end of a line, at most two blank lines in a row, and no
 * blank lines at the start or end.
 * @example normaliseExtractedText('Cafe\u0301  \r\n\r\n\r\n\r\nco\u00adop') // 'Café\n\n\ncoop'
 */
export function normaliseExtractedText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\u00ad/g, '')
    .replace(/[ \t\u00a0]+$/gm, '')
    .replace(/\n{4,}/g, '\n\n\n')
    .replace(/^\n+|\n+$/g, '');
}
